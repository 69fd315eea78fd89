// The boardgame.io server (its own Koa + socket.io server, matches kept in memory) serving the
// UNO-like game of game.mjs.
//
//     node server.mjs PORT


import { createRequire } from "node:module";

import { Uno } from "./game.mjs";

// boardgame.io ships CommonJS entry points (directories), which only require() resolves.
const require = createRequire(import.meta.url);
const { Server } = require("boardgame.io/server");

const server = Server({ games: [Uno] });
await server.run({ port: Number(process.argv[2]) });
