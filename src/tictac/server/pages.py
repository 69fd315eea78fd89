"""The web client's files: every page path answers index.html (the client routes on the path),
`/static/...` answers the file. The files belong to the web client; a missing one is a 404."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response

PAGE_PATHS = ("/", "/r/{code}", "/r/{code}/tv", "/rules/{game}", "/replay/{code}")


def _static_dir(request: Request) -> Path:
    directory: Path = request.app.state.settings.static_dir
    return directory


def _file(path: Path, cache: str) -> Response:
    if not path.is_file():
        return PlainTextResponse("not found", status_code=404)
    return FileResponse(path, headers={"Cache-Control": cache})


async def page(request: Request) -> Response:
    return _file(_static_dir(request) / "index.html", "no-cache")


async def static(request: Request) -> Response:
    root = _static_dir(request).resolve()
    wanted = (root / request.path_params["path"]).resolve()
    if not wanted.is_relative_to(root):
        return PlainTextResponse("not found", status_code=404)
    return _file(wanted, "no-cache")
