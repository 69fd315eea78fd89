"""What the web client needs of each game beyond its rules: the URL of the game's JS module (its
phone, TV and end screens), its rules pages, and its descriptor's `client_info` (Time's Up: the
team sizes), all sent in `GET /api/games`.

A game whose descriptor names a `client_folder` brings its own screens (`client.js`): the
top-level `.js` and `.json` files of that folder are served under `/games/<name>/`, rules pages
as `rules.<lang>.json`. The built-in games keep theirs in the web client (`/static/<name>.js`,
`/static/rules/`)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response

from tictac.engine import GAMES, get_info
from tictac.server.settings import STATIC_DIR

CLIENT_FILE = "client.js"
SERVED_SUFFIXES = (".js", ".json")  # never the game's Python sources


def client_fields(name: str) -> dict[str, Any]:
    info = get_info(name)
    folder = info.client_folder
    if folder:
        module, rules = f"/games/{name}/{CLIENT_FILE}", f"/games/{name}/rules"
        has_rules = (folder / "rules.en.json").is_file()
    else:
        module, rules = f"/static/{name}.js", f"/static/rules/{name}"
        has_rules = (STATIC_DIR / "rules" / f"{name}.en.json").is_file()
    return {"module": module, "rules": rules if has_rules else None,
            "client_info": dict(info.client_info)}


async def game_file(request: Request) -> Response:
    name, wanted = request.path_params["name"], request.path_params["file"]
    folder = get_info(name).client_folder if name in GAMES else None
    path = folder / wanted if folder else None
    if path is None or "/" in wanted or not wanted.endswith(SERVED_SUFFIXES) or not path.is_file():
        return PlainTextResponse("not found", status_code=404)
    return FileResponse(path, headers={"Cache-Control": "no-cache"})
