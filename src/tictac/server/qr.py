"""`GET /api/qr.svg?text=...`: a QR code of `text` as SVG, drawn by segno.

The client asks for the link it shows beside the code (its own `location.origin`), so what the
phone scans is exactly what the page prints, also behind a proxy."""

from __future__ import annotations

import io

import segno
from starlette.requests import Request
from starlette.responses import Response

from tictac.engine import IllegalAction
from tictac.server.http_api import error
from tictac.server.ws import BAD_MESSAGE

MAX_TEXT = 512  # a share link is far shorter; the bound keeps the symbol small


def qr_svg(text: str) -> bytes:
    """The symbol at error level M (segno raises it when that costs no size), black on white
    with the standard quiet zone, sized by its viewBox so CSS scales it."""
    symbol = segno.make_qr(text, error="m")
    out = io.BytesIO()
    symbol.save(out, kind="svg", xmldecl=False, omitsize=True, border=4,
                dark="#000", light="#fff")
    return out.getvalue()


async def qr(request: Request) -> Response:
    text = request.query_params.get("text", "")
    if not 0 < len(text) <= MAX_TEXT:
        refusal = IllegalAction(BAD_MESSAGE, f"text is 1 to {MAX_TEXT} characters")
        return error(refusal, request.app.state.manager)
    return Response(qr_svg(text), media_type="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=86400"})
