// The UNO-like game (../uno.mjs) as a boardgame.io 0.50 game: G holds every hand and the deck;
// `playerView` gives each player its own hand and the others' counts (and no deck). Moves run
// on the server only (`client: false`): the clients never hold what they may not see.


import { createRequire } from "node:module";

import { SEATS, deal, draw, play, playable, refusal } from "../uno.mjs";

// boardgame.io ships CommonJS entry points (directories), which only require() resolves.
const require = createRequire(import.meta.url);
const { INVALID_MOVE } = require("boardgame.io/core");

const top = (G) => G.pile[G.pile.length - 1];

export const Uno = {
  name: "uno",
  minPlayers: SEATS,
  maxPlayers: SEATS,
  setup: ({ random }) => deal((array) => random.Shuffle(array)),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    play: {
      client: false,
      move: ({ G, playerID, random }, card) => {
        const seat = Number(playerID);
        if (refusal(G, seat, card) !== null) return INVALID_MOVE;
        if (play(G, seat, card)) Object.assign(G, deal((array) => random.Shuffle(array)));
        return undefined; // G, a draft, was changed in place
      },
    },
    draw: {
      client: false,
      move: ({ G, playerID, random }) => {
        const seat = Number(playerID);
        if (playable(G.hands[seat], top(G)).length > 0) return INVALID_MOVE;
        draw(G, seat, (array) => random.Shuffle(array));
        return undefined;
      },
    },
  },
  playerView: ({ G, playerID }) => ({
    top: top(G),
    hand: playerID === null ? [] : G.hands[Number(playerID)],
    counts: G.hands.map((hand) => hand.length),
  }),
};
