"""Audio and video through an SFU: Debian's Janus started on loopback (its video room, tokens
signed with a secret it shares with tictac), `tictac serve --sfu ... --sfu-secret-file`, and
three phones whose host chooses the SFU: each sends its microphone and camera once, to Janus,
and hears and sees the others from it. Janus's CPU per stream it forwards is measured and
printed."""

from __future__ import annotations

import json
import os
import shutil
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser
from websockets.sync.client import connect

from tictac.cluster.services import free_port
from tictac.rooms import janus as janus_api
from tictac.rooms.sfu import sfu_token

from .calls import arriving, growing, in_call, media_browser, peer_of, relay_process, streaming
from .conftest import PATIENCE_S, ServerProcess
from .players import Player, create_room, join_room, wait_for

__all__ = ["media_browser"]  # the fixture

JANUS = "/usr/bin/janus"
LIBS = Path("/usr/lib/x86_64-linux-gnu/janus")
SECRET = "the SFU's and tictac's shared secret"
ADMIN_TOKEN = "the instance admin's own token"
# Only the video room plugin and the HTTP transport are loaded.
OTHER_PLUGINS = ("audiobridge", "duktape", "echotest", "lua", "nosip", "recordplay", "sip",
                 "streaming", "textroom", "videocall", "voicemail")
OTHER_TRANSPORTS = ("websockets", "mqtt", "nanomsg", "pfunix", "rabbitmq")


def janus_config(folder: Path, port: int) -> Path:
    """Janus's configuration for loopback: its HTTP API on `port`, ICE on `lo` only, every
    request needing a token signed with SECRET."""
    folder.mkdir()
    rtp_low = 20000 + port % 20000
    (folder / "janus.jcfg").write_text(f"""general: {{
  configs_folder = "{folder}"
  plugins_folder = "{LIBS / 'plugins'}"
  transports_folder = "{LIBS / 'transports'}"
  events_folder = "{LIBS / 'events'}"
  loggers_folder = "{LIBS / 'loggers'}"
  token_auth = true
  token_auth_secret = {json.dumps(SECRET)}
  admin_secret = "{os.urandom(16).hex()}"
}}
plugins: {{ disable = "{','.join(f'libjanus_{name}.so' for name in OTHER_PLUGINS)}" }}
transports: {{ disable = "{','.join(f'libjanus_{name}.so' for name in OTHER_TRANSPORTS)}" }}
loggers: {{ disable = "libjanus_jsonlog.so" }}
nat: {{ ice_enforce_list = "lo" }}
media: {{ rtp_port_range = "{rtp_low}-{rtp_low + 400}" }}
""")
    (folder / "janus.transport.http.jcfg").write_text(f"""general: {{
  json = "plain"
  base_path = "/janus"
  http = true
  port = {port}
  ip = "127.0.0.1"
}}
admin: {{ admin_http = false }}
""")
    (folder / "janus.plugin.videoroom.jcfg").write_text("general: {}\n")
    return folder / "janus.jcfg"


