"""What uvicorn sets alike on every connection's protocol of a server is kept once per server
(ws_protocol.ServerWide), and each protocol still reads its own server's values."""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from rawws import RawClient
from serverproc import InProcessServer
from test_ws_keepalive import listening_app
from uvicorn.server import ServerState

from tictac.server.ws_protocol import SERVER_WIDE, FloodProofProtocol


async def app(scope: object, receive: object, send: object) -> None:
    """(never called: the protocols here see no connection)"""


def test_a_server_s_protocols_share_what_uvicorn_sets_alike() -> None:
    async def made() -> None:
        config = uvicorn.Config(app, ws=FloodProofProtocol)
        config.load()
        one, other = ServerState(), ServerState()
        app_state: dict[str, object] = {}
        first, second, elsewhere = (FloodProofProtocol(config=config, server_state=state,
                                                       app_state=app_state)
                                    for state in (one, one, other))
        assert first.wide is second.wide and first.wide is not elsewhere.wide
        assert first.config is config and first.loop is asyncio.get_running_loop()
        assert first.connections is one.connections and elsewhere.tasks is other.tasks
        # uvicorn's own names, none of them in each protocol's __dict__
        assert not set(SERVER_WIDE) & set(vars(second))
        second.close_timeout = 3.0  # unlike the others': that protocol's alone
        assert second.close_timeout == 3.0 and first.close_timeout == 10.0
        assert second.wide is not first.wide and second.config is config

    asyncio.run(made())


def test_the_connections_of_a_running_server_share_one_server_wide() -> None:
    """uvicorn sets the listening address and scheme to None as it makes each connection's
    protocol, and to their values once the connection is made: neither gives a connection a
    ServerWide of its own (each had one, some 180 bytes a socket)."""
    with InProcessServer(listening_app([]), FloodProofProtocol) as served:
        clients = [RawClient(served.port, "/ws") for _ in range(5)]
        protocols: list[Any] = list(served.server.server_state.connections)  # (all 5 made)
        assert len(protocols) == 5
        assert len({id(protocol.wide) for protocol in protocols}) == 1
        assert {protocol.server for protocol in protocols} == {("127.0.0.1", served.port)}
        assert {protocol.scheme for protocol in protocols} == {"ws"}
        for client in clients:
            client.close()
