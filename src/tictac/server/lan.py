"""The address other devices of the local network reach this server at, when it listens on all
interfaces: the share link and its QR code use it, not the loopback address a host may have
opened the page with (useless to the other phones)."""

from __future__ import annotations

import socket

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from tictac.server.settings import ServerSettings

ALL_INTERFACES = ("0.0.0.0", "::")


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent: a UDP socket only
    picks the outgoing interface)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            address: str = probe.getsockname()[0]
        except OSError:
            address = "127.0.0.1"
    return address


def share_origin(settings: ServerSettings) -> str | None:
    """`http://LAN-ADDRESS:PORT` (https with `--tls`) when serving on every interface, else
    None (the page's own origin is the one to share)."""
    if settings.host not in ALL_INTERFACES:
        return None
    scheme = "https" if settings.tls else "http"
    return f"{scheme}://{lan_address()}:{settings.port}"


async def share(request: Request) -> Response:
    """`GET /api/share`: {"origin": the LAN origin or null}."""
    return JSONResponse({"origin": share_origin(request.app.state.settings)})
