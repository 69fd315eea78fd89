"""When the web client's socket pings (web/static/conn.js, keepalive.js), run in Node with the
browser's globals stood in for and its clock in the test's hands. A socket that hears from its
room pings three times in its first 20 s (its clock's first samples), then once a minute, not
every 10 s: at a game night's pace the pings were more messages than the moves. A quiet one
(whose pongs are no news from the room) pings every tick, and a page back in the foreground
pings at once, so a socket that died unseen is noticed as soon."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "tictac" / "web" / "static"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")

# clock.js (and the sound and text modules it imports) are the page's: a stand-in takes its place.
HOOKS = """const STAND_IN = 'export function notePong() {} export function noteServerTime() {}';
export async function resolve(specifier, context, next) {
  if (specifier === './clock.js') {
    return { shortCircuit: true, url: 'data:text/javascript,' + STAND_IN };
  }
  return next(specifier, context);
}"""

HARNESS = """import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(HOOKS));

let now = 1_000_000;
Date.now = () => now;
const ticks = [];
globalThis.setInterval = (run) => { ticks.push(run); return ticks.length; };
globalThis.clearInterval = () => {};
const handlers = {};
globalThis.addEventListener = (name, run) => { handlers[name] = run; };
globalThis.document = { visibilityState: 'visible',
                        addEventListener: (name, run) => { handlers[name] = run; } };
globalThis.location = { protocol: 'http:', host: 'here' };
const sent = [];
class FakeSocket {
  static OPEN = 1;
  static CONNECTING = 0;
  constructor() { this.readyState = 1; socket = this; }
  send(text) {
    const message = JSON.parse(text);
    sent.push({ at: now, ...message });
    if (message.type === 'ping') {  // answered a round trip later
      pongs.push({ at: now + ROUND_TRIP_MS, data: JSON.stringify({ type: 'pong', t: message.t }) });
    }
  }
  close() {}
}
let socket = null;
const pongs = [];
const ROUND_TRIP_MS = 100;
globalThis.WebSocket = FakeSocket;

const { Connection } = await import(CONN);
new Connection('ABCD', 'token', { onMessage() {}, onState() {}, onRejected() {} });
socket.onopen();
const opened = now;
// `ms` of the socket's life in steps of 50 ms: its tick every 10 s, the pongs, and a view every
// `viewEvery` ms (none if 0)
function live(ms, viewEvery) {
  for (const end = now + ms; now < end;) {
    now += 50;
    while (pongs.length && pongs[0].at <= now) socket.onmessage({ data: pongs.shift().data });
    if (viewEvery && (now - opened) % viewEvery === 0) {
      socket.onmessage({ data: JSON.stringify({ type: 'view', server_time: now }) });
    }
    if ((now - opened) % 10000 === 0) for (const run of ticks) run();
  }
}
const pings = () => sent.filter((message) => message.type === 'ping').map((m) => m.at);
const out = {};
live(600_000, 3000);  // ten minutes of a game night: a view every 3 s
out.busy = pings();
sent.length = 0;
live(60_000, 0);  // a quiet minute
out.quiet = pings();
sent.length = 0;
now += 1000;
handlers.visibilitychange();  // the page back in the foreground
out.woken = pings();
console.log(JSON.stringify(out));
"""


def pings_sent() -> dict[str, list[int]]:
    script = (f"const HOOKS = {json.dumps(HOOKS)};\n"
              f"const CONN = {json.dumps((STATIC / 'conn.js').as_uri())};\n" + HARNESS)
    shown = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                           text=True, check=True, timeout=120)
    return {key: [at - 1_000_000 for at in times]
            for key, times in json.loads(shown.stdout).items()}


def test_a_socket_that_hears_its_room_pings_three_times_then_once_a_minute() -> None:
    assert pings_sent()["busy"] == [0, 10_000, 20_000, *range(80_000, 600_001, 60_000)]


def test_a_quiet_socket_pings_every_tick_and_a_woken_page_at_once() -> None:
    sent = pings_sent()
    assert len(sent["quiet"]) == 6
    assert sent["woken"] == [sent["quiet"][-1] + 1000]
