// The boardgame.io server (its own Koa + socket.io server, matches kept in memory) serving the
// UNO-like game of game.mjs.
//
//     node server.mjs PORT


import { createRequire } from "node:module";

import "../collect.mjs";
import { Uno } from "./game.mjs";

// boardgame.io ships CommonJS entry points (directories), which only require() resolves.
const require = createRequire(import.meta.url);
const { Server } = require("boardgame.io/server");

const server = Server({ games: [Uno] });
// On loopback only, as the other two servers listen: `run` hands `port` to Node's
// `server.listen`, which takes an address with it as an object.
await server.run({ port: { port: Number(process.argv[2]), host: "127.0.0.1" } });
