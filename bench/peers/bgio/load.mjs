// Load on the boardgame.io server (server.mjs) through boardgame.io's own client, with its
// SocketIO multiplayer: a match made and joined through the server's lobby API, then each
// client subscribed to the state its player may see.
//
//     node load.mjs --port PORT [--rooms 200 --warmup 2 --seconds 8 --think 0 --then-idle]


import { createRequire } from "node:module";

import { drive, options, post } from "../load.mjs";
import { SEATS } from "../uno.mjs";
import { Uno } from "./game.mjs";

// boardgame.io ships CommonJS entry points (directories), which only require() resolves.
const require = createRequire(import.meta.url);
const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");

const base = `http://127.0.0.1:${options().port}`;

async function connectRoom(_room, onState) {
  const { matchID } = await post(base, "/games/uno/create", { numPlayers: SEATS });
  const handles = [];
  for (let seat = 0; seat < SEATS; seat++) {
    const { playerCredentials } = await post(base, `/games/uno/${matchID}/join`,
      { playerID: String(seat), playerName: `P${seat}` });
    const client = Client({
      game: Uno, matchID, playerID: String(seat), credentials: playerCredentials,
      // straight to a WebSocket, as the other clients connect (socket.io would poll first)
      multiplayer: SocketIO({ server: base, socketOpts: { transports: ["websocket"] } }),
      debug: false,
    });
    const handle = {
      seat,
      play: (card) => client.moves.play(card),
      draw: () => client.moves.draw(),
    };
    client.subscribe((state) => {
      if (state === null || !state.isConnected) return;
      onState(handle, {
        version: state._stateID, toAct: Number(state.ctx.currentPlayer),
        top: state.G.top, hand: state.G.hand,
      });
    });
    client.start();
    handles.push(handle);
  }
  return handles;
}

await drive(connectRoom);
