// The load both peer clients put on their server, as bench/server_load.py puts it on tictac:
// `--rooms` rooms of 5 clients; the seat to act plays a random playable card (or draws) as
// soon as its view shows it to act (flat out), or after a random 0 to 2 x `--think` seconds
// (paced). Latency is from sending a move to the moment all 5 clients of the room have the
// state it made, counted by version (a room's next move is often sent before every client has
// the last one's state).
//
// It prints `measuring` when the warm-up ends, then one JSON line of results and ends (with the
// client's own event-loop delay over the measured window, p99 and longest, and its garbage
// collector's longest pause and their total: how much of a latency's tail is this process's,
// waiting for its core or for its collector, not the server's); with
// `--then-idle` (a game night's pause) nobody moves after the results, every client staying
// connected, until it is stopped.
//
// connectRoom(room, onState) -> [seat handles]: the framework's side. Each handle has
// play(card) and draw(); onState(handle, {version, toAct, hand, top}) on every state it gets,
// onState(handle, {error}) on a refusal. A server that lists the legal moves itself (tictac)
// gives {version, toAct, moves} instead, and its handle plays one of them: play(move).

import { PerformanceObserver, monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";

import { SEATS, playable } from "./uno.mjs";

export function options() {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      rooms: { type: "string", default: "200" },
      warmup: { type: "string", default: "2" },
      seconds: { type: "string", default: "8" },
      think: { type: "string", default: "0" },
      "then-idle": { type: "boolean", default: false },
    },
  });
  return {
    port: Number(values.port), rooms: Number(values.rooms), warmup: Number(values.warmup),
    seconds: Number(values.seconds), think: Number(values.think),
    thenIdle: values["then-idle"],
  };
}

// A POST of JSON to the server at `base`, its JSON answer. A kept-alive connection the server
// closed meanwhile (Koa's keep-alive timeout) resets: tried again.
export async function post(base, path, body, tries = 3) {
  try {
    const answer = await fetch(base + path, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
    return answer.json();
  } catch (failure) {
    if (tries <= 1) throw failure;
    return post(base, path, body, tries - 1);
  }
}

const sleep = (s) => new Promise((resolve) => setTimeout(resolve, s * 1000));

// Every LOOP_SAMPLE_MS a timer samples this process's event loop (a finer one would load the
// client). Node's histogram holds the time from one sample to the next, the interval itself
// included (10 ms on an idle loop): the delay is what is past the interval.
const LOOP_SAMPLE_MS = 10;

// Starts measuring the event loop's delay; the function it returns stops and tells the
// least, the p99 and the longest delay, in ms.
export function loopDelay() {
  const histogram = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  histogram.enable();
  return () => {
    histogram.disable();
    const past = (ns) => Math.max(0, ns / 1e6 - LOOP_SAMPLE_MS);
    return { min_ms: past(histogram.min), p99_ms: past(histogram.percentile(99)),
      max_ms: past(histogram.max) };
  };
}

// Starts watching this process's garbage collector; the function it returns stops and tells
// (once the collections' entries, queued on the loop, are in) the longest pause and their
// total, in ms: a client's collection delays every move in flight, whichever server it
// measures.
export function gcPauses() {
  const paused = { max_ms: 0, total_ms: 0 };
  const note = (list) => {
    for (const entry of list.getEntries()) {
      paused.max_ms = Math.max(paused.max_ms, entry.duration);
      paused.total_ms += entry.duration;
    }
  };
  const observer = new PerformanceObserver(note);
  observer.observe({ entryTypes: ["gc"] });
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    note({ getEntries: () => observer.takeRecords() }); // those not yet handed over
    observer.disconnect();
    return paused;
  };
}

export async function drive(connectRoom) {
  const args = options();
  const run = { measuring: false, playing: true, moves: 0, latencies: [], errors: 0 };
  const tables = [];
  const acted = new Map(); // seat handle -> the last version it acted on

  function onState(handle, table, state) {
    if (state.error !== undefined) {
      run.errors += 1;
      return;
    }
    if (state.version > (handle.seenVersion ?? -1)) {
      handle.seenVersion = state.version;
      const sentAt = table.sentAt.get(state.version);
      if (sentAt !== undefined) {
        const seen = (table.seen.get(state.version) ?? 0) + 1;
        table.seen.set(state.version, seen);
        if (seen === SEATS) {
          table.sentAt.delete(state.version);
          table.seen.delete(state.version);
          if (run.measuring) {
            run.moves += 1;
            run.latencies.push(performance.now() - sentAt);
          }
        }
      }
    }
    handle.latest = state;
    consider(handle, table);
  }

  function consider(handle, table) {
    const state = handle.latest;
    if (!run.playing || state === undefined || state.toAct !== handle.seat) return;
    if (acted.get(handle) === state.version) return;
    acted.set(handle, state.version);
    const move = () => {
      if (!run.playing) return;
      table.sentAt.set(state.version + 1, performance.now());
      const cards = state.moves ?? playable(state.hand, state.top);
      if (cards.length > 0) handle.play(cards[Math.floor(Math.random() * cards.length)]);
      else handle.draw();
    };
    if (args.think > 0) setTimeout(move, Math.random() * 2 * args.think * 1000);
    else move();
  }

  for (let start = 0; start < args.rooms; start += 20) { // in waves: the backlog never overflows
    const wave = [];
    for (let room = start; room < Math.min(args.rooms, start + 20); room++) {
      const table = { sentAt: new Map(), seen: new Map(), handles: [] };
      tables.push(table);
      wave.push(connectRoom(room, (handle, state) => onState(handle, table, state))
        .then((handles) => { table.handles = handles; }));
    }
    await Promise.all(wave);
  }
  for (const table of tables) for (const handle of table.handles) consider(handle, table);
  await sleep(args.warmup);
  const delayed = loopDelay();
  const collected = gcPauses();
  run.measuring = true;
  console.log("measuring");
  const started = performance.now();
  await sleep(args.seconds);
  run.measuring = false;
  const delay = delayed();
  const gc = await collected();
  const elapsed = (performance.now() - started) / 1000;
  const lat = run.latencies.sort((a, b) => a - b);
  const at = (q) => (lat.length ? lat[Math.min(lat.length - 1, Math.floor(lat.length * q))] : NaN);
  console.log(JSON.stringify({
    moves_per_s: run.moves / elapsed, p50_ms: at(0.5), p99_ms: at(0.99), errors: run.errors,
    client_delay_p99_ms: delay.p99_ms, client_delay_max_ms: delay.max_ms,
    client_gc_max_ms: gc.max_ms, client_gc_ms: gc.total_ms,
  }));
  if (!args.thenIdle) process.exit(0);
  run.playing = false;
  await new Promise(() => {}); // until stopped
}
