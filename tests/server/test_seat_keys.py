"""A seat's key stays with its owner, over real sockets against a real `tictac serve` (issue 20,
item 5; issue 24, item 4): no token is taken from a URL, a WebSocket says hello with its token
first, a one-time rejoin code moves the seat to another device and the old device is told, and
the seat's owner always gets back in (the newest connection wins)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from serverproc import ServerProcess
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tictac.server.quotas import QuotaSettings

pytestmark = pytest.mark.timeout(180)
SOCKETS = QuotaSettings().sockets_per_token


def new_room(server: ServerProcess) -> dict[str, Any]:
    made: dict[str, Any] = httpx.post(server.base + "/api/rooms",
                                      json={"game": "time-bomb", "name": "Ann"}).json()
    return made


def socket(server: ServerProcess, code: str, token: str | None) -> ClientConnection:
    """A WebSocket to the room; `token`: its hello, sent first (None: no hello)."""
    ws: ClientConnection = connect(f"{server.ws_base}/ws/{code}", max_queue=None).__enter__()
    if token is not None:
        ws.send(json.dumps({"type": "hello", "token": token}))
    return ws


def refusal(ws: ClientConnection) -> tuple[str, int]:
    """The error the server sent, then the code it closed with."""
    error = json.loads(ws.recv(timeout=30))
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.recv(timeout=30)
    assert closed.value.rcvd is not None
    return error["code"], closed.value.rcvd.code


def first(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=30))
    return message


def rejoin_code(server: ServerProcess, code: str, token: str) -> httpx.Response:
    return httpx.post(f"{server.base}/api/rooms/{code}/rejoin-code", json={},
                      headers={"Authorization": f"Bearer {token}"})


def rejoin(server: ServerProcess, code: str, rejoin: str) -> httpx.Response:
    return httpx.post(f"{server.base}/api/rooms/{code}/rejoin", json={"rejoin": rejoin})


def test_a_token_in_a_url_gets_no_seat(server: ServerProcess) -> None:
    made = new_room(server)
    code, token = made["code"], made["token"]
    ws = connect(f"{server.ws_base}/ws/{code}?token={token}").__enter__()
    assert refusal(ws) == ("token_in_url", 4400)
    replay = httpx.get(f"{server.base}/api/rooms/{code}/replay", params={"token": token})
    assert (replay.status_code, replay.json()["code"]) == (400, "token_in_url")


def test_the_hello_comes_first_and_holds_the_token(server: ServerProcess) -> None:
    made = new_room(server)
    code, token = made["code"], made["token"]
    talker = socket(server, code, None)
    talker.send(json.dumps({"type": "sync"}))  # anything else first
    assert refusal(talker) == ("hello_expected", 4400)
    for wrong in ({"type": "hello"}, {"type": "hello", "token": 5},
                  {"type": "hello", "token": token, "more": 1}, "not json"):
        ws = socket(server, code, None)
        ws.send(wrong if isinstance(wrong, str) else json.dumps(wrong))
        assert refusal(ws) == ("hello_expected", 4400)
    assert refusal(socket(server, code, "stolen")) == ("bad_token", 4401)
    ws = socket(server, code, token)
    ws.send(json.dumps({"type": "ping", "t": 1}))  # sent at once: answered after the hello
    answers = [first(ws)["type"] for _ in range(2)]
    assert answers == ["room", "pong"]
    ws.send(json.dumps({"type": "hello", "token": token}))  # once only
    assert first(ws)["code"] == "unknown_type"
    ws.close()


def test_a_replay_takes_its_token_from_the_authorization_header(server: ServerProcess) -> None:
    made = new_room(server)
    code, token = made["code"], made["token"]
    for _ in range(3):
        httpx.post(f"{server.base}/api/rooms/{code}/join", json={"name": f"B{_}"})
    host = socket(server, code, token)
    first(host)
    host.send(json.dumps({"type": "lobby", "op": "start"}))
    while first(host)["type"] != "view":
        pass
    url = f"{server.base}/api/rooms/{code}/replay"
    assert httpx.get(url).json()["code"] == "bad_token"  # playing: only with a token
    seen = httpx.get(url, headers={"Authorization": f"Bearer {token}"})
    assert seen.status_code == 200 and seen.json()["steps"][0]["view"]["seat"] == 0
    host.close()


def test_a_rejoin_code_moves_the_seat_once_and_tells_the_old_device(
        server: ServerProcess) -> None:
    made = new_room(server)
    code, token = made["code"], made["token"]
    old = socket(server, code, token)
    assert first(old)["type"] == "room"
    assert rejoin_code(server, code, "stolen").json()["code"] == "bad_token"
    unsigned = httpx.post(f"{server.base}/api/rooms/{code}/rejoin-code", json={})
    assert (unsigned.status_code, unsigned.json()["code"]) == (401, "bad_token")
    asked = rejoin_code(server, code, token).json()
    assert set(asked) == {"rejoin", "expires_in_s"} and token not in asked["rejoin"]
    moved = rejoin(server, code, asked["rejoin"])
    assert moved.status_code == 200
    new_token = moved.json()["token"]
    assert new_token != token and moved.json()["seat"] == 0
    assert moved.json()["room"]["you"]["seat"] == 0
    while (message := first(old))["type"] != "error":
        pass
    assert message["code"] == "seat_moved"
    with pytest.raises(ConnectionClosed) as closed:
        old.recv(timeout=30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410
    again = rejoin(server, code, asked["rejoin"])  # one-time
    assert (again.status_code, again.json()["code"]) == (410, "bad_rejoin")
    assert refusal(socket(server, code, token)) == ("seat_moved", 4410)
    new = socket(server, code, new_token)
    assert first(new)["room"]["you"]["seat"] == 0
    new.close()


@pytest.fixture(scope="module")
def short_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose rejoin codes and hellos may be 1 s late at most."""
    process = ServerProcess(tmp_path_factory.mktemp("short") / "tictac.sqlite3",
                            "--rejoin-ttl-s", "1", "--hello-timeout-s", "1").start()
    yield process
    process.stop()


