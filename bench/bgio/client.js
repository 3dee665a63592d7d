// Closed-loop client for boardgame.io's side of bench/bench_vs_bgio.py, the counterpart of bench/bench_ws.py:
// K matches of the race game made through the lobby API, two players joined to each with credentials, both
// connected with boardgame.io's Client over its SocketIO transport. The player to move sends the next move as soon
// as its own client holds the state of the previous move; the latency is taken at the mover, from the send to the
// update that carries the new count. Prints one JSON line at the end.
//   node client.js --tables 50 --seconds 10 [--warmup 1] [--url http://127.0.0.1:8001] [--pid SERVER_PID]
const fs = require('fs');
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { Race, CELLS } = require('./race');

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const tables = Number(option('--tables', 50));
const seconds = Number(option('--seconds', 10));
const warmup = Number(option('--warmup', 1));
const url = option('--url', 'http://127.0.0.1:8001').replace(/\/$/, '');
const serverPid = option('--pid', null);

// utime + stime of the server in clock ticks (the caller divides by its CLK_TCK): node has no sysconf.
function cpuTicks() {
  if (!serverPid) return null;
  const fields = fs.readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(')').pop().trim().split(/\s+/);
  return Number(fields[11]) + Number(fields[12]);
}

async function post(path, body) {
  const r = await fetch(url + path, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

async function makeMatch(i) {
  const { matchID } = await post('/games/race/create', { numPlayers: 2 });
  const creds = [];
  for (const playerID of ['0', '1']) {
    const { playerCredentials } = await post(`/games/race/${matchID}/join`, { playerID, playerName: `P${playerID}-${i}` });
    creds.push(playerCredentials);
  }
  return { matchID, creds };
}

function percentile(values, q) {
  if (!values.length) return null;
  const v = [...values].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.floor(q * v.length))];
}

const stats = { latencies: [], moves: 0, movesAll: 0, updates: 0, jumps: 0, measuring: false };
let stopAt = Infinity;

function playTable({ matchID, creds }) {
  const table = { clients: [], mover: null, pending: null, sentAt: null, acted: [-1, -1], seen: [-1, -1], done: false };
  let finish;
  table.finished = new Promise((resolve) => { finish = resolve; });
  table.ready = Promise.all(['0', '1'].map((playerID, seat) => new Promise((resolve) => {
    const client = Client({
      game: Race, numPlayers: 2, matchID, playerID, credentials: creds[seat], debug: false,
      // Straight to a websocket (no long-polling first), one connection per player as in a browser.
      multiplayer: SocketIO({ server: url, socketOpts: { transports: ['websocket'], forceNew: true } }),
    });
    client.subscribe((state) => {
      if (!state) return;
      resolve();
      onState(table, seat, state);
    });
    client.start();
    table.clients.push(client);
  })));
  table.go = () => {
    table.started = true;
    table.clients.forEach((c, seat) => { const s = c.getState(); if (s) onState(table, seat, s); });
  };
  table.finish = finish;
  return table;
}

function onState(table, seat, state) {
  const count = state.G.count;
  if (count !== table.seen[seat]) {
    // An update skipped (count grew by more than one) would mean this client missed one.
    if (table.seen[seat] >= 0 && count > table.seen[seat] + 1) stats.jumps += 1;
    if (table.seen[seat] >= 0) stats.updates += 1;
    table.seen[seat] = count;
  }
  if (!table.started || table.done) return;
  if (seat === table.mover && count === table.pending && table.sentAt !== null) {
    stats.movesAll += 1;
    if (stats.measuring) {
      stats.latencies.push(performance.now() - table.sentAt);
      stats.moves += 1;
    }
    table.sentAt = null;
    if (performance.now() >= stopAt) {
      table.done = true;
      table.finish();
      return;
    }
  }
  if (table.sentAt !== null) return;
  // The mover's update and the next player's may come in either order: whoever comes second starts the next move.
  for (const s of [seat, 1 - seat]) {
    const st = s === seat ? state : table.clients[s].getState();
    // Its turn on a state it has not acted on yet (the client also notifies on its own dispatch of the move).
    if (st && st.ctx.currentPlayer === String(s) && table.acted[s] !== st.G.count && st.G.count >= count) {
      table.acted[s] = st.G.count;
      table.mover = s;
      table.pending = st.G.count + 1;
      table.sentAt = performance.now();
      table.clients[s].moves.mark(st.G.count % CELLS);
      return;
    }
  }
}

async function main() {
  // At most 8 matches set up at a time, as bench_ws.py does.
  const made = new Array(tables);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(8, tables) }, async () => {
    while (next < tables) {
      const i = next++;
      made[i] = await makeMatch(i);
    }
  }));
  const games = made.map(playTable);
  await Promise.all(games.map((g) => g.ready));
  await new Promise((r) => setTimeout(r, 500)); // every client has its sync before the clock starts
  const begin = performance.now();
  stopAt = begin + (warmup + seconds) * 1000;
  games.forEach((g) => g.go());
  await new Promise((r) => setTimeout(r, warmup * 1000));
  const cpu0 = cpuTicks();
  const clientCpu0 = process.cpuUsage();
  const start = performance.now();
  stats.measuring = true;
  // A table whose last move never comes back must not hang the run.
  await Promise.race([Promise.all(games.map((g) => g.finished)),
    new Promise((r) => setTimeout(r, (seconds + 30) * 1000))]);
  const elapsed = (performance.now() - start) / 1000;
  const cpu1 = cpuTicks();
  const clientCpu = process.cpuUsage(clientCpu0);
  const unfinished = games.filter((g) => !g.done).length;
  games.forEach((g) => g.clients.forEach((c) => c.stop()));
  const lat = stats.latencies;
  const round = (x) => (x === null ? null : Math.round(x * 100) / 100);
  console.log(JSON.stringify({
    side: 'boardgame.io', version: require('boardgame.io/package.json').version, tables, seconds, warmup,
    moves: stats.moves, elapsed: round(elapsed), moves_per_s: round(stats.moves / elapsed),
    p50_ms: round(percentile(lat, 0.5)), p95_ms: round(percentile(lat, 0.95)), p99_ms: round(percentile(lat, 0.99)),
    server_cpu_ticks: cpu0 === null ? null : cpu1 - cpu0, client_cpu_s: (clientCpu.user + clientCpu.system) / 1e6,
    moves_including_warmup: stats.movesAll, updates_seen: stats.updates, updates_skipped: stats.jumps, unfinished_tables: unfinished,
  }));
  process.exit(0);
}

main().catch((e) => { console.error(e); process.exit(1); });
