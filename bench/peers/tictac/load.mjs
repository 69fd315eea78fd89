// Load on `tictac serve` through the same loop as the peers' clients (../load.mjs), so that the
// three servers meet one kind of client: Node, parsing every state it is sent. tictac's own
// client is its web page; this speaks the same protocol (docs/protocol.md) over the `ws`
// package: rooms made and joined over HTTP, a `hello` with each place's token, the host's
// `start`, then each seat plays one of the moves its view lists as legal, with an `id` as the
// web client sends every action (so the server acknowledges each), and pings as the web client
// does (keepalive.js: what a host pays for its clients' pings is in the figure). The game is
// Timo's Twist.
//
//     node load.mjs --port PORT [--rooms 200 --warmup 2 --seconds 8 --think 0 --then-idle]

import WebSocket from "ws";

import { pingDue, TICK_MS } from "../../../src/tictac/web/static/keepalive.js";
import { drive, options, post } from "../load.mjs";
import { SEATS } from "../uno.mjs";

const base = `http://127.0.0.1:${options().port}`;
const OPTIONS = { target_score: 10000, timo_grace_ms: 0 }; // as bench/server_load.py's rooms

function open(code, token, onMessage) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace("http", "ws")}/ws/${code}`, { perMessageDeflate: false });
    const times = {};
    const ping = () => {
      times.pingedAt = Date.now();
      socket.send(JSON.stringify({ type: "ping", t: times.pingedAt }));
    };
    socket.on("open", () => {
      times.openedAt = times.heardAt = Date.now();
      socket.send(JSON.stringify({ type: "hello", token }));
      ping();
      const ticks = setInterval(() => { if (pingDue(Date.now(), times)) ping(); }, TICK_MS);
      socket.on("close", () => clearInterval(ticks));
      resolve(socket);
    });
    socket.on("error", reject);
    socket.on("message", (data) => {
      const message = JSON.parse(data);
      if (message.type !== "pong") times.heardAt = Date.now();
      onMessage(message);
    });
  });
}

async function connectRoom(_room, onState) {
  const made = await post(base, "/api/rooms", { game: "timos-twist", name: "P0", options: OPTIONS });
  const tokens = [made.token];
  for (let seat = 1; seat < SEATS; seat++) {
    tokens.push((await post(base, `/api/rooms/${made.code}/join`, { name: `P${seat}` })).token);
  }
  const handles = [];
  let host = null;
  for (let seat = 0; seat < SEATS; seat++) {
    const handle = { seat };
    const socket = await open(made.code, tokens[seat], (message) => {
      if (message.type === "error") onState(handle, { error: message.code });
      if (message.type !== "view") return;
      const { view } = message;
      onState(handle, {
        version: message.version, toAct: view.over ? -1 : view.to_act[0], moves: view.legal,
      });
    });
    handle.play = (action) => socket.send(JSON.stringify({ type: "action", action, id: handle.latest.version + 1 }));
    handles.push(handle);
    host ??= socket;
  }
  host.send(JSON.stringify({ type: "lobby", op: "start" }));
  return handles;
}

await drive(connectRoom);
