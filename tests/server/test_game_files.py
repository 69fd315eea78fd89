"""A plugged-in game's client files (Count Up's folder, tests/toygame/) are served by a real
`tictac serve` as the web client's own are (issue 22, item 4: through Starlette's `StaticFiles`):
the same caching, an unchanged file answered 304, only its `.js` and `.json` files, and no name
that leads out of its folder, however the path spells it."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from serverproc import ServerProcess

TESTS = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PYTHONPATH", str(TESTS))
        process = ServerProcess(tmp_path_factory.mktemp("toy") / "toy.sqlite3",
                                "--games", "count-up=toygame").start()
    yield process
    process.stop()


def raw_status(server: ServerProcess, path: str) -> int:
    """The status of `GET path` sent byte for byte, as no client library would normalise it."""
    with socket.create_connection((server.host, server.port), timeout=60) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {server.host}\r\nConnection: close\r\n\r\n"
                     .encode())
        status_line = sock.makefile("rb").readline().decode()
    return int(status_line.split()[1])


def test_a_games_files_are_cached_as_the_clients_own(toy: ServerProcess) -> None:
    with httpx.Client(base_url=toy.base) as http:
        client = http.get("/games/count-up/client.js")
        shared = http.get("/static/app.js")
        assert client.status_code == shared.status_code == 200
        assert client.text == (TESTS / "toygame" / "client.js").read_text()
        assert "javascript" in client.headers["content-type"]
        for name in ("cache-control", "etag", "last-modified"):
            assert client.headers[name], name
        assert client.headers["cache-control"] == shared.headers["cache-control"] == "no-cache"
        again = http.get("/games/count-up/client.js",
                         headers={"If-None-Match": client.headers["etag"]})
        assert (again.status_code, again.content) == (304, b"")
        assert http.get("/games/count-up/rules.fr.json").json()["title"]


@pytest.mark.parametrize("path", [
    "/games/count-up/__init__.py",  # the game's Python is not the client's
    "/games/count-up/missing.js",
    "/games/times-up/client.js",  # a built-in game's screens are /static/'s
])
def test_what_a_game_does_not_serve_is_404(toy: ServerProcess, path: str) -> None:
    assert httpx.get(toy.base + path).status_code == 404


# Files that exist beside the game's folder and that its name would reach if `..` were followed.
@pytest.mark.parametrize("path", [
    "/games/count-up/../nim/client.js",
    "/games/count-up/../../src/tictac/web/static/app.js",
    "/games/count-up/%2e%2e/nim/client.js",
    "/games/count-up/..%2fnim%2fclient.js",
    "/games/count-up/..%5cnim%5cclient.js",
])
def test_no_path_leads_out_of_a_games_folder(toy: ServerProcess, path: str) -> None:
    assert (TESTS / "nim" / "client.js").is_file()
    assert raw_status(toy, path) == 404
