// boardgame.io 0.50 server for the side-by-side benchmark (bench/bench_vs_bgio.py): the race game, in-memory
// storage (the default), lobby API and socket.io on one port.
//   node server.js [--port 8001] [--delta-state]      (or PORT=8001)
const { Server, Origins } = require('boardgame.io/server');
const { Race } = require('./race');

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const port = Number(option('--port', process.env.PORT || 8001));
// --delta-state: send JSON Patch diffs instead of whole states, as Boardhall does (boardgame.io's default is off).
const game = process.argv.includes('--delta-state') ? { ...Race, deltaState: true } : Race;

const server = Server({ games: [game], origins: [Origins.LOCALHOST] });
server.run({ port, callback: () => console.log(`boardgame.io server on port ${port} (pid ${process.pid})`) });

process.on('SIGTERM', () => process.exit(0));
