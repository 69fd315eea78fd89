"""Who a request comes from: the one answer every per-address limit, the access log and
/metrics use, for HTTP and WebSocket alike.

It is the TCP peer, unless the peer is a reverse proxy the operator listed in
`--trusted-proxies`: then the proxy's `X-Forwarded-For` is read from the right (the proxy
appends the address it got the request from), each trusted hop vouching for the one before it,
and the client is the right-most address that is not a trusted proxy. Anything a client writes
itself is to the left of that, so it is never read; from an untrusted peer the header is not
read at all. An entry that is not an IP address ends the walk at the last hop that was one:
forged or garbled text never becomes an address (nor a line of the log).

The answer is written into the ASGI scope (`client`, and `scheme` from a trusted proxy's
`X-Forwarded-Proto`), which uvicorn's access log reads too; uvicorn's own proxy-header
handling is off (`tictac.cli.serve`), so there is one way.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Iterable

from starlette.types import ASGIApp, Receive, Scope, Send

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
MAX_HOPS = 16  # proxies in a row, more than any real chain: the walk stops there


def networks(spec: Iterable[str]) -> tuple[Network, ...]:
    """`--trusted-proxies` entries: addresses or CIDRs. ValueError names a wrong one."""
    found = []
    for entry in (part.strip() for part in spec):
        if entry:
            try:
                found.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                raise ValueError(f"--trusted-proxies: {entry!r} is not an address or a CIDR"
                                 ) from None
    return tuple(found)


def address(text: str) -> Address | None:
    try:
        found = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    # a dual-stack socket shows IPv4 peers as ::ffff:a.b.c.d: one client, one address
    mapped = found.ipv4_mapped if isinstance(found, ipaddress.IPv6Address) else None
    return mapped or found


class Proxies:
    def __init__(self, trusted: Iterable[str]) -> None:
        self.trusted = networks(trusted)
        self.ignored = 0  # requests with X-Forwarded-For from a peer that is not trusted

    def is_trusted(self, hop: Address) -> bool:
        return any(hop in network for network in self.trusted)

    def client(self, peer: str, forwarded: list[str]) -> str:
        """The client's address, given the TCP peer's and the X-Forwarded-For values."""
        current = address(peer)
        if current is None:
            return peer  # no IP peer (a Unix socket): nothing to read a header against
        if not self.is_trusted(current):
            self.ignored += bool(forwarded)
            return str(current)
        hops = ",".join(forwarded).split(",")
        for hop in reversed(hops[-MAX_HOPS:]):
            earlier = address(hop)
            if earlier is None:
                break
            current = earlier
            if not self.is_trusted(current):
                break
        return str(current)

    def resolve(self, scope: Scope) -> None:
        """Writes the client's address (and scheme) into an HTTP or WebSocket scope."""
        peer, port = scope.get("client") or ("", 0)
        forwarded, proto = [], ""
        for name, value in scope["headers"]:
            if name == b"x-forwarded-for":
                forwarded.append(value.decode("latin-1"))
            elif name == b"x-forwarded-proto":
                proto = value.decode("latin-1")
        client = self.client(peer, forwarded)
        if client != peer:  # a forwarded client's port is not known: the proxy's is not it
            scope["client"] = (client, port if client == str(address(peer)) else 0)
        said = proto.rpartition(",")[2].strip().lower()
        if said in ("http", "https") and (hop := address(peer)) and self.is_trusted(hop):
            scope["scheme"] = said.replace("http", "ws") if scope["type"] == "websocket" else said


class ClientAddress:
    """ASGI middleware: the scope's `client` (and `scheme`) become the client's, as above. It
    hands the next app's awaitable back rather than awaiting it (as the other checks do): a
    middleware that awaits keeps its coroutine for the request's whole life, hours for a
    WebSocket."""

    def __init__(self, app: ASGIApp, proxies: Proxies) -> None:
        self.app = app
        self.proxies = proxies

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        if scope["type"] in ("http", "websocket"):
            self.proxies.resolve(scope)
        return self.app(scope, receive, send)
