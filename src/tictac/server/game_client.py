"""What the web client needs of each game beyond its rules: the URL of the game's JS module (its
phone, TV and end screens), its rules pages, and its descriptor's `client_info` (Time's Up: the
team sizes), all sent in `GET /api/games`.

A game whose descriptor names a `client_folder` brings its own screens (`client.js`): the
`.js` and `.json` files of that folder are served under `/games/<name>/` as the web client's are
under `/static/` (Starlette's `StaticFiles`: the same caching, no name outside the folder), rules
pages as `rules.<lang>.json`, its words as `texts.<lang>.json`. The built-in games keep theirs in
the web client (`/static/<name>.js`, `/static/rules/`, `/static/texts/`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.routing import Mount
from starlette.types import Scope

from tictac.engine import GAMES, get_info
from tictac.server.pages import ClientFiles
from tictac.server.settings import STATIC_DIR

CLIENT_FILE = "client.js"
SERVED_SUFFIXES = (".js", ".json")  # never the game's Python sources
PAGES = ("rules", "texts")  # a game's rules pages and its words, in each language


def client_fields(name: str) -> dict[str, Any]:
    """The game's module, and where its rules pages and its texts are (null when it has none):
    each the start of a URL, `.<lang>.json` added per language."""
    info = get_info(name)
    folder = info.client_folder
    if folder:
        module = f"/games/{name}/{CLIENT_FILE}"
        found = {kind: (folder / f"{kind}.en.json", f"/games/{name}/{kind}") for kind in PAGES}
    else:
        module = f"/static/{name}.js"
        found = {kind: (STATIC_DIR / kind / f"{name}.en.json", f"/static/{kind}/{name}")
                 for kind in PAGES}
    pages = {kind: url if english.is_file() else None for kind, (english, url) in found.items()}
    return {"module": module, **pages, "client_info": dict(info.client_info)}


class GameFiles(ClientFiles):
    """A game's client folder: its `.js` and `.json` files, nothing else it holds."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        if not path.endswith(SERVED_SUFFIXES):
            raise HTTPException(status_code=404)
        return await super().get_response(path, scope)


def game_mounts() -> Iterator[Mount]:
    """`/games/<name>/` for each registered game that brings its own client folder."""
    for name in GAMES:
        folder = get_info(name).client_folder
        if folder:
            yield Mount(f"/games/{name}", GameFiles(directory=folder))
