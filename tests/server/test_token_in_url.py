"""A `token` query parameter is refused on every route (docs/protocol.md, "Tokens"), its name
read percent-decoded as the routes read it: pages, client files, the API, health and metrics
(some answered 200 and took no notice)."""

from __future__ import annotations

import httpx
import pytest
from serverproc import ServerProcess

PATHS = ["/", "/r/ABCDE", "/tv", "/static/app.js", "/sw.js", "/healthz", "/metrics",
         "/openapi.json", "/docs", "/api/games", "/api/share", "/api/qr.svg?text=x",
         "/api/rooms/ABCDE", "/api/decks/ABCDEF"]


@pytest.mark.parametrize("query", ["token=x", "tok%65n=x", "%74oken=", "a=1&token=x"])
def test_a_token_in_the_url_is_refused_on_every_route(server: ServerProcess, query: str) -> None:
    with httpx.Client(base_url=server.base) as http:
        for path in PATHS:
            joined = f"{path}{'&' if '?' in path else '?'}{query}"
            answer = http.get(joined)
            assert (answer.status_code, answer.json()["code"]) == (400, "token_in_url"), joined
            assert http.get(path).status_code != 400 or path.startswith("/api/qr"), path
