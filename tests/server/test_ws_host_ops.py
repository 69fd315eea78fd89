"""Host operations that reach the server as WebSocket lobby messages, against a real
`tictac serve` (issue 9, item 5): kicking a spectator and making finished games' replays public."""

from __future__ import annotations

import json

import httpx
import pytest
from serverproc import ServerProcess
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect


def open_ws(server: ServerProcess, code: str, token: str) -> ClientConnection:
    ws: ClientConnection = connect(f"{server.ws_base}/ws/{code}",
                                   compression=None, max_queue=None).__enter__()
    ws.send(json.dumps({"type": "hello", "token": token}))
    return ws


def refused_token(server: ServerProcess, code: str, token: str) -> bool:
    """Whether the server closes a new socket with this token as unknown (4401)."""
    ws = open_ws(server, code, token)
    try:
        while True:
            if json.loads(ws.recv(timeout=10))["type"] == "room":
                return False
    except ConnectionClosed as closed:
        return closed.rcvd is not None and closed.rcvd.code == 4401
    finally:
        ws.close()


def answers(ws: ClientConnection, kind: str) -> dict[str, object]:
    """The next message of type `kind` (others, such as room summaries, are passed over)."""
    while True:
        message: dict[str, object] = json.loads(ws.recv(timeout=10))
        if message["type"] == kind:
            return message


def test_the_host_kicks_a_spectator_by_name_and_their_socket_closes(
        server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/rooms", json={"game": "time-bomb", "name": "Host"}).json()
        code = made["code"]
        watcher = http.post(f"/api/rooms/{code}/join",
                            json={"name": "Lurker", "spectator": True}).json()
        host, seen = open_ws(server, code, made["token"]), open_ws(server, code, watcher["token"])
        # Connected before the kick (kicked before, its token would be unknown: 4401)
        answers(seen, "room")
        host.send(json.dumps({"type": "lobby", "op": "kick_spectator", "name": "Nobody"}))
        assert answers(host, "error")["code"] == "no_spectator"
        host.send(json.dumps({"type": "lobby", "op": "kick_spectator", "name": "Lurker"}))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                seen.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
        assert refused_token(server, code, watcher["token"])  # the place went with its token
        host.close()


def test_a_spectator_cannot_kick_anyone(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/rooms", json={"game": "time-bomb", "name": "Host"}).json()
        code = made["code"]
        one = http.post(f"/api/rooms/{code}/join", json={"name": "One", "spectator": True}).json()
        two = http.post(f"/api/rooms/{code}/join", json={"name": "Two", "spectator": True}).json()
        ws = open_ws(server, code, one["token"])
        ws.send(json.dumps({"type": "lobby", "op": "kick_spectator", "name": "Two"}))
        assert answers(ws, "error")["code"] == "not_host"
        assert not refused_token(server, code, two["token"])
        ws.close()


def test_set_replays_is_a_host_op_the_server_accepts(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/rooms", json={"game": "time-bomb", "name": "Host"}).json()
        host = open_ws(server, made["code"], made["token"])
        host.send(json.dumps({"type": "lobby", "op": "set_replays", "public": "yes"}))
        assert answers(host, "error")["code"] == "bad_message"
        host.send(json.dumps({"type": "lobby", "op": "set_replays", "public": True, "id": 7}))
        host.send(json.dumps({"type": "ping", "t": 1}))
        assert answers(host, "pong")["t"] == 1  # no error came before the pong
        host.close()
