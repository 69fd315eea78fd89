"""`GET /api/qr.svg?text=...`: a QR code of `text` as SVG, drawn by segno.

The client asks for the link it shows beside the code (its own `location.origin`), so what the
phone scans is exactly what the page prints, also behind a proxy. A text that must not appear
in a URL (a rejoin link holds a seat's token) is sent as `POST {"text": ...}` instead: bodies
are never logged, and the answer is not cached."""

from __future__ import annotations

import io
import json

from starlette.requests import Request
from starlette.responses import Response

from tictac.engine import IllegalAction
from tictac.server.errors import NOT_JSON
from tictac.server.http_api import error, read_body
from tictac.server.ws import BAD_MESSAGE

MAX_TEXT = 512  # a share link is far shorter; the bound keeps the symbol small


def qr_svg(text: str) -> bytes:
    """The symbol at error level M (segno raises it when that costs no size), black on white
    with the standard quiet zone, sized by its viewBox so CSS scales it."""
    import segno  # a tenth of a second to import: at the first code drawn, not at start

    symbol = segno.make_qr(text, error="m")
    out = io.BytesIO()
    symbol.save(out, kind="svg", xmldecl=False, omitsize=True, border=4,
                dark="#000", light="#fff")
    return out.getvalue()


async def qr(request: Request) -> Response:
    try:
        text = await _posted_text(request) if request.method == "POST" \
            else request.query_params.get("text", "")
        if not isinstance(text, str) or not 0 < len(text) <= MAX_TEXT:
            raise IllegalAction(BAD_MESSAGE, f"text is 1 to {MAX_TEXT} characters")
    except IllegalAction as refusal:
        return error(refusal, request.app.state.manager)
    cache = "no-store" if request.method == "POST" else "public, max-age=86400"
    return Response(qr_svg(text), media_type="image/svg+xml", headers={"Cache-Control": cache})


async def _posted_text(request: Request) -> object:
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise IllegalAction(NOT_JSON, "the body is JSON (Content-Type: application/json)")
    try:
        body = json.loads(await read_body(request))
    except ValueError:
        raise IllegalAction(BAD_MESSAGE, "the body is {\"text\": ...}") from None
    return body.get("text") if isinstance(body, dict) else None
