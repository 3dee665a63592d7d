// The race micro-game of app/games/race/rules.py as a boardgame.io game, shared by server.js and client.js.
// Two players alternate; a move writes the mover's seat into the next of 64 cells (round robin) and increments
// a counter. Each player's hand of 5 numbers lives under G.players and is stripped from the other's view.
const { INVALID_MOVE, PlayerView } = require('boardgame.io/core');

const CELLS = 64;

const Race = {
  name: 'race',
  setup: ({ random }) => ({
    cells: new Array(CELLS).fill(null),
    count: 0,
    players: {
      0: { hand: Array.from({ length: 5 }, () => random.Die(99)) },
      1: { hand: Array.from({ length: 5 }, () => random.Die(99)) },
    },
  }),
  // One move per turn; the default turn order then hands the turn to the other player.
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    mark: {
      move: ({ G, playerID }, cell) => {
        if (cell !== G.count % CELLS) return INVALID_MOVE;
        G.cells[cell] = Number(playerID);
        G.count += 1;
      },
      // No optimistic update on the client: the mover's state changes only when the server's update arrives,
      // which is the act->update latency we measure (Boardhall's client has no local rules either).
      client: false,
    },
  },
  playerView: PlayerView.STRIP_SECRETS,
};

module.exports = { Race, CELLS };
