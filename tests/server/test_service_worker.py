"""The web app's service worker and manifest (issue 24, item 5): `/sw.js` is served from the
root (its scope is the whole app) with the client's shell to keep written above it — every
client file, never an /api path — and a version that changes with any client file, so a new
client is a new worker; the manifest names the icons the project made."""

from __future__ import annotations

import json
import shutil
import struct
from pathlib import Path

import httpx
from serverproc import ServerProcess

from tictac.server.pages import shell
from tictac.server.settings import STATIC_DIR


def test_the_worker_is_served_from_the_root_with_the_shell_to_keep(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "t.sqlite3").start()
    try:
        answer = httpx.get(server.base + "/sw.js")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("text/javascript")
        assert answer.headers["cache-control"] == "no-cache"
        given = answer.text.splitlines()
        paths = json.loads(given[0].removeprefix("const SHELL = ").removesuffix(";"))
        assert given[1].startswith("const VERSION = ")
        assert paths[0] == "/" and "/static/index.html" not in paths
        assert "/static/sw.js" not in paths and not [p for p in paths if p.startswith("/api")]
        assert {"/static/app.js", "/static/wake.js", "/static/i18n/en.json", "/static/tv.css",
                "/static/icons/icon-512.png", "/static/manifest.webmanifest"} <= set(paths)
        for path in paths:  # every one of them is there to keep (an install fails otherwise)
            assert httpx.get(server.base + path).status_code == 200, path
    finally:
        server.stop()


def test_a_changed_client_file_is_a_new_worker_version(tmp_path: Path) -> None:
    static = tmp_path / "static"
    shutil.copytree(STATIC_DIR, static)
    paths, version = shell(static)
    assert shell(static) == (paths, version)
    (static / "style.css").write_text((static / "style.css").read_text() + "\n/* changed */\n")
    changed_paths, changed_version = shell(static)
    assert changed_paths == paths and changed_version != version


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_names_the_projects_icons_at_their_sizes() -> None:
    manifest = json.loads((STATIC_DIR / "manifest.webmanifest").read_text())
    assert (manifest["start_url"], manifest["display"]) == ("/", "standalone")
    for icon in manifest["icons"]:
        file = STATIC_DIR / icon["src"].removeprefix("/static/")
        if icon["type"] == "image/png":
            width, height = (int(side) for side in icon["sizes"].split("x"))
            assert png_size(file) == (width, height)
        else:
            assert file.read_text().startswith("<svg")
    assert png_size(STATIC_DIR / "icons" / "icon-180.png") == (180, 180)  # iOS's home screen
