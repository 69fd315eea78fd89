"""`tictac serve` as an operator meets it: one line and an exit code for a database it cannot
open, the address printed only once it listens, and its defaults declared in one place."""

from __future__ import annotations

import json
import socket
import subprocess
import tomllib
from pathlib import Path

import pytest
from serverproc import TICTAC, free_port

from tictac.cli import build_parser
from tictac.cli.serve import db_url, settings_from
from tictac.server.settings import DEFAULT_DB, ServerSettings

ROOT = Path(__file__).resolve().parents[2]


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([TICTAC, "serve", "--port", str(free_port()), *args],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("kind", ["missing folder", "a folder", "not a database"])
def test_an_unusable_db_path_is_one_line_naming_it_and_an_exit_code(
        tmp_path: Path, kind: str) -> None:
    db = {"missing folder": tmp_path / "nowhere" / "x.sqlite3", "a folder": tmp_path,
          "not a database": tmp_path / "notes.txt"}[kind]
    if kind == "not a database":
        db.write_text("these are not the rooms you are looking for\n" * 100)
    ran = serve("--db", str(db))
    said = (ran.stdout + ran.stderr).strip().splitlines()
    assert ran.returncode == 1
    assert len(said) == 1 and str(db) in said[0] and "Traceback" not in said[0], said[:5]
    assert "serving on" not in ran.stdout


def test_serving_on_is_printed_only_once_the_socket_listens(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        ran = subprocess.run([TICTAC, "serve", "--port", str(port), "--db",
                              str(tmp_path / "x.sqlite3"), "--log-level", "warning"],
                             capture_output=True, text=True, timeout=60)
    assert ran.returncode != 0
    assert "serving on" not in ran.stdout
    assert "address already in use" in ran.stderr


def test_serve_defaults_are_the_settings_defaults() -> None:
    """The command line declares no default of its own: with no flag, the settings are the
    settings classes' defaults."""
    args = build_parser().parse_args(["serve"])
    assert settings_from(args) == ServerSettings(db_url=db_url(DEFAULT_DB))


def test_serving_installs_no_dev_or_bench_group() -> None:
    """`uv run tictac serve` installs the default groups only: the test tools and the
    benchmark peers are for `./scripts/test` and bench/."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["tool"]["uv"]["default-groups"] == []
    assert "--group dev" in (ROOT / "scripts" / "test").read_text()


STARTED_APP = """
import sys
from starlette.testclient import TestClient
from tictac.server import create_app
from tictac.server.settings import ServerSettings

with TestClient(create_app(ServerSettings(db_url=sys.argv[1]))):
    print(all(module in sys.modules for module in sys.argv[2:]))
"""


def test_every_game_is_imported_before_the_server_listens(tmp_path: Path) -> None:
    # The Time's Up guess checker takes seconds to import on a busy machine: imported by the
    # first room instead, it would hold up every room of the server meanwhile.
    games = ["tictac.games.times_up.guess", "tictac.games.timos_twist", "tictac.games.time_bomb"]
    ran = subprocess.run([str(Path(TICTAC).with_name("python")), "-c", STARTED_APP,
                          db_url(str(tmp_path / "t.sqlite3")), *games],
                         capture_output=True, text=True, timeout=60)
    assert ran.stdout.strip() == "True", ran.stderr[-2000:]


# Modules that take a tenth of a second or more to import and that a start serves no request
# with: Alembic and SQLAlchemy (an SQLite file already migrated: sqlite3 keeps it), Redis's
# client (no --redis), segno (the first QR code drawn), Prometheus's client (the first
# scrape), wordfreq (never: the guess checker reads its lists' files itself).
HEAVY = ["alembic", "sqlalchemy", "redis", "aiosqlite", "segno", "prometheus_client",
         "wordfreq"]
HEAVY_AT_START = """
import json
import sys
from starlette.testclient import TestClient
import tictac.cli.serve
from tictac.engine import GAMES, get_game
from tictac.server import create_app
from tictac.server.settings import ServerSettings

app = create_app(ServerSettings(db_url=sys.argv[1]))
for name in GAMES:
    get_game(name)
imported = [module for module in sys.argv[2:] if module in sys.modules]
with TestClient(app):  # the store opened, the rooms restored: the server would now listen
    started = [module for module in sys.argv[2:] if module in sys.modules]
print(json.dumps({"imported": imported, "started": started}))
"""


def test_a_start_imports_nothing_heavy_it_does_not_need(tmp_path: Path) -> None:
    # Issue 23: `tictac serve` took seconds to answer /healthz, most of them importing what no
    # request at start needs. (The time itself is bench/startup.py's to measure, not a test's.)
    def start() -> dict[str, list[str]]:
        ran = subprocess.run([str(Path(TICTAC).with_name("python")), "-c", HEAVY_AT_START,
                              db_url(str(tmp_path / "t.sqlite3")), *HEAVY],
                             capture_output=True, text=True, timeout=120)
        assert ran.returncode == 0, ran.stderr[-2000:]
        found: dict[str, list[str]] = json.loads(ran.stdout)
        return found

    first = start()  # a new database: migrating it is what Alembic is for
    assert first["imported"] == []
    again = start()  # a restart, on a database already migrated
    assert again["imported"] == []
    assert again["started"] == []