def answers(url: str) -> bool:
    try:
        request = urllib.request.Request(url, json.dumps({"janus": "info", "transaction": "up"})
                                         .encode(), {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as response:
            return bool(json.loads(response.read())["janus"] == "server_info")
    except OSError:
        return False


@pytest.fixture
def janus(tmp_path: Path) -> Iterator[tuple[str, int]]:
    """Janus on 127.0.0.1: its API's URL and its process id."""
    if not Path(JANUS).exists():
        pytest.fail("Janus is missing: `apt-get install -y janus` (scripts/test does it)")
    port = free_port()
    config = janus_config(tmp_path / "janus", port)
    command = [JANUS, "-C", str(config), "-F", str(config.parent), "-o",
               "-L", str(tmp_path / "janus.log"), "-N"]
    with relay_process(command) as process:
        url = f"http://127.0.0.1:{port}/janus"
        deadline = time.monotonic() + PATIENCE_S
        while not answers(url):
            assert process.poll() is None and time.monotonic() < deadline, (
                (tmp_path / "janus.log").read_text())
            time.sleep(0.2)
        yield url, process.pid


@pytest.fixture
def sfu_server(tmp_path: Path, janus: tuple[str, int]) -> Iterator[str]:
    secret = tmp_path / "sfu.secret"
    secret.write_text(SECRET + "\n")
    (tmp_path / "admin.token").write_text(ADMIN_TOKEN + "\n")
    running = ServerProcess(tmp_path, extra=("--sfu", janus[0], "--sfu-secret-file", str(secret),
                                             "--admin-token-file", str(tmp_path / "admin.token")))
    running.start()
    try:
        yield running.url
    finally:
        running.stop()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# The SDP Janus offered for the call with `peer` on this page (null: no such call).
OFFERED = """(peer) => {
  const entry = window.tictacMedia && window.tictacMedia.calls.get(peer);
  return entry && entry.pc.remoteDescription ? entry.pc.remoteDescription.sdp : null;
}"""


def through_janus(people: list[Player]) -> str:
    """The first of `people` makes a Time Bomb room, the others join, and the host chooses the
    SFU (though three fit in a mesh): everyone in the call through it, microphone and camera
    on. The room's code."""
    host = people[0]
    for person in people:
        person.context.set_default_timeout(120_000)
    code = create_room(host, "time-bomb")
    for person in people[1:]:
        join_room(person, code)
    host.page.click(".media-switch-on")
    in_call(host)
    host.page.click(".media-host summary")
    host.page.check(".media-sfu")
    for person in people:
        wait_for(lambda person=person: person.page.evaluate(
            "() => Boolean(window.tictacMedia && window.tictacMedia.sfu)"), person.page,
            what=f"{person.name} through the SFU")
        in_call(person)
        person.page.click(".media-mic")
        person.page.click(".media-cam")
    return code


@pytest.mark.timeout(600)
def test_three_phones_hear_and_see_each_other_through_janus(
        media_browser: Browser, sfu_server: str, janus: tuple[str, int]) -> None:
    assert shutil.which("janus")
    people = [Player(media_browser, sfu_server, name) for name in ("Ana", "Ben", "Cleo")]
    ana = people[0]
    try:
        through_janus(people)
        roster = ana.messages("media")[-1]
        access = roster["sfu_access"]
        assert access["url"] == janus[0] and SECRET not in str(ana.frames)
        for person in people:
            for other in people:
                if other is not person:
                    growing(person, peer_of(other), "frames")
                    growing(person, peer_of(other), "energy")
        offered = ana.page.evaluate(OFFERED, peer_of(people[1]))
        assert "a=ssrc:" in offered and "cname:janus" in offered  # the SFU's offer, not a phone's
        # Janus's CPU while it forwards 6 streams of audio and video (3 members, 2 others each).
        before, since = cpu_seconds(janus[1]), time.monotonic()
        ana.page.wait_for_timeout(10_000)
        used = cpu_seconds(janus[1]) - before
        wall = time.monotonic() - since
        print(f"Janus: {used:.2f} s of CPU over {wall:.1f} s forwarding 6 streams: "
              f"{100 * used / wall / 6:.1f}% of a core per stream (audio and video)")
        for person in people:
            assert person.errors == [], person.errors
    finally:
        for person in people:
            person.close()


def host_sends(host: Player, server: str, code: str, message: dict[str, object]) -> None:
    """`message` from the host, on a second socket with the host's token, once handled (the
    ping after it answered)."""
    seat = json.loads(host.page.evaluate(f"localStorage.getItem('tictac.seat.play.{code}')"))
    with connect(server.replace("http", "ws", 1) + f"/ws/{code}") as ws:
        ws.send(json.dumps({"type": "hello", "token": seat["token"]}))
        ws.send(json.dumps(message))
        ws.send(json.dumps({"type": "ping", "t": 1}))
        while (answer := json.loads(ws.recv(timeout=60)))["type"] != "pong":
            assert answer["type"] != "error", answer


def joins_as_publisher(url: str, access: dict[str, object]) -> dict[str, object]:
    """The video room's answer to a publisher's join with `access` (a roster's), asked as a
    browser does: the answer comes by the session's long poll."""
    token = str(access["token"])

    def post(path: str, body: dict[str, object]) -> dict[str, object]:
        data = json.dumps({**body, "transaction": "t", "token": token}).encode()
        request = urllib.request.Request(url + path, data, {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            answer: dict[str, object] = json.loads(response.read())
            return answer

    session = post("", {"janus": "create"})["data"]["id"]  # type: ignore[index]
    handle = post(f"/{session}", {"janus": "attach", "plugin": janus_api.PLUGIN})["data"]["id"]  # type: ignore[index]
    post(f"/{session}/{handle}", {"janus": "message", "body": {
        "request": "join", "ptype": "publisher", "room": access["room"], "pin": access["pin"],
        "token": access["ticket"], "display": "again"}})
    while True:
        with urllib.request.urlopen(f"{url}/{session}?maxev=1&token={quote(token)}",
                                    timeout=60) as response:
            event = json.loads(response.read())
        if event.get("transaction") == "t":
            data: dict[str, object] = event["plugindata"]["data"]
            return data


def ask_janus(url: str, body: dict[str, object]) -> dict[str, object]:
    with janus_api.videoroom(url, sfu_token(SECRET, int(time.time()) + 60)) as ask:
        return ask(body)


def participants(url: str, room: int) -> list[str]:
    """The displays of the video room's publishers, as Janus lists them."""
    listed = ask_janus(url, {"request": "listparticipants", "room": room})
    return [str(one.get("display")) for one in listed["participants"]]  # type: ignore[attr-defined]


UPLINK_ENDED = "() => window.tictacMedia.sfu.uplink.pc.connectionState !== 'connected'"


def stopped(player: Player, peer: int, kinds: tuple[str, ...] = ("frames", "energy")) -> bool:
    """Whether nothing of `peer`'s (of these kinds) arrived at `player`'s page over 5 s."""
    before = arriving(player, peer) or {}
    player.page.wait_for_timeout(5_000)
    after = arriving(player, peer) or {}
    return all(before.get(kind) == after.get(kind) for kind in kinds)


# A page that no longer listens to the room for its call (as a tampered one would not): its
# publisher and subscriptions go on until the SFU itself ends them.
DEAF = """() => {
  const media = window.tictacMedia;
  media.receive = () => {};
  media.stop = () => {};
}"""


@pytest.mark.timeout(600)
def test_a_kicked_player_is_put_out_of_the_sfu_whatever_their_page_does(
        media_browser: Browser, sfu_server: str, janus: tuple[str, int]) -> None:
    """Ben's page ignores the room, and so does Cleo's once she is kicked: the host's hold on
    Ben's camera stops his video at Ana's (Janus mutes it), and Janus itself stops Cleo's
    stream at Ben's, lists her no more, and refuses her ticket."""
    people = [Player(media_browser, sfu_server, name) for name in ("Ana", "Ben", "Cleo")]
    ana, ben, cleo = people
    try:
        code = through_janus(people)
        growing(ben, peer_of(cleo), "frames")
        growing(cleo, peer_of(ana), "frames")
        access = cleo.messages("media")[-1]["sfu_access"]
        assert str(peer_of(cleo)) in participants(janus[0], access["room"])
        ben.page.evaluate(DEAF)
        growing(ana, peer_of(ben), "frames")
        host_sends(ana, sfu_server, code, {"type": "media", "op": "force", "peer": peer_of(ben),
                                           "mic_off": False, "cam_off": True})
        wait_for(lambda: stopped(ana, peer_of(ben), ("frames",)), ana.page, timeout=120,
                 what="Ben's held video arriving no more at Ana's")
        growing(ana, peer_of(ben), "energy")  # his microphone was not held
        cleo.page.evaluate(DEAF)
        host_sends(ana, sfu_server, code, {"type": "lobby", "op": "kick", "seat": cleo.seat()})
        wait_for(lambda: str(peer_of(cleo)) not in participants(janus[0], access["room"]),
                 ana.page, timeout=60, what="Cleo out of Janus's video room")
        # Ben's page heard it from Janus alone: the call bringing Cleo's stream is hung up.
        wait_for(lambda: ben.page.evaluate(
            "(peer) => !window.tictacMedia.calls.has(peer)", peer_of(cleo)),
            ben.page, timeout=60, what="Cleo's stream ended at Ben's")
        # ... and Cleo's own connections to Janus, up and down, are ended by Janus.
        # ... and what Janus sent her stops too: nothing arrives from Ana any more.
        wait_for(lambda: cleo.page.evaluate(UPLINK_ENDED), cleo.page, timeout=60,
                 what="Cleo's uplink to the SFU ended")
        wait_for(lambda: stopped(cleo, peer_of(ana)), cleo.page, timeout=120,
                 what="nothing of Ana's arriving at Cleo's")
        refused = joins_as_publisher(janus[0], access)
        assert refused.get("error_code") == 433, refused  # her ticket is no longer let in
        assert str(peer_of(cleo)) not in participants(janus[0], access["room"])
        # The room closed by the admin: its video room goes.
        request = urllib.request.Request(
            f"{sfu_server}/api/admin/rooms/{code}/close",
            json.dumps({"message": "Closed."}).encode(),
            {"Content-Type": "application/json", "Authorization": f"Bearer {ADMIN_TOKEN}"})
        with urllib.request.urlopen(request, timeout=60) as response:
            assert response.status == 200
        wait_for(lambda: not ask_janus(janus[0], {"request": "exists", "room": access["room"]})
                 ["exists"], ana.page, timeout=60, what="the video room destroyed")
    finally:
        for person in people:
            person.close()


# The kinds of media this page receives from `peer` (its call's receiving transceivers).
RECEIVED_KINDS = """(peer) => {
  const entry = window.tictacMedia.calls.get(peer);
  return entry ? entry.pc.getTransceivers().filter((t) => t.currentDirection === 'recvonly')
    .map((t) => t.receiver.track.kind).sort() : null;
}"""


@pytest.mark.timeout(600)
def test_in_streamer_mode_the_tv_receives_a_players_video_through_the_sfu_once_allowed(
        media_browser: Browser, sfu_server: str) -> None:
    """Through the SFU as through the mesh: the filmed TV subscribes to Ana's audio only until
    she allows her video on the stream, then to her video too."""
    ana = Player(media_browser, sfu_server, "Ana")
    tv = Player(media_browser, sfu_server, "TV")
    try:
        streaming(ana, tv)
        ana.page.click(".media-host summary")
        ana.page.check(".media-sfu")
        for screen in (ana, tv):
            wait_for(lambda screen=screen: screen.page.evaluate(
                "() => Boolean(window.tictacMedia && window.tictacMedia.sfu)"), screen.page,
                what=f"{screen.name} through the SFU")
        wait_for(lambda: ana.page.locator(".media-on-stream:visible").count() == 1, ana.page,
                 what="the streamer's switch")
        ana.page.click(".media-mic")
        ana.page.click(".media-cam")
        growing(tv, peer_of(ana), "energy")  # the TV hears her through the SFU ...
        assert tv.page.evaluate(RECEIVED_KINDS, peer_of(ana)) == ["audio"]  # ... and no video
        assert (arriving(tv, peer_of(ana)) or {"frames": 0})["frames"] == 0
        ana.page.check(".media-on-stream")
        growing(tv, peer_of(ana), "frames")
        assert tv.page.evaluate(RECEIVED_KINDS, peer_of(ana)) == ["audio", "video"]
        tile = f".media-tile[data-peer='{peer_of(ana)}']"
        wait_for(lambda: tv.page.get_attribute(tile, "data-seen") == "video", tv.page,
                 what="Ana's video on the TV once she allowed it")
        for screen in (ana, tv):
            assert screen.errors == [], screen.errors
    finally:
        ana.close()
        tv.close()
