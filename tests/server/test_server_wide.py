"""What uvicorn sets alike on every connection's protocol of a server is kept once per server
(ws_protocol.ServerWide), and each protocol still reads its own server's values."""

from __future__ import annotations

import asyncio

import uvicorn
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
