"""The server's keepalive pings (ws_protocol.FloodProofProtocol.send_keepalive_ping): a client
that keeps sending is never pinged, its messages proving it there; one that has sent nothing
for the ping interval is pinged, and closed (1011) if its pong does not come within the ping's
timeout. Over a real socket, against uvicorn serving an app that listens as `tictac serve`'s
endpoint does (`READ_TEXT`)."""

from __future__ import annotations

import select
import time

from rawws import CLOSE, RawClient
from serverproc import PATIENCE_S, InProcessServer
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from tictac.server.connection import READ_TEXT
from tictac.server.ws_protocol import FloodProofProtocol

PING = 0x9
INTERVAL_S = 2.0  # the test server's ping interval (a stall of the machine this long would
# make a ping due)
TIMEOUT_S = 0.5  # and how long it waits for a pong
SEND_EVERY_S = 0.1  # how often the talking client sends: a twentieth of the interval


def listening_app(heard: list[str]) -> Starlette:
    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        hooks = websocket.scope["extensions"][READ_TEXT]
        hooks["listen"](lambda text: heard.append(text) or 0.0)
        await hooks["gone"]()
        hooks["listen"](None)

    return Starlette(routes=[WebSocketRoute("/ws", endpoint)])


def waiting_frames(client: RawClient) -> list[tuple[int, bytes]]:
    """The frames the server has written so far, without waiting for more (and, once it ended
    the connection, an opcode of -1)."""
    frames = []
    while select.select([client.sock], [], [], 0)[0]:
        try:
            frames += client.read_once()
        except ConnectionError:
            return [*frames, (-1, b"")]
    return frames


def test_a_client_that_keeps_sending_is_not_pinged_and_a_silent_one_is_then_closed() -> None:
    heard: list[str] = []
    with InProcessServer(listening_app(heard), FloodProofProtocol, ws_ping_interval=INTERVAL_S,
                         ws_ping_timeout=TIMEOUT_S) as served:
        client = RawClient(served.port, "/ws")
        got: list[tuple[int, bytes]] = []
        sent = 0
        until = time.monotonic() + 2 * INTERVAL_S  # two intervals: two pings before
        while time.monotonic() < until and not got:
            client.send(client.frame(str(sent)))
            sent += 1
            time.sleep(SEND_EVERY_S)  # (paces the sending; no result hangs on it)
            got += waiting_frames(client)
        assert got == []  # not one ping while it kept sending
        # Silent from now on: pinged, and, with no pong, closed for the keepalive's timeout.
        opcode, payload = client.recv()
        assert opcode == PING
        deadline = time.monotonic() + PATIENCE_S
        while opcode != CLOSE and time.monotonic() < deadline:
            opcode, payload = client.recv()
        assert opcode == CLOSE and int.from_bytes(payload[:2], "big") == 1011
        client.close()
    assert heard == [str(n) for n in range(sent)]
