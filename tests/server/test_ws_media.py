"""The table's audio and video as the server sees it, against a real `tictac serve`: the host's
switch, the roster of who takes part, WebRTC signalling relayed between the members of one room
only, and every hostile signal refused with a stable code (rooms/media.py)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverproc import TICTAC, ServerProcess
from test_ws_host_ops import answers, open_ws
from websockets.sync.client import ClientConnection

OFFER = ["v=0", "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
         *["a=candidate:1 1 udp 2122260223 127.0.0.1 40000 typ host"] * 110]


class Member:
    def __init__(self, server: ServerProcess, code: str, token: str) -> None:
        self.ws: ClientConnection = open_ws(server, code, token)

    def send(self, **message: Any) -> None:
        self.ws.send(json.dumps({"type": "media", **message}, separators=(",", ":")))

    def next(self, kind: str) -> dict[str, Any]:
        return answers(self.ws, kind)

    def roster(self, until: Any = lambda roster: True) -> dict[str, Any]:
        """The latest roster that fits `until`."""
        while not until(roster := self.next("media")):
            pass
        return roster

    def refused(self) -> str:
        return str(self.next("error")["code"])


def room_of(server: ServerProcess, game: str = "time-bomb", players: int = 3,
            spectator: bool = False) -> tuple[str, list[Member]]:
    """A room and its members' sockets: the host first, then players, then a spectator."""
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/rooms", json={"game": game, "name": "Host"}).json()
        code = made["code"]
        tokens = [made["token"]]
        for index in range(1, players):
            tokens.append(http.post(f"/api/rooms/{code}/join",
                                    json={"name": f"P{index}"}).json()["token"])
        if spectator:
            tokens.append(http.post(f"/api/rooms/{code}/join",
                                    json={"name": "Watcher", "spectator": True}).json()["token"])
    members = [Member(server, code, token) for token in tokens]
    for member in members:
        member.next("room")
    return code, members


@pytest.fixture
def table(server: ServerProcess) -> Iterator[list[Member]]:
    _, members = room_of(server, spectator=True)
    yield members
    for member in members:
        member.ws.close()


def switched_on(members: list[Member], audience: bool = False) -> list[int]:
    """The host turns media on: the peer ids each member is told it is, in order."""
    members[0].send(op="settings", on=True, audience=audience)
    return [member.roster(lambda roster: roster["on"])["you"] for member in members[:3]]


def test_media_is_off_until_the_host_turns_it_on(table: list[Member]) -> None:
    host, one = table[0], table[1]
    one.send(op="state", mic=True, cam=False)
    assert one.refused() == "media_off"
    one.send(op="settings", on=True)
    assert one.refused() == "not_host"
    you = switched_on(table)
    roster = host.roster()
    assert [peer["peer"] for peer in roster["peers"]] == you  # the spectator is not in it
    assert not any(peer["mic"] or peer["cam"] for peer in roster["peers"])  # off on joining
    one.send(op="state", mic=True, cam=True)
    told = host.roster(lambda roster: roster["peers"][1]["mic"])
    assert told["peers"][1] == {**told["peers"][1], "mic": True, "cam": True, "name": "P1"}


def test_a_signal_reaches_its_peer_only_whole_and_from_its_sender(table: list[Member]) -> None:
    host, one, two = table[0], table[1], table[2]
    ids = switched_on(table)
    assert 4096 < len(json.dumps(OFFER)) < 12_000  # over the general limit, under a signal's
    host.send(op="signal", to=ids[1], kind="offer", data=OFFER)
    got = one.next("media_signal")
    assert got == {"type": "media_signal", "from": ids[0], "kind": "offer", "data": OFFER}
    two.send(op="signal", to=ids[0], kind="candidate", data=['{"candidate":""}'])
    assert host.next("media_signal")["from"] == ids[2]
    # `two` heard nothing of the offer meant for `one`: its next message is the sync's room
    two.ws.send(json.dumps({"type": "sync"}))
    assert json.loads(two.ws.recv(timeout=10))["type"] == "room"


