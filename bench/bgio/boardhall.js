// Closed-loop Node client for Boardhall's side of bench/bench_vs_bgio.py --node, the counterpart of client.js:
// K tables of the race game made through Boardhall's HTTP API (two guests each), both players connected by
// websocket speaking docs/protocol.md as the site's table page does (static/js/table.js): each keeps its view,
// applies every patch with the same JSON Patch module the page loads, asks for the ack inside its move's patch
// (ack_in_patch) and plays an action from its own view's `legal`. The player to move sends as soon as its own
// socket holds the previous move's patch; the latency is taken at the mover, from the send to the patch carrying
// its ack. Prints one JSON line at the end, with client.js's keys.
//   node boardhall.js --tables 50 --seconds 10 [--warmup 1] [--url http://127.0.0.1:8000] [--pid SERVER_PID]
const fs = require('fs');
const path = require('path');
const { isDeepStrictEqual } = require('util');
const WebSocket = require('ws');

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const tables = Number(option('--tables', 50));
const seconds = Number(option('--seconds', 10));
const warmup = Number(option('--warmup', 1));
const url = option('--url', 'http://127.0.0.1:8000').replace(/\/$/, '');
const serverPid = option('--pid', null);

// The server and its children (the move writer's process), as bench_ws.py's family(): utime + stime in ticks.
function cpuTicks() {
  if (!serverPid) return null;
  const pids = [serverPid];
  try {
    for (const task of fs.readdirSync(`/proc/${serverPid}/task`)) {
      const kids = fs.readFileSync(`/proc/${serverPid}/task/${task}/children`, 'utf8').trim();
      if (kids) pids.push(...kids.split(/\s+/));
    }
  } catch (e) { /* the server is gone: count what is left */ }
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop().trim().split(/\s+/);
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch (e) { /* exited */ }
  }
  return ticks;
}

async function request(method, route, cookie, body) {
  const headers = { 'Content-Type': 'application/json' };
  if (cookie) headers.Cookie = cookie;
  const r = await fetch(url + route, { method, headers, body: JSON.stringify(body ?? {}) });
  if (!r.ok) throw new Error(`${route}: ${r.status} ${await r.text()}`);
  return r;
}

async function guest(name) {
  const r = await request('POST', '/api/session', null, { nickname: name });
  return r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function makeTable(i) {
  const cookies = [await guest(`A${i}`), await guest(`B${i}`)];
  const made = await request('POST', '/api/tables', cookies[0], { game: 'race', options: { first_player: 0 } });
  const { id } = await made.json();
  await request('POST', `/api/tables/${id}/join`, cookies[1], {});
  await request('POST', `/api/tables/${id}/start`, cookies[0], {});
  return { id, cookies };
}

function percentile(values, q) {
  if (!values.length) return null;
  const v = [...values].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.floor(q * v.length))];
}

const stats = { latencies: [], moves: 0, movesAll: 0, patches: 0, gaps: 0, errors: 0, measuring: false,
  viewsChecked: 0, viewsDiffering: 0 };
let stopAt = Infinity;

