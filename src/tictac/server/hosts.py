"""The host names this server answers for (DNS rebinding).

A page of evil.example whose name an attacker then points at this server's address is, for
the browser, still of evil.example: its requests carry `Host: evil.example` and a matching
`Origin`, so the same-origin check alone lets them in. So a request is served only when its
Host names this server:

- an IP address: serving an address cannot be rebinding, since no name was resolved (and the
  server may be reached at any of its addresses: its LAN address, a container's published
  port, a load balancer's health check);
- `localhost`, and this machine's own name (and `NAME.local`, as mDNS announces it);
- the names of `--allowed-hosts` (the public name behind a reverse proxy); `*` allows any.

A request without Host (HTTP/1.0) is served: browsers always send one. Anything else is
`bad_host` (HTTP 400; a WebSocket handshake is refused with the same answer).
"""

from __future__ import annotations

import re
import socket
from collections.abc import Awaitable, Iterable

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from tictac.engine import IllegalAction
from tictac.server.clients import address
from tictac.server.errors import BAD_HOST

HOST = re.compile(r"(\[[^\[\]]*\]|[^\[\]:]*)(?::\d*)?")  # a name or [an IPv6 address], a port


def host_name(host: str) -> str | None:
    """The name of a Host header, without port, brackets, case or a final dot (None: not a
    Host of HTTP's)."""
    found = HOST.fullmatch(host)
    if found is None:
        return None
    name = found.group(1)
    return (name[1:-1] if name.startswith("[") else name).rstrip(".").lower()


class Hosts:
    def __init__(self, allowed: Iterable[str]) -> None:
        machine = socket.gethostname().lower()
        self.names = {"localhost", machine, machine + ".local",
                      *(host_name(name.strip()) for name in allowed)} - {None, ""}
        self.any = "*" in self.names

    def serves(self, host: str | None) -> bool:
        if host is None or self.any:
            return True
        name = host_name(host)
        return name is not None and (name in self.names or address(name) is not None)


class HostCheck:
    """ASGI middleware: a request for a host this server is not is refused before routing."""

    def __init__(self, app: ASGIApp, hosts: Hosts) -> None:
        self.app = app
        self.hosts = hosts

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        if scope["type"] not in ("http", "websocket") or self.hosts.serves(host_of(scope)):
            return self.app(scope, receive, send)  # (not awaited: see ClientAddress)
        return self.refuse(scope, receive, send)

    async def refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        refusal = IllegalAction(BAD_HOST, "this server does not answer for that host name")
        scope["app"].state.manager.stats.errors[BAD_HOST] += 1
        answer = JSONResponse(refusal.to_json(), status_code=400)
        if scope["type"] == "http":
            await answer(scope, receive, send)
        else:
            await WebSocket(scope, receive, send).send_denial_response(answer)


def host_of(scope: Scope) -> str | None:
    for name, value in scope["headers"]:
        if name == b"host":
            return str(value.decode("latin-1"))
    return None
