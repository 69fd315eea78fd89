"""Audio and video through a TURN relay: Debian's coturn started on loopback with a shared
secret, `tictac serve --turn ... --turn-secret-file`, and two phones whose calls may only go
through the relay (`iceTransportPolicy: "relay"`): they hear and see each other, over a relayed
candidate pair, with the password tictac minted for the room (never the secret)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tictac.cluster.services import free_port

from .calls import growing, in_call, media_browser, peer_of, relay_process
from .conftest import ServerProcess
from .players import Player, create_room, join_room

__all__ = ["media_browser"]  # the fixture

TURNSERVER = "/usr/bin/turnserver"
SECRET = "the relay's and tictac's shared secret"

# The kind of the local candidate of the call's selected pair with `peer` ("relay": through TURN).
SELECTED = """async (peer) => {
  const entry = window.tictacMedia && window.tictacMedia.calls.get(peer);
  if (!entry) return null;
  const stats = await entry.pc.getStats();
  let pair = null;
  stats.forEach((report) => {
    const id = report.type === 'transport' && report.selectedCandidatePairId;
    if (id) pair = stats.get(id);
  });
  return pair ? stats.get(pair.localCandidateId).candidateType : null;
}"""


@pytest.fixture
def coturn(tmp_path: Path) -> Iterator[int]:
    """coturn on 127.0.0.1, checking passwords against SECRET (the TURN REST API scheme)."""
    if not Path(TURNSERVER).exists():
        pytest.fail("coturn is missing: `apt-get install -y coturn` (scripts/test does it)")
    port = free_port()
    relay_low = 49152 + port % 10000
    command = [TURNSERVER, "-n", "--listening-ip", "127.0.0.1", "--relay-ip", "127.0.0.1",
               "--listening-port", str(port), "--min-port", str(relay_low),
               "--max-port", str(relay_low + 200), "--use-auth-secret",
               "--static-auth-secret", SECRET, "--realm", "tictac.test", "--no-tls",
               "--no-dtls", "--no-cli", "--allow-loopback-peers", "--fingerprint",
               "--log-file", str(tmp_path / "turn.log"), "--simple-log",
               "--pidfile", str(tmp_path / "turn.pid")]
    with relay_process(command):
        yield port


@pytest.fixture
def relayed_server(tmp_path: Path, coturn: int) -> Iterator[str]:
    secret = tmp_path / "turn.secret"
    secret.write_text(SECRET + "\n")
    running = ServerProcess(tmp_path, extra=("--turn", f"turn:127.0.0.1:{coturn}?transport=udp",
                                             "--turn-secret-file", str(secret)))
    running.start()
    try:
        yield running.url
    finally:
        running.stop()


@pytest.mark.timeout(600)
def test_two_phones_hear_and_see_each_other_through_coturn_only(
        media_browser: Browser, relayed_server: str) -> None:
    assert shutil.which("turnserver")
    ana = Player(media_browser, relayed_server, "Ana")
    ben = Player(media_browser, relayed_server, "Ben")
    try:
        for person in (ana, ben):
            person.context.set_default_timeout(120_000)
            person.page.add_init_script("window.tictacIcePolicy = 'relay';")
        code = create_room(ana, "time-bomb")
        join_room(ben, code)
        ana.page.click(".media-switch-on")
        for person in (ana, ben):
            in_call(person)
            person.page.click(".media-mic")
            person.page.click(".media-cam")
        roster = ana.messages("media")[-1]
        assert SECRET not in str(ana.frames) and roster["ice"][0]["username"].endswith(code)
        growing(ben, peer_of(ana), "frames")
        growing(ben, peer_of(ana), "energy")
        growing(ana, peer_of(ben), "energy")
        assert ben.page.evaluate(SELECTED, peer_of(ana)) == "relay"
        assert ana.page.evaluate(SELECTED, peer_of(ben)) == "relay"
    finally:
        ana.close()
        ben.close()
