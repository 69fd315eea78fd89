"""The web client's files: every page path answers index.html (the client routes on the path),
`/static/...` answers the file (Starlette's `StaticFiles`: a missing or impossible name is a 404).
The files belong to the web client."""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

PAGE_PATHS = ("/", "/r/{code}", "/r/{code}/tv", "/tv", "/rules/{game}", "/replay/{code}",
              "/d/{code}")
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


SERVICE_WORKER = "sw.js"
NOT_SHELL = ("index.html", SERVICE_WORKER)  # the page is kept as "/"; the worker is not its own


def page_patterns() -> list[str]:
    """The page paths as regular expressions (a `{name}` is one path segment): the service
    worker answers these, and only these, with the kept page."""
    return ["^" + re.sub(r"\{[^}]+\}", "[^/]+", path) + "$" for path in PAGE_PATHS]


def shell(static_dir: Path) -> tuple[list[str], str]:
    """The paths the service worker keeps (the page and every client file) and a digest of
    their contents: the worker's version."""
    return _shell(static_dir, _signature(static_dir))


def _files(static_dir: Path) -> list[Path]:
    return sorted(path for path in static_dir.rglob("*")
                  if path.is_file() and path.relative_to(static_dir).as_posix() not in NOT_SHELL)


def _signature(static_dir: Path) -> tuple[tuple[str, int, int], ...]:
    """What changes when a client file does (its name, time and size): reading and hashing
    every file again at each request would hold the event loop for milliseconds."""
    signature = []
    for path in [static_dir / "index.html", static_dir / SERVICE_WORKER, *_files(static_dir)]:
        stat = path.stat()
        signature.append((path.as_posix(), stat.st_mtime_ns, stat.st_size))
    return tuple(signature)


@lru_cache(maxsize=4)
def _shell(static_dir: Path, signature: tuple[tuple[str, int, int], ...]) -> tuple[list[str], str]:
    digest = hashlib.sha256((static_dir / "index.html").read_bytes())
    paths = ["/"]
    for path in _files(static_dir):
        name = path.relative_to(static_dir).as_posix()
        digest.update(name.encode() + b"\0" + path.read_bytes())
        paths.append(f"/static/{name}")
    return paths, digest.hexdigest()[:16]


@lru_cache(maxsize=4)
def _worker(static_dir: Path, signature: tuple[tuple[str, int, int], ...]) -> bytes:
    paths, version = _shell(static_dir, signature)
    given = (f"const SHELL = {json.dumps(paths)};\nconst VERSION = {json.dumps(version)};\n"
             f"const PAGES = {json.dumps(page_patterns())};\n")
    return (given + (static_dir / SERVICE_WORKER).read_text()).encode()


async def service_worker(request: Request) -> Response:
    """`GET /sw.js`: served from the root, so that its scope is every page of the app."""
    static_dir: Path = request.app.state.settings.static_dir
    worker = static_dir / SERVICE_WORKER
    if not worker.is_file() or not (static_dir / "index.html").is_file():
        return PlainTextResponse("not found", status_code=404)
    return Response(_worker(static_dir, _signature(static_dir)), media_type="text/javascript",
                    headers=CACHE)
