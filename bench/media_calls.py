"""The table's audio and video, measured in Chromium with fake devices against `tictac serve` in
its own process: the time from a tap on "Camera on" to the first frame decoded at another phone
(`--tries` times: p50 and p99), and what one more member joining a call of `--members` costs:
the signalling messages the server relays and the server's CPU while they connect.

    uv run python bench/media_calls.py [--tries 20] [--members 3]

Bounded: two pages for the taps (each try waits for its frame, then turns the camera off), then
`--members` + 1 pages with microphone and camera on. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.browser.calls import FAKE_MEDIA, arriving, peer_of
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, ServerProcess
from tests.browser.players import Player, create_room, join_room, wait_for

# On the watching page, started before the tap and awaited after it: the wall-clock ms at which
# frames from `peer` first grow past `before`.
FIRST_FRAME = """([peer, before]) => { window.firstFrame = (async () => {
  for (;;) {
    const entry = window.tictacMedia.calls.get(peer);
    let frames = 0;
    if (entry) (await entry.pc.getStats()).forEach((r) => {
      if (r.type === 'inbound-rtp' && r.kind === 'video') frames = r.framesDecoded || 0;
    });
    if (frames > before) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
})(); }"""


def cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def taps(browser: object, base: str, tries: int) -> list[float]:
    ana, ben = Player(browser, base, "Ana"), Player(browser, base, "Ben")  # type: ignore[arg-type]
    code = create_room(ana, "time-bomb")
    join_room(ben, code)
    ana.page.click(".media-switch-on")
    wait_for(lambda: ben.messages("media") and ana.messages("media"), ben.page, what="rosters")
    wait_for(lambda: arriving(ben, peer_of(ana)) is not None, ben.page, timeout=60, what="call")
    delays = []
    for _ in range(tries):
        before = (arriving(ben, peer_of(ana)) or {"frames": 0})["frames"]
        ben.page.evaluate(FIRST_FRAME, [peer_of(ana), before])
        tapped = time.time() * 1000
        ana.page.click(".media-cam")  # on
        delays.append(float(ben.page.evaluate("() => window.firstFrame")) - tapped)
        ana.page.click(".media-cam")  # off again
        wait_for(lambda: not ana.page.evaluate("() => Boolean(window.tictacMedia.local.video)"),
                 ana.page, what="camera off")
    ana.close()
    ben.close()
    return delays


def joining(browser: object, base: str, pid: int, members: int) -> tuple[int, int, float]:
    people = [Player(browser, base, f"P{index}") for index in range(members + 1)]  # type: ignore[arg-type]
    code = create_room(people[0], "time-bomb")
    for person in people[1:members]:
        join_room(person, code)
    people[0].page.click(".media-switch-on")
    for person in people[:members]:
        wait_for(lambda person=person: person.messages("media"), person.page, what="roster")
        person.page.click(".media-mic")
        person.page.click(".media-cam")
    late = people[members]
    signals_before = sum(len(p.messages("media_signal")) for p in people)
    rosters_before = sum(len(p.messages("media")) for p in people)
    cpu_before = cpu_s(pid)
    join_room(late, code)
    wait_for(lambda: late.messages("media"), late.page, what="the late roster")
    late.page.click(".media-mic")
    late.page.click(".media-cam")
    for person in people[:members]:
        wait_for(lambda person=person: (arriving(late, peer_of(person)) or {"frames": 0})
                 ["frames"] > 0, late.page, timeout=120, what="the late one's calls")
    cpu = cpu_s(pid) - cpu_before
    signals = sum(len(p.messages("media_signal")) for p in people) - signals_before
    rosters = sum(len(p.messages("media")) for p in people) - rosters_before
    for person in people:
        person.close()
    return signals, rosters, cpu


@contextmanager
def calling_browser() -> Iterator[tuple[ServerProcess, Browser]]:
    """A `tictac serve` of its own and a Chromium with fake devices, both ended on every path."""
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(Path(folder))
        server.start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                     args=[*CHROMIUM_ARGS, *FAKE_MEDIA])
                try:
                    yield server, browser
                finally:
                    browser.close()
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tries", type=int, default=20)
    parser.add_argument("--members", type=int, default=3)
    args = parser.parse_args()
    with calling_browser() as (server, browser):
        assert server.process is not None
        delays = taps(browser, server.url, args.tries)
        print(f"tap on Camera on -> first frame at the other phone, {len(delays)} tries: "
              f"p50 {statistics.median(delays):.0f} ms, p99 "
              f"{percentile(delays, 0.99):.0f} ms, max {max(delays):.0f} ms")
        signals, rosters, cpu = joining(browser, server.url, server.process.pid, args.members)
        print(f"one more member joining a call of {args.members}: {signals} signalling "
              f"messages relayed, {rosters} rosters sent, server CPU {cpu * 1000:.0f} ms")

if __name__ == "__main__":
    main()
