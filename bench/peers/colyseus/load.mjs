// Load on the Colyseus server (server.mjs) through Colyseus's own client, colyseus.js: each
// client decodes the patches into its copy of the state, which holds its own hand only.
//
//     node load.mjs --port PORT [--rooms 200 --warmup 2 --seconds 8 --think 0 --then-idle]

import { Client } from "colyseus.js";

import { drive, options } from "../load.mjs";
import { SEATS } from "../uno.mjs";

const client = new Client(`ws://127.0.0.1:${options().port}`);

async function connectRoom(_room, onState) {
  const handles = [];
  const catchUps = [];
  const rooms = [];
  for (let seat = 0; seat < SEATS; seat++) {
    const room = seat === 0 ? await client.create("uno") : await client.joinById(rooms[0].roomId);
    const handle = {
      seat,
      play: (card) => room.send("play", card),
      draw: () => room.send("draw"),
    };
    const emit = (state) => {
      if (!(state?.version > 0)) return; // not dealt yet
      onState(handle, {
        version: state.version, toAct: state.toAct, top: state.top,
        hand: Array.from(state.seats[seat].hand),
      });
    };
    room.onMessage("error", (code) => { if (process.env.DEBUG) console.error(code, seat, JSON.stringify(room.state.toJSON())); onState(handle, { error: code }); });
    room.onStateChange(emit);
    rooms.push(room);
    handles.push(handle);
    catchUps.push(() => emit(room.state));
  }
  for (const catchUp of catchUps) catchUp(); // the deal may have come before a listener
  return handles;
}

await drive(connectRoom);
