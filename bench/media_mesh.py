"""What one phone-class browser sustains in the table's mesh: a room of `n` members (`--least`
up to `--most`), everyone's microphone and camera on, the first page's CPU slowed `--slowdown` times
(Chromium's CPU throttling, as DevTools emulates a mid-range phone), and over `--seconds` on
that page: per call it sends (uplink), the video frames encoded a second, the kbit/s sent and
why the encoder held back (`qualityLimitationReason`); per tile it receives, the frames decoded
a second; and how much of the time the page's main thread was busy (DevTools' TaskDuration,
the throttled thread that runs the page and its calls' bookkeeping). The camera asks for 12
frames a second and each call's video is capped at 250 kbit/s (web/static/media.js).

    uv run python bench/media_mesh.py [--least 2] [--most 6] [--slowdown 4] [--seconds 10]

Not a test: it asserts nothing. Every page runs on this machine, so a loaded machine lowers
every figure (the load average is printed with them)."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.browser.calls import arriving, in_call, peer_of
from tests.browser.players import Player, create_room, join_room, wait_for

from media_calls import calling_browser

# The phone's counters for every call: sent video (frames encoded, bytes, why held back) and
# received video (frames decoded).
COUNTERS = """async () => {
  const calls = [];
  for (const [peer, entry] of window.tictacMedia.calls) {
    const found = { peer, ssrc: null, encoded: 0, sent: 0, limited: 'none', decoded: 0 };
    (await entry.pc.getStats()).forEach((r) => {
      if (r.type === 'outbound-rtp' && r.kind === 'video') {
        found.ssrc = r.ssrc;
        found.encoded = r.framesEncoded || 0;
        found.sent = r.bytesSent || 0;
        found.limited = r.qualityLimitationReason || 'none';
      }
      if (r.type === 'inbound-rtp' && r.kind === 'video') found.decoded = r.framesDecoded || 0;
    });
    calls.push(found);
  }
  return calls;
}"""


def main_thread_s(cdp: Any) -> float:
    """The seconds the page's main thread has been busy (DevTools' TaskDuration)."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return float(next(m["value"] for m in metrics if m["name"] == "TaskDuration"))


def measure(browser: Browser, base: str, members: int, slowdown: float,
            seconds: float) -> dict[str, Any]:
    people = [Player(browser, base, f"P{index}") for index in range(members)]
    try:
        for person in people:  # a loaded machine is slow to draw each page
            person.context.set_default_timeout(120_000)
        phone = people[0]
        cdp = phone.context.new_cdp_session(phone.page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        cdp.send("Performance.enable")
        code = create_room(phone, "time-bomb")
        for person in people[1:]:
            join_room(person, code)
        phone.page.click(".media-switch-on")
        for person in people:
            in_call(person)
            person.page.click(".media-mic")
            person.page.click(".media-cam")
        for person in people[1:]:
            wait_for(lambda person=person: (arriving(phone, peer_of(person)) or {"frames": 0})
                     ["frames"] > 0, phone.page, timeout=300, what="every tile on the phone")
        phone.page.wait_for_timeout(3000)  # the encoders settle on a rate
        first, since = phone.page.evaluate(COUNTERS), time.monotonic()
        busy = main_thread_s(cdp)
        phone.page.wait_for_timeout(seconds * 1000)
        last, took = phone.page.evaluate(COUNTERS), time.monotonic() - since
        busy = (main_thread_s(cdp) - busy) / took
        # A call made anew meanwhile (a page starved past ICE's checks) is a new sender (a new
        # SSRC): only the calls that lasted the whole window are counted.
        before = {(call["peer"], call["ssrc"]): call for call in first}
        rates = [{"fps": (call["encoded"] - then["encoded"]) / took,
                  "kbps": (call["sent"] - then["sent"]) * 8 / took / 1000,
                  "decoded": (call["decoded"] - then["decoded"]) / took,
                  "limited": call["limited"]}
                 for call in last if (then := before.get((call["peer"], call["ssrc"])))]
        if not rates:
            return {"uplinks": 0, "fps": 0.0, "kbps": 0.0, "decoded": 0.0, "limited": {},
                    "busy": busy}
        return {"uplinks": len(rates), "busy": busy,
                "fps": statistics.mean(rate["fps"] for rate in rates),
                "kbps": statistics.mean(rate["kbps"] for rate in rates),
                "decoded": statistics.mean(rate["decoded"] for rate in rates),
                "limited": dict(Counter(rate["limited"] for rate in rates))}
    finally:
        for person in people:
            person.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--least", type=int, default=2)
    parser.add_argument("--most", type=int, default=6)
    parser.add_argument("--slowdown", type=float, default=4.0)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    with calling_browser() as (server, browser):
        print(f"the phone's CPU slowed {args.slowdown}x; per call, over {args.seconds:.0f} s:")
        for members in range(args.least, args.most + 1):
            found = measure(browser, server.url, members, args.slowdown, args.seconds)
            print(f"{members} members, {found['uplinks']} uplinks: sent {found['fps']:.1f} fps, "
                  f"{found['kbps']:.0f} kbit/s each (held back by {found['limited']}); each "
                  f"tile decoded {found['decoded']:.1f} fps; the page's main thread busy "
                  f"{100 * found['busy']:.0f}% of the time; load average "
                  f"{os.getloadavg()[0]:.0f}", flush=True)

if __name__ == "__main__":
    main()
