"""A socket closed with 1012 (CLOSE_MOVED: the room moved, or its server stops; reconnect at
once) ends as soon as its close frame is written, without waiting for the client's close
reply: a client (websockets, a browser) hears the close only once the connection ends, and a
stopping server's event loop, handing its rooms on, read that reply 0.7 to 0.8 s late in a
rolling upgrade (`bench/cluster_chaos.py`): most of a moved room's stall."""

from __future__ import annotations

import socket

from serverproc import InProcessServer
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from tictac.rooms.room import CLOSE_MOVED
from tictac.server.ws_protocol import FloodProofProtocol

UPGRADE = (b"GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
           b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
           b"Sec-WebSocket-Version: 13\r\n\r\n")
# uvicorn ends a closed socket whose reply never comes after its close timeout (10 s): a
# read that waits half of it means the connection waited for the reply
BOUND_S = 5.0


async def moved(websocket: WebSocket) -> None:
    await websocket.accept()
    await websocket.close(CLOSE_MOVED)
    await websocket.receive()  # (the disconnect)


def test_a_socket_closed_as_moved_ends_without_the_clients_close_reply() -> None:
    app = Starlette(routes=[WebSocketRoute("/ws", moved)])
    with InProcessServer(app, ws=FloodProofProtocol) as server, \
            socket.create_connection(("127.0.0.1", server.port)) as client:
        client.settimeout(BOUND_S)
        client.sendall(UPGRADE)
        received = b""
        while chunk := client.recv(4096):  # never a close reply: read until the end (before:
            # TimeoutError)
            received += chunk
        head, _, frames = received.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101")
        assert frames[:4] == bytes((0x88, 2)) + CLOSE_MOVED.to_bytes(2, "big")
