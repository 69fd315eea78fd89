"""A seat's token never goes in a URL (docs/protocol.md, "Tokens"): proxies log URLs and browsers
keep them. An HTTP request with a `token` query parameter, on any route (a page, a file, the
API), is refused before routing with `token_in_url` (HTTP 400); the parameter's name is read
as the routes would read it, percent-decoded (`?tok%65n=` is `token`). A WebSocket handshake
with one is refused by the endpoint after its accept, with close code 4400 (server/ws.py)."""

from __future__ import annotations

from collections.abc import Awaitable
from urllib.parse import parse_qsl

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from tictac.engine import IllegalAction
from tictac.server.errors import TOKEN_IN_URL


def has_token(query: bytes) -> bool:
    return any(name == "token" for name, _ in
               parse_qsl(query.decode("latin-1"), keep_blank_values=True))


class NoTokenInUrl:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        if scope["type"] != "http" or not has_token(scope.get("query_string", b"")):
            return self.app(scope, receive, send)  # (not awaited: see clients.ClientAddress)
        return self.refuse(scope, receive, send)

    async def refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        refusal = IllegalAction(TOKEN_IN_URL, "a token never goes in a URL: send it as "
                                              "Authorization: Bearer TOKEN")
        scope["app"].state.manager.stats.errors[TOKEN_IN_URL] += 1
        await JSONResponse(refusal.to_json(), status_code=400)(scope, receive, send)