def test_hostile_signals_are_refused_with_stable_codes(server: ServerProcess,
                                                       table: list[Member]) -> None:
    host, watcher = table[0], table[3]
    ids = switched_on(table)
    for forged in (ids[0], 999_999, -1):  # itself, nobody, nonsense
        host.send(op="signal", to=forged, kind="offer", data=["v=0"])
        assert host.refused() == "no_peer"
    watcher.send(op="signal", to=ids[0], kind="offer", data=["v=0"])
    assert watcher.refused() == "media_off"  # the audience takes no part unless let in
    host.send(op="signal", to=ids[1], kind="offer", data=["v"] * 301)
    assert host.refused() == "bad_message"  # an SDP's most lines
    host.send(op="signal", to=ids[1], kind="offer", data=["v" * 900] * 20)
    assert host.refused() == "too_large"  # the signal limit
    host.send(op="signal", to=ids[1], kind="offer", data=["v=0\r\no=-"])
    assert host.refused() == "bad_text"  # the text gate's, as for every message
    host.send(op="signal", to=ids[1], kind="hangup", data="")
    assert host.refused() == "bad_message"
    # a `media` message's limit is for media only: a second "type" key does not borrow it
    host.ws.send('{"type":"media","type":"chat","text":"x","pad":' + json.dumps(["x" * 90] * 60)
                 + "}")
    assert host.refused() == "too_large"
    # Another room's peer ids are its own: whatever `host` names, nothing crosses over.
    _, others = room_of(server, players=2)
    others[0].send(op="settings", on=True)
    for peer in [member.roster(lambda roster: roster["on"])["you"] for member in others]:
        host.send(op="signal", to=peer, kind="offer", data=["v=0"])
    host.ws.send(json.dumps({"type": "sync"}))
    answers(host.ws, "room")  # room A's inbox has handled every signal
    for member in others:
        member.ws.send(json.dumps({"type": "sync"}))
        assert json.loads(member.ws.recv(timeout=10))["type"] == "room"  # no stray signal
        member.ws.close()


def test_the_host_holds_a_microphone_and_camera_off(table: list[Member]) -> None:
    host, one, two, _ = table
    ids = switched_on(table)
    one.send(op="force", peer=ids[2], mic_off=True, cam_off=False)
    assert one.refused() == "not_host"
    one.send(op="state", mic=True, cam=True)
    host.send(op="force", peer=ids[1], mic_off=True, cam_off=False)
    held = two.roster(lambda roster: roster["peers"][1]["held_mic"])["peers"][1]
    assert held["mic"] is False and held["cam"] is True  # held off, whatever they asked
    one.send(op="state", mic=True, cam=True)
    assert one.refused() == "media_forced"
    one.send(op="signal", to=ids[2], kind="offer", data=["v=0"])  # a camera still goes out
    assert two.next("media_signal")["from"] == ids[1]
    host.send(op="force", peer=ids[1], mic_off=True, cam_off=True)
    one.roster(lambda roster: roster["peers"][1]["held_cam"])
    one.send(op="signal", to=ids[2], kind="offer", data=["v=0"])
    assert one.refused() == "media_forced"  # nothing of theirs is relayed any more
    host.send(op="force", peer=ids[1], mic_off=False, cam_off=False)
    one.roster(lambda roster: not roster["peers"][1]["held_cam"])
    one.send(op="state", mic=True, cam=False)
    assert two.roster(lambda roster: roster["peers"][1]["mic"])["peers"][1]["mic"]


def test_a_kicked_player_is_out_at_once_and_the_audience_only_if_let_in(
        table: list[Member]) -> None:
    host, one, two, watcher = table
    ids = switched_on(table, audience=True)
    assert watcher.roster()["you"] is not None  # let in
    host.ws.send(json.dumps({"type": "lobby", "op": "kick", "seat": 1}))
    out = one.roster(lambda roster: roster["you"] is None)
    assert out["peers"] == [] and out["ice"] == []
    assert ids[1] not in [peer["peer"] for peer in two.roster(
        lambda roster: len(roster["peers"]) == 3)["peers"]]
    one.send(op="signal", to=ids[2], kind="offer", data=["v=0"])
    assert one.refused() == "media_off"  # a spectator now, but out despite the audience
    two.send(op="signal", to=ids[1], kind="offer", data=["v=0"])
    assert two.refused() == "no_peer"
    host.send(op="settings", on=True, audience=False)
    assert watcher.roster(lambda roster: roster["you"] is None)["peers"] == []


