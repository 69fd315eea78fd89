"""`GET /api/qr.svg?text=...`: a QR code of `text` as SVG, drawn by segno.

The client asks for the link it shows beside the code (its own `location.origin`), so what the
phone scans is exactly what the page prints, also behind a proxy. A text that must not appear
in a URL (a rejoin link holds a seat's token) is sent as `POST {"text": ...}` instead: bodies
are never logged, and the answer is not cached.

A drawing costs tens of milliseconds of CPU (a few for a share link): it is done on a thread,
one at a time, so the event loop and every room go on meanwhile; each one drawn for a client
counts toward its address's `qr` limit (`ServerSettings.qr_per_min`), and the last CACHED texts
asked for by GET are answered from memory, uncounted (every phone of a room asks for the same
share link). A POST's text (a rejoin link) is never kept."""

from __future__ import annotations

import asyncio
import io
import json
from collections import OrderedDict

from starlette.requests import Request
from starlette.responses import Response

from tictac.engine import IllegalAction
from tictac.server.errors import NOT_JSON
from tictac.server.http_api import limited, read_body
from tictac.server.ws import BAD_MESSAGE

MAX_TEXT = 256  # a share or rejoin link is far shorter; the bound keeps the symbol small
CACHED = 256  # symbols kept, the least recently asked for dropped first


def qr_svg(text: str) -> bytes:
    """The symbol at error level M (segno raises it when that costs no size), black on white
    with the standard quiet zone, sized by its viewBox so CSS scales it."""
    import segno  # a tenth of a second to import: at the first code drawn, not at start

    symbol = segno.make_qr(text, error="m")
    out = io.BytesIO()
    symbol.save(out, kind="svg", xmldecl=False, omitsize=True, border=4,
                dark="#000", light="#fff")
    return out.getvalue()


class Drawn:
    """The symbols drawn for GET requests, by text, and the one drawing at a time."""

    def __init__(self) -> None:
        self.kept: OrderedDict[str, bytes] = OrderedDict()
        self.drawing = asyncio.Lock()

    def get(self, text: str) -> bytes | None:
        svg = self.kept.get(text)
        if svg is not None:
            self.kept.move_to_end(text)
        return svg

    def keep(self, text: str, svg: bytes) -> None:
        self.kept[text] = svg
        while len(self.kept) > CACHED:
            self.kept.popitem(last=False)

    async def draw(self, text: str) -> bytes:
        async with self.drawing:
            return await asyncio.to_thread(qr_svg, text)


async def qr(request: Request) -> Response:
    drawn: Drawn = request.app.state.qr
    kept = request.method == "GET"
    text = request.query_params.get("text", "") if kept else await _posted_text(request)
    if not isinstance(text, str) or not 0 < len(text) <= MAX_TEXT:
        raise IllegalAction(BAD_MESSAGE, f"text is 1 to {MAX_TEXT} characters")
    svg = drawn.get(text) if kept else None
    if svg is None:
        await limited(request, "qr")
        svg = await drawn.draw(text)
        if kept:
            drawn.keep(text, svg)
    cache = "public, max-age=86400" if kept else "no-store"
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": cache})


async def _posted_text(request: Request) -> object:
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise IllegalAction(NOT_JSON, "the body is JSON (Content-Type: application/json)")
    try:
        body = json.loads(await read_body(request))
    except ValueError:
        raise IllegalAction(BAD_MESSAGE, "the body is {\"text\": ...}") from None
    return body.get("text") if isinstance(body, dict) else None
