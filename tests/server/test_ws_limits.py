"""Limits that protect a room from one of its own clients, over real WebSockets against a real
`tictac serve` (issue 9, items 5 and 7): chat lines per player across all their sockets and per
room, a client that stops reading, a message that cannot be sent. (Sockets per token:
test_seat_keys.py, the newest wins.)"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverproc import PATIENCE_S, InProcessServer, ServerProcess
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tictac.rooms.stats import Stats
from tictac.server.connection import Connection
from tictac.server.quotas import QuotaSettings
from tictac.server.ws_protocol import FloodProofProtocol

QUOTAS = QuotaSettings()


def room_with(server: ServerProcess, names: list[str]) -> tuple[str, list[str]]:
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/rooms", json={"game": "timos-twist", "name": names[0]}).json()
        tokens = [made["token"]] + [
            http.post(f"/api/rooms/{made['code']}/join", json={"name": name}).json()["token"]
            for name in names[1:]]
    return made["code"], tokens


def open_ws(server: ServerProcess, code: str, token: str, **options: Any) -> ClientConnection:
    """A socket whose incoming queue never fills: a test socket that reads only some of what
    it is sent must not stall its reader thread, or closing it waits for ever."""
    options = {"max_queue": None, **options}
    ws: ClientConnection = connect(f"{server.ws_base}/ws/{code}",
                                   compression=None, **options).__enter__()
    ws.send(json.dumps({"type": "hello", "token": token}))
    return ws


def drain(ws: ClientConnection, quiet_s: float = 0.5) -> list[dict[str, Any]]:
    """Every message until none comes for `quiet_s`."""
    got = []
    while True:
        try:
            got.append(json.loads(ws.recv(timeout=quiet_s)))
        except TimeoutError:
            return got


def chat_lines(messages: list[dict[str, Any]]) -> int:
    return sum(1 for message in messages if message["type"] == "chat")


def limited(messages: list[dict[str, Any]]) -> int:
    return sum(1 for message in messages if message.get("code") == "chat_limited")


def test_chat_is_limited_per_player_across_all_their_sockets(server: ServerProcess) -> None:
    code, (talker, watcher) = room_with(server, ["Talker", "Watcher"])
    sockets = [open_ws(server, code, talker) for _ in range(3)]
    audience = open_ws(server, code, watcher)
    drain(audience)
    for index in range(4):  # 12 lines in a moment, from three sockets of one player
        for ws in sockets:
            ws.send(json.dumps({"type": "chat", "text": f"line {index}"}))
    heard = chat_lines(drain(audience))
    refused = sum(limited(drain(ws)) for ws in sockets)
    # The burst, plus what refilled while the lines were sent (well under a second).
    assert QUOTAS.chat_burst <= heard <= QUOTAS.chat_burst + 1
    assert heard + refused == 12
    for ws in [*sockets, audience]:
        ws.close()


def test_chat_is_limited_per_room(server: ServerProcess) -> None:
    names = [f"P{index}" for index in range(6)]
    code, tokens = room_with(server, names)
    sockets = [open_ws(server, code, token) for token in tokens]
    drain(sockets[0])
    for ws in sockets:  # each player stays within their own burst: 6 x 4 = 24 lines
        for index in range(4):
            ws.send(json.dumps({"type": "chat", "text": f"hello {index}"}))
    heard = chat_lines(drain(sockets[0]))
    assert QUOTAS.room_chat_burst <= heard <= QUOTAS.room_chat_burst + 2 < 24
    for ws in sockets:
        ws.close()


@pytest.fixture
def fast_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """Its own server: a per-socket rate high enough for one client to outrun its reading."""
    process = ServerProcess(tmp_path / "tictac.sqlite3", "--rate", "5000").start()
    yield process
    process.stop()


def connections(server: ServerProcess) -> int:
    count: int = httpx.get(server.base + "/healthz").json()["connections"]
    return count


def test_a_client_that_stops_reading_is_closed_with_1013_and_the_room_goes_on(
        fast_server: ServerProcess) -> None:
    code, (slow_token, other_token) = room_with(fast_server, ["Slow", "Other"])
    other = open_ws(fast_server, code, other_token)
    # A client library that stops reading as soon as one message waits: the server's
    # writes to this socket back up once the network's buffers are full.
    slow = open_ws(fast_server, code, slow_token, max_queue=1, ping_interval=None)
    assert connections(fast_server) == 2
    deadline = time.monotonic() + 60
    while connections(fast_server) == 2 and time.monotonic() < deadline:
        for _ in range(200):  # each `sync` is answered with the room and the view
            slow.send(json.dumps({"type": "sync"}))
    assert connections(fast_server) == 1  # the room let the slow client go
    drain(other)
    other.send(json.dumps({"type": "ping", "t": 1}))
    assert json.loads(other.recv(timeout=PATIENCE_S))["type"] == "pong"  # and goes on
    with pytest.raises(ConnectionClosed) as closed:  # reading again: what the network held,
        while True:  # then the close frame (a busy machine may take long to pass it on)
            slow.recv(timeout=PATIENCE_S)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
    other.close()


@pytest.mark.parametrize("ws", ["websockets-sansio", FloodProofProtocol])
def test_a_message_that_cannot_be_sent_closes_the_socket_with_1011(ws: Any) -> None:
    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        conn = Connection(websocket, Stats(), 16)
        conn.send('{"text":"\ud800"}')  # a str no UTF-8 encoder takes
        conn.send('{"text":"after"}')
        await websocket.receive()  # until the client goes
        await conn.finish()

    app = Starlette(routes=[WebSocketRoute("/ws", endpoint)])
    with InProcessServer(app, ws) as served, connect(f"ws://127.0.0.1:{served.port}/ws") as client:
        with pytest.raises(ConnectionClosed) as closed:
            client.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1011


# Around each frame-length boundary (7-bit, 16-bit, 64-bit lengths), and text beyond ASCII.
SIZES = [0, 1, 125, 126, 127, 65_535, 65_536, 70_000]
COUNT = 20_000  # messages of 1 KiB


def test_messages_written_at_once_or_queued_arrive_whole_and_in_order() -> None:
    """The server writes a frame at once while nothing waits before it, and queues it while the
    client does not read (the socket's buffers full) and until the queue is empty again: the
    client, reading late, gets every message whole, in the order sent, then the close."""
    used: list[bool] = []
    queued: list[int] = []

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        conn = Connection(websocket, Stats(), 100_000)
        used.append(conn._write_now is not None)
        for size in SIZES:
            conn.send("é" * (size // 2) + "x" * (size % 2))
        # More than the network holds for a client not reading, sent on while it reads again.
        for number in range(COUNT):
            conn.send(f'{{"n":{number},"pad":"{"p" * 1000}"}}')
            if number % 100 == 99:
                queued.append(len(conn._outbox))
                await asyncio.sleep(0.015)
        conn.close(1000)
        await websocket.receive()
        await conn.finish()

    app = Starlette(routes=[WebSocketRoute("/ws", endpoint)])
    with InProcessServer(app, FloodProofProtocol) as served, \
            connect(f"ws://127.0.0.1:{served.port}/ws", max_size=None) as client:
        time.sleep(1)  # not reading yet
        for size in SIZES:
            assert client.recv(timeout=10) == "é" * (size // 2) + "x" * (size % 2)
        assert [json.loads(client.recv(timeout=10))["n"] for _ in range(COUNT)] == list(
            range(COUNT))
        with pytest.raises(ConnectionClosed) as closed:
            client.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1000
    assert used == [True] and max(queued) > 0  # both ways were taken
