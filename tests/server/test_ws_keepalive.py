"""The server's keepalive pings (ws_protocol.Keepalive, FloodProofProtocol.keep_alive): a client
that keeps sending is never pinged, its messages proving it there; one that has sent nothing
for the ping interval is pinged, and closed (1011) if its pong does not come within the ping's
timeout; one that answers is pinged once an interval, not at every sweep; and a server's
sockets share one timer, none of them a timer of its own. Over real sockets, against uvicorn
serving an app that listens as `tictac serve`'s endpoint does (`READ_TEXT`)."""

from __future__ import annotations

import select
import time
from typing import Any

import pytest
from rawws import CLOSE, RawClient
from serverproc import PATIENCE_S, InProcessServer
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from tictac.server.connection import READ_TEXT
from tictac.server.ws_protocol import FloodProofProtocol, Keepalive

PING, PONG = 0x9, 0xA
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


ANSWERED_INTERVAL_S = 0.5  # the ping interval while clients answer (their pongs do not come
ANSWERED_TIMEOUT_S = 30.0  # late: a stall of the machine must not close them)
INTERVALS = 6  # how many intervals the answering clients count their pings over


@pytest.mark.parametrize("loop", ["uvloop", "asyncio"])
def test_a_silent_client_that_answers_is_pinged_once_an_interval(loop: str) -> None:
    with InProcessServer(listening_app([]), FloodProofProtocol, loop=loop,
                         ws_ping_interval=ANSWERED_INTERVAL_S,
                         ws_ping_timeout=ANSWERED_TIMEOUT_S) as served:
        clients = [RawClient(served.port, "/ws") for _ in range(3)]
        pings = [0 for _ in clients]
        until = time.monotonic() + INTERVALS * ANSWERED_INTERVAL_S
        while time.monotonic() < until:
            select.select([client.sock for client in clients], [], [], ANSWERED_INTERVAL_S / 10)
            for number, client in enumerate(clients):
                for opcode, payload in waiting_frames(client):
                    assert opcode == PING
                    pings[number] += 1
                    client.send(client.frame(payload, PONG))
        # once an interval (one more for the window's edges, one for a ping the machine held
        # back), not at each of the sweeps, four an interval
        assert all(1 <= count <= INTERVALS + 2 for count in pings), pings
        for client in clients:
            client.close()


def test_the_sockets_of_a_server_share_one_keepalive_timer() -> None:
    with InProcessServer(listening_app([]), FloodProofProtocol, ws_ping_interval=INTERVAL_S,
                         ws_ping_timeout=TIMEOUT_S) as served:
        clients = [RawClient(served.port, "/ws") for _ in range(5)]
        protocols: set[Any] = set(served.server.server_state.connections)  # (all 5 made)
        deadline = time.monotonic() + PATIENCE_S
        while sum(len(keepalive.sockets) for keepalive in
                  {id(protocol.wide.keepalive): protocol.wide.keepalive
                   for protocol in protocols}.values()) < 5:  # (handshakes ending)
            assert time.monotonic() < deadline, "the sockets were never all kept alive"
            time.sleep(0.01)
        assert len({id(protocol.wide.keepalive) for protocol in protocols}) == 1
        keepalive: Keepalive = next(iter(protocols)).wide.keepalive
        assert keepalive.sockets == set(protocols) and keepalive.timer is not None
        assert all(protocol.ping_timer is None and protocol.pong_timer is None
                   for protocol in protocols)
        for client in clients:
            client.close()
        while keepalive.sockets or keepalive.timer is not None:  # its timer goes with them
            assert time.monotonic() < deadline, "the keepalive outlived its sockets"
            time.sleep(0.01)
