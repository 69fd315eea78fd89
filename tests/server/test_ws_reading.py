"""How the server's WebSocket protocol hands the client's messages to the app (`READ_TEXT`,
issue 23): each one as it is parsed, to a function, with no queue and no task switch between.
Those the app had not received when it began to listen come first; a pause the reader asks
for holds the rest back, in order; a text message that is not UTF-8 still closes with 1007.
Over real sockets: an app served by uvicorn with `FloodProofProtocol`, and `tictac serve`."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
from rawws import BINARY, CLOSE, RawClient
from serverproc import PATIENCE_S, InProcessServer, ServerProcess
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from tictac.server.connection import READ_TEXT
from tictac.server.ws_protocol import FloodProofProtocol

PAUSE_S = 0.3


def test_what_came_before_listening_is_handed_on_first_then_each_message_as_parsed() -> None:
    """Five messages queued before the app listens, then five more, a binary one among them
    (decoded with replacement, as the app's loop over `receive` decodes it), and a pause the
    reader asks for: every message reaches the reader once, in the order sent, and none after
    the pause before it is over."""
    got: list[tuple[str, float]] = []
    queued: list[int] = []

    def reader(text: str) -> float:
        got.append((text, time.monotonic()))
        return PAUSE_S if text == "pause" else 0.0

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        listen = websocket.scope["extensions"][READ_TEXT]["listen"]
        protocol = listen.__self__  # (the test looks at its queue: the five are in it)
        deadline = time.monotonic() + PATIENCE_S
        while len(protocol.received) < 5 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        queued.append(len(protocol.received))
        listen(reader)
        assert (await websocket.receive())["type"] == "websocket.disconnect"
        listen(None)

    app = Starlette(routes=[WebSocketRoute("/ws", endpoint)])
    with InProcessServer(app, FloodProofProtocol) as served:
        client = RawClient(served.port, "/ws")
        client.send(*(client.frame(str(n)) for n in range(5)))  # one write
        deadline = time.monotonic() + PATIENCE_S
        while not got and time.monotonic() < deadline:
            time.sleep(0.01)
        client.send(client.frame("5"), client.frame(b"6\xff", BINARY), client.frame("pause"),
                    client.frame("7"), client.frame("8"))
        while len(got) < 10 and time.monotonic() < deadline:
            time.sleep(0.01)
        client.close()
    assert queued == [5]
    assert [text for text, _ in got] == ["0", "1", "2", "3", "4", "5", "6\ufffd", "pause",
                                         "7", "8"]
    paused_at = got[7][1]
    assert got[8][1] - paused_at >= PAUSE_S * 0.9  # (a timer may fire a hair early)


def test_a_text_message_that_is_not_utf8_closes_the_socket_with_1007(tmp_path: Path) -> None:
    """On `tictac serve`, past the hello, where the app listens."""
    server = ServerProcess(tmp_path / "tictac.sqlite3").start()
    try:
        with httpx.Client(base_url=server.base) as http:
            made = http.post("/api/rooms", json={"game": "time-bomb", "name": "A"}).json()
        client = RawClient(server.port, f"/ws/{made['code']}")
        client.send(client.frame(json.dumps({"type": "hello", "token": made["token"]})))
        client.send(client.frame(json.dumps({"type": "ping", "t": 1})))
        answers = []
        while (answer := json.loads(client.recv()[1]))["type"] != "pong":
            answers.append(answer["type"])
        assert "room" in answers
        client.send(client.frame(b'{"type": "ping", "t": "\xff"}'))
        while (frame := client.recv())[0] != CLOSE:
            pass
        assert int.from_bytes(frame[1][:2], "big") == 1007
        client.close()
    finally:
        server.stop()


def test_a_hello_and_the_messages_behind_it_in_one_write_are_all_answered_in_order(
        tmp_path: Path) -> None:
    """On `tictac serve`: the pings that reached the server with the hello wait in the queue
    while the room takes the client in, and are answered first, in order, then the next."""
    server = ServerProcess(tmp_path / "tictac.sqlite3").start()
    try:
        with httpx.Client(base_url=server.base) as http:
            made = http.post("/api/rooms", json={"game": "time-bomb", "name": "A"}).json()
        client = RawClient(server.port, f"/ws/{made['code']}")
        client.send(client.frame(json.dumps({"type": "hello", "token": made["token"]})),
                    *(client.frame(json.dumps({"type": "ping", "t": t})) for t in range(5)))
        pongs: list[Any] = []
        while len(pongs) < 5:
            answer = json.loads(client.recv()[1])
            if answer["type"] == "pong":
                pongs.append(answer["t"])
        client.send(client.frame(json.dumps({"type": "ping", "t": 5})))
        while (answer := json.loads(client.recv()[1]))["type"] != "pong":
            pass
        assert [*pongs, answer["t"]] == [0, 1, 2, 3, 4, 5]
        client.close()
    finally:
        server.stop()


def masked(payload: str, mask: bytes, *, opcode: int = 0x1, fin: bool = True) -> bytes:
    """A client's frame of a short `payload`, masked with `mask`."""
    data = payload.encode()
    assert len(data) < 126 and len(mask) == 4
    return (bytes(((0x80 if fin else 0) | opcode, 0x80 | len(data))) + mask
            + bytes(byte ^ mask[n % 4] for n, byte in enumerate(data)))


def test_a_read_of_one_whole_short_text_frame_skips_the_parser_and_every_other_read_parses(
        ) -> None:
    """A read that is exactly one short text message, while websockets' parser waits between
    frames, is handed on without the parser (`read_alone`: it is not fed); a frame split across
    reads whose second part looks like such a message, a fragmented message, a message sent in
    the middle of one (a protocol error: 1002) and a ping all go through websockets as before.
    Each write waits for the server to have read the one before (the spy on the parser's feed)."""
    got: list[str] = []
    fed: list[bytes] = []

    def reader(text: str) -> float:
        got.append(text)
        return 0.0

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        listen = websocket.scope["extensions"][READ_TEXT]["listen"]
        conn = listen.__self__.conn
        feed = conn.receive_data

        def spied(data: bytes) -> None:  # (the real parser still parses it)
            fed.append(bytes(data))
            feed(data)

        conn.receive_data = spied
        listen(reader)
        assert (await websocket.receive())["type"] == "websocket.disconnect"
        listen(None)

    def until(done: Any) -> None:
        deadline = time.monotonic() + PATIENCE_S
        while not done() and time.monotonic() < deadline:
            time.sleep(0.005)
        assert done()

    app = Starlette(routes=[WebSocketRoute("/ws", endpoint)])
    with InProcessServer(app, FloodProofProtocol) as served:
        client = RawClient(served.port, "/ws")
        for n, text in enumerate(["one", "", "x" * 125]):
            client.send(masked(text, bytes((n + 1, 0x5A, 0xA5, 0xFF))))
            until(lambda n=n: len(got) == n + 1)
        assert got == ["one", "", "x" * 125]
        assert fed == []
        # mask and payload, read alone, look like a whole frame of 7 bytes: they are not one
        split = masked("confused", bytes((0x81, 0x80 | 6, 7, 9)))
        client.send(split[:2])
        until(lambda: len(fed) == 1)
        client.send(split[2:])
        until(lambda: len(got) == 4)
        client.send(masked("frag", b"\1\2\3\4", fin=False))
        until(lambda: len(fed) == 3)
        client.send(masked("ment", b"\4\3\2\1", opcode=0x0))
        until(lambda: len(got) == 5)
        client.send(masked("ping!", b"\0\1\0\1", opcode=0x9))
        assert client.recv() == (0xA, b"ping!")
        client.send(masked("half", b"\1\1\1\1", fin=False))
        until(lambda: len(fed) == 6)
        client.send(masked("whole", b"\2\2\2\2"))
        while (frame := client.recv())[0] != CLOSE:
            pass
        client.close()
    assert got[3:] == ["confused", "fragment"]
    assert int.from_bytes(frame[1][:2], "big") == 1002  # as websockets answers it
    assert len(fed) == 7