function playTable({ id, cookies }, applyPatch) {
  const table = { seats: [], mover: null, sentAt: null, nextId: 1, done: false, started: false };
  table.finished = new Promise((resolve) => { table.finish = resolve; });
  const wsUrl = url.replace(/^http/, 'ws') + `/ws/tables/${id}`;
  table.ready = Promise.all(cookies.map((cookie, seat) => new Promise((resolve, reject) => {
    const player = { ws: new WebSocket(wsUrl, { headers: { Cookie: cookie }, perMessageDeflate: false }),
      view: null, version: null };
    table.seats.push(player);
    player.ws.on('error', reject);
    player.ws.on('message', (raw) => {
      const msg = JSON.parse(raw);
      if (msg.type === 'snapshot') {
        if (player.checked) { // the end of the run: the view built from patches must be the server's own
          stats.viewsChecked += 1;
          if (!isDeepStrictEqual(player.view, msg.view) || player.version !== msg.version) stats.viewsDiffering += 1;
          player.checked();
          return;
        }
        player.view = msg.view;
        player.version = msg.version;
        resolve();
      } else if (msg.type === 'patch') {
        if (player.version === null || msg.version !== player.version + 1) {
          stats.gaps += 1; // the page would ask for a snapshot; none is expected here
          player.ws.send(JSON.stringify({ type: 'sync' }));
          return;
        }
        player.view = applyPatch(player.view, msg.ops, false, false).newDocument;
        player.version = msg.version;
        stats.patches += 1;
        if (seat === table.mover && msg.ack !== undefined && table.sentAt !== null) {
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
        maybeMove(table);
      } else if (msg.type === 'error') {
        stats.errors += 1;
        if (stats.errors <= 3) console.error('error:', JSON.stringify(msg));
        table.done = true;
        table.finish();
      }
    });
  })));
  return table;
}

// The seat whose own view says it is to move, on the newest version, moves (the mover's patch and the other's
// may come in either order: whichever makes the condition true starts the next move).
function maybeMove(table) {
  if (!table.started || table.done || table.sentAt !== null) return;
  const newest = Math.max(...table.seats.map((p) => p.version));
  for (let seat = 0; seat < 2; seat++) {
    const p = table.seats[seat];
    if (p.version === newest && p.view && p.view.game.turn === seat && p.view.legal.length) {
      table.mover = seat;
      table.sentAt = performance.now();
      p.ws.send(JSON.stringify({ type: 'act', id: table.nextId++, version: p.version, action: p.view.legal[0],
        ack_in_patch: true }));
      return;
    }
  }
}

async function main() {
  // The page's own JSON Patch module (an ES module without a build step).
  const vendor = path.resolve(__dirname, '../../static/vendor/fast-json-patch-3.1.1/core.mjs');
  const { applyPatch } = await import(vendor);
  // At most 8 tables set up at a time, as bench_ws.py and client.js do.
  const made = new Array(tables);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(8, tables) }, async () => {
    while (next < tables) {
      const i = next++;
      made[i] = await makeTable(i);
    }
  }));
  const games = made.map((t) => playTable(t, applyPatch));
  await Promise.all(games.map((g) => g.ready));
  await new Promise((r) => setTimeout(r, 500)); // every socket has its snapshot before the clock starts
  stopAt = performance.now() + (warmup + seconds) * 1000;
  games.forEach((g) => { g.started = true; maybeMove(g); });
  await new Promise((r) => setTimeout(r, warmup * 1000));
  const cpu0 = cpuTicks();
  const clientCpu0 = process.cpuUsage();
  const start = performance.now();
  stats.measuring = true;
  await Promise.race([Promise.all(games.map((g) => g.finished)),
    new Promise((r) => setTimeout(r, (seconds + 30) * 1000))]);
  const elapsed = (performance.now() - start) / 1000;
  const cpu1 = cpuTicks();
  const clientCpu = process.cpuUsage(clientCpu0);
  const unfinished = games.filter((g) => !g.done).length;
  // Each socket asks for a snapshot (after any patch still on its way) and compares it with its patched view.
  await Promise.race([Promise.all(games.flatMap((g) => g.seats.map((p) => new Promise((resolve) => {
    p.checked = resolve;
    p.ws.send(JSON.stringify({ type: 'sync' }));
  })))), new Promise((r) => setTimeout(r, 30000))]);
  games.forEach((g) => g.seats.forEach((p) => p.ws.close()));
  const lat = stats.latencies;
  const round = (x) => (x === null ? null : Math.round(x * 100) / 100);
  console.log(JSON.stringify({
    side: 'boardhall-node', tables, seconds, warmup,
    moves: stats.moves, elapsed: round(elapsed), moves_per_s: round(stats.moves / elapsed),
    p50_ms: round(percentile(lat, 0.5)), p95_ms: round(percentile(lat, 0.95)), p99_ms: round(percentile(lat, 0.99)),
    server_cpu_ticks: cpu0 === null ? null : cpu1 - cpu0, client_cpu_s: (clientCpu.user + clientCpu.system) / 1e6,
    moves_including_warmup: stats.movesAll, patches_seen: stats.patches, version_gaps: stats.gaps,
    errors: stats.errors, unfinished_tables: unfinished,
    views_checked: stats.viewsChecked, views_differing: stats.viewsDiffering,
  }));
  process.exit(0);
}

main().catch((e) => { console.error(e); process.exit(1); });