def test_floods_of_signals_are_rate_limited(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "db.sqlite3", "--rate", "5").start()
    try:
        _, members = room_of(server, players=2)
        ids = switched_on(members)
        for _ in range(40):
            members[0].send(op="signal", to=ids[1], kind="candidate", data=["{}"])
        codes = set()
        with pytest.raises(Exception):  # noqa: B017 (closed for flooding, 1008)
            while True:
                message = json.loads(members[0].ws.recv(timeout=10))
                if message["type"] == "error":
                    codes.add(message["code"])
        assert codes == {"rate_limited"}
    finally:
        server.stop()


def test_turn_passwords_are_minted_per_room_and_the_secret_never_sent(tmp_path: Path) -> None:
    secret = "a shared secret of the relay"
    (tmp_path / "turn.secret").write_text(secret + "\n")
    server = ServerProcess(tmp_path / "db.sqlite3", "--stun", "stun:127.0.0.1:3478",
                           "--turn", "turn:127.0.0.1:3478?transport=udp",
                           "--turn-secret-file", str(tmp_path / "turn.secret")).start()
    try:
        code, members = room_of(server, players=2)
        members[0].send(op="settings", on=True)
        raw = members[0].ws.recv(timeout=10)
        while json.loads(raw)["type"] != "media":
            raw = members[0].ws.recv(timeout=10)
        assert secret not in raw
        stun, turn = json.loads(raw)["ice"]
        assert stun == {"urls": ["stun:127.0.0.1:3478"], "username": None, "credential": None} \
            or stun == {"urls": ["stun:127.0.0.1:3478"]}
        expiry, room = turn["username"].split(":")
        assert room == code and 0 < int(expiry) - time.time() <= 4 * 3600 + 60
        digest = hmac.new(secret.encode(), turn["username"].encode(), hashlib.sha1).digest()
        assert turn["credential"] == base64.b64encode(digest).decode()
    finally:
        server.stop()


def test_an_unreadable_turn_secret_file_stops_the_server_at_start(tmp_path: Path) -> None:
    done = subprocess.run([TICTAC, "serve", "--db", str(tmp_path / "x.sqlite3"),
                           "--turn", "turn:127.0.0.1:3478",
                           "--turn-secret-file", str(tmp_path / "missing")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stderr.startswith("--turn-secret-file: ")


def test_an_sfu_carries_a_table_over_the_mesh_or_by_the_hosts_choice(tmp_path: Path) -> None:
    """With `--sfu`: a roster of 4 is a mesh (no access), 5 members go through the SFU (the
    mesh's size, as measured on a phone-class page), the host may choose it for 4; the access
    is the room's own, its token signed with the secret (Janus's token_auth_secret scheme),
    the secret never sent."""
    secret = "the SFU's token secret"
    (tmp_path / "sfu.secret").write_text(secret + "\n")
    server = ServerProcess(tmp_path / "db.sqlite3", "--sfu", "http://127.0.0.1:8088/janus",
                           "--sfu-secret-file", str(tmp_path / "sfu.secret")).start()
    try:
        _, small = room_of(server, players=4)
        _, large = room_of(server, game="times-up", players=5)
        small[0].send(op="settings", on=True)
        mesh = small[0].roster(lambda roster: roster["on"])
        assert mesh["sfu_offered"] and mesh["sfu_access"] is None
        small[0].send(op="settings", on=True, audience=False, sfu=True)
        chosen = small[0].roster(lambda roster: roster["sfu"])
        large[0].send(op="settings", on=True)
        grown = large[4].roster(lambda roster: roster["on"])
        assert len(grown["peers"]) == 5 and grown["sfu_offered"] and not grown["sfu"]
        for roster in (chosen, grown):
            access = roster["sfu_access"]
            assert access["url"] == "http://127.0.0.1:8088/janus"
            signed, signature = access["token"].rsplit(":", 1)
            expiry, realm, plugin = signed.split(",")
            assert (realm, plugin) == ("janus", "janus.plugin.videoroom")
            assert 0 < int(expiry) - time.time() <= 4 * 3600 + 60
            digest = hmac.new(secret.encode(), signed.encode(), hashlib.sha1).digest()
            assert signature == base64.b64encode(digest).decode()
        assert chosen["sfu_access"]["room"] != grown["sfu_access"]["room"]
        assert chosen["sfu_access"]["pin"] != grown["sfu_access"]["pin"]
        assert all(secret not in json.dumps(roster) for roster in (chosen, grown))
    finally:
        server.stop()
