"""The web client's files: every page path answers index.html (the client routes on the path),
`/static/...` answers the file (Starlette's `StaticFiles`: a missing or impossible name is a 404).
The files belong to the web client."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

PAGE_PATHS = ("/", "/r/{code}", "/r/{code}/tv", "/rules/{game}", "/replay/{code}")
# The client has no build step to put versions in file names: browsers ask again each time
# (an unchanged file is a 304).
CACHE = {"Cache-Control": "no-cache"}


class ClientFiles(StaticFiles):
    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers.update(CACHE)
        return response


async def page(request: Request) -> Response:
    index: Path = request.app.state.settings.static_dir / "index.html"
    if not index.is_file():
        return PlainTextResponse("not found", status_code=404)
    return FileResponse(index, headers=CACHE)
