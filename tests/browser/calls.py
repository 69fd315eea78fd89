"""What the tests of the table's audio and video share: a Chromium with fake devices (a test
pattern and a beep, granted without asking) and what a page's calls bring, read through
`RTCPeerConnection.getStats()`."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser

from .conftest import CHROMIUM, CHROMIUM_ARGS
from .players import Player, create_room, wait_for

FAKE_MEDIA = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
              "--autoplay-policy=no-user-gesture-required"]

# What arrives on this page's call with `peer`: video frames decoded and audio energy heard.
ARRIVING = """async (peer) => {
  const media = window.tictacMedia;
  const entry = media && media.calls.get(peer);
  if (!entry) return null;
  const found = { frames: 0, energy: 0 };
  (await entry.pc.getStats()).forEach((report) => {
    if (report.type !== 'inbound-rtp') return;
    if (report.kind === 'video') found.frames = report.framesDecoded || 0;
    if (report.kind === 'audio') found.energy = report.totalAudioEnergy || 0;
  });
  return found;
}"""


@pytest.fixture(scope="module")
def media_browser(browser: Browser) -> Iterator[Browser]:
    """A Chromium of its own with fake microphone and camera, granted without asking."""
    chromium = browser.browser_type.launch(executable_path=CHROMIUM,
                                           args=[*CHROMIUM_ARGS, *FAKE_MEDIA])
    try:
        yield chromium
    finally:
        chromium.close()


@contextmanager
def relay_process(command: list[str]) -> Iterator[subprocess.Popen[bytes]]:
    """A relay the test starts (coturn, Janus), ended on every path."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def in_call(player: Player) -> None:
    """Waits until `player`'s page is in the room's call: its roster came and the call's module
    (loaded only then) has taken it."""
    wait_for(lambda: player.page.evaluate(
        "() => Boolean(window.tictacMedia && window.tictacMedia.you !== null)"),
        player.page, what=f"{player.name} in the call")


def streaming(host: Player, tv: Player) -> None:
    """`host`'s Time Bomb room with `tv` on its TV page, the host in the call and the room in
    streamer mode."""
    for screen in (host, tv):
        screen.context.set_default_timeout(120_000)
    code = create_room(host, "time-bomb")
    tv.goto(f"/r/{code}/tv")
    wait_for(lambda: tv.room() is not None, tv.page, what="the TV in the room")
    host.page.click(".media-switch-on")
    in_call(host)
    host.page.evaluate("() => window.tictacMedia.live.send("
                       "{ type: 'lobby', op: 'set_streamer', on: true })")


def peer_of(player: Player) -> int:
    rosters = [m for m in player.messages("media") if m["you"] is not None]
    assert rosters, player.name
    return int(rosters[-1]["you"])


def arriving(player: Player, peer: int) -> dict[str, float] | None:
    result: dict[str, float] | None = player.page.evaluate(ARRIVING, peer)
    return result


def growing(player: Player, peer: int, what: str) -> None:
    """Waits until `what` (frames, energy) from `peer` grows on `player`'s page."""
    first = wait_for(lambda: arriving(player, peer), player.page, timeout=60,
                     what=f"{player.name}'s call with {peer}")
    wait_for(lambda: (arriving(player, peer) or first)[what] > first[what], player.page,
             timeout=60, what=f"{what} from {peer} at {player.name}")