def test_an_expired_rejoin_code_is_refused(short_server: ServerProcess) -> None:
    made = new_room(short_server)
    asked = rejoin_code(short_server, made["code"], made["token"]).json()
    assert asked["expires_in_s"] == 1
    time.sleep(1.5)  # past its second whatever the machine's speed: the refusal cannot flake
    late = rejoin(short_server, made["code"], asked["rejoin"])
    assert (late.status_code, late.json()["code"]) == (410, "bad_rejoin")


def test_a_socket_that_never_says_hello_is_closed(short_server: ServerProcess) -> None:
    made = new_room(short_server)
    silent = socket(short_server, made["code"], None)
    assert refusal(silent) == ("hello_expected", 4400)


def test_the_newest_connection_wins_and_the_oldest_is_closed(server: ServerProcess) -> None:
    made = new_room(server)
    code, token = made["code"], made["token"]
    held = [socket(server, code, token) for _ in range(SOCKETS)]  # a thief's, say
    for ws in held:
        assert first(ws)["type"] == "room"
    owner = socket(server, code, token)
    assert first(owner)["type"] == "room"  # not too_many_connections: the owner gets in
    assert refusal(held[0]) == ("superseded", 4409)
    for ws in [*held[1:], owner]:  # the others stay open
        ws.send(json.dumps({"type": "ping", "t": 2}))
        while first(ws)["type"] != "pong":
            pass
        ws.close()


def test_rejoin_bodies_are_checked(server: ServerProcess) -> None:
    made = new_room(server)
    url = f"{server.base}/api/rooms/{made['code']}/rejoin"
    assert httpx.post(url, json={}).json()["code"] == "bad_message"
    assert httpx.post(url, json={"rejoin": 5}).json()["code"] == "bad_message"
    assert httpx.post(url, content=b"x").json()["code"] == "not_json"
    unknown = httpx.post(f"{server.base}/api/rooms/ZZZZZ/rejoin", json={"rejoin": "x"})
    assert unknown.json()["code"] == "no_room"
