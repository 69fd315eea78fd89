"""The sqlite3 store (`LiteStore`, issue 23, item 0): the same file as SQLAlchemy's store, read
and written by either, and a server on a migrated file that never imports SQLAlchemy."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tictac.engine import LoggedAction
from tictac.store import Fenced, LiteStore, SqlStore, Store, open_store
from tictac.store.lite import SCHEMA_REVISION, sqlite_file
from tictac.store.migrate import alembic_config


def test_the_revision_opened_without_alembic_is_alembics_head() -> None:
    # A file at SCHEMA_REVISION is not migrated: a new migration that left it behind would
    # open every file unmigrated.
    from alembic.script import ScriptDirectory

    assert {SCHEMA_REVISION} == set(ScriptDirectory.from_config(alembic_config()).get_heads())


@pytest.mark.parametrize(("url", "path"), [
    ("sqlite:///rooms.sqlite3", "rooms.sqlite3"),
    ("sqlite+aiosqlite:////srv/tictac/rooms.sqlite3", "/srv/tictac/rooms.sqlite3"),
    ("sqlite+pysqlite:///data/r.db", "data/r.db"),
    ("sqlite://", None), ("sqlite:///:memory:", None), ("sqlite:///file:r.db?mode=ro", None),
    ("sqlite:///r.db?timeout=5", None), ("postgresql+asyncpg://u:p@db/tictac", None),
    ("rooms.sqlite3", None),
])
def test_only_a_plain_sqlite_file_is_opened_with_sqlite3(url: str, path: str | None) -> None:
    assert sqlite_file(url) == (None if path is None else str(Path(path).absolute()))


async def fill(store: Store, code: str) -> list[LoggedAction]:
    """A room with two games, the second with a log; its log."""
    await store.save_room(code, "time-bomb", {"seats": [0]}, 1, 0)
    await store.start_game(code, 0, {"players": 4}, 2, "time-bomb", {"seats": [0, 1]}, 0)
    await store.start_game(code, 1, {"players": 5, "names": ["Zoé"]}, 3, "time-bomb",
                           {"seats": [0, 1, 2], "options": {"first_holder": None}}, 0)
    log = [LoggedAction(i % 5, {"type": "cut", "n": i, "to": [i, "é"]}, 10 + i)
           for i in range(12)]
    for seq, entry in enumerate(log, start=1):
        await store.append(code, 1, seq, entry)
    return log


@pytest.mark.parametrize(("writer", "reader"), [(SqlStore, LiteStore), (LiteStore, SqlStore)],
                         ids=["sqlalchemy-then-sqlite3", "sqlite3-then-sqlalchemy"])
async def test_a_file_written_by_one_store_is_read_and_written_on_by_the_other(
        tmp_path: Path, writer: type[Store], reader: type[Store]) -> None:
    db = str(tmp_path / "rooms.sqlite3")

    async def opened(kind: type[Store]) -> Store:
        return await (SqlStore.open(f"sqlite:///{db}") if kind is SqlStore
                      else LiteStore.open(db))

    first = await opened(writer)
    log = await fill(first, "ABCDE")
    await first.save_room("FGHJK", "timos-twist", {"seats": []}, 4, 0)
    assert await first.claim("FGHJK") == 1
    written = await first.load_rooms()
    await first.close()

    second = await opened(reader)
    assert await second.load_rooms() == written
    game = await second.load_game("ABCDE", 1)
    assert game is not None and game.log == log
    with pytest.raises(Fenced):  # the other store's action holds its place
        await second.append("ABCDE", 1, 12, log[0])
    with pytest.raises(Fenced):  # ... and its claim the room
        await second.save_room("FGHJK", "timos-twist", {"seats": [0]}, 5, 0)
    await second.append("ABCDE", 1, 13, log[0])
    await second.delete_room("FGHJK", 1)
    continued = await second.load_rooms()
    await second.close()

    again = await opened(writer)
    assert await again.load_rooms() == continued
    assert [dump.code for dump in continued] == ["ABCDE"]
    assert continued[0].games[1].log == [*log, log[0]]
    await again.close()


def revision(db: Path) -> list[tuple[str]]:
    with sqlite3.connect(db) as raw:
        return raw.execute("select version_num from alembic_version").fetchall()


async def test_a_new_file_is_migrated_to_the_latest_schema(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"
    store = await open_store(f"sqlite:///{db}")
    assert isinstance(store, LiteStore)
    await fill(store, "ABCDE")
    await store.close()
    assert revision(db) == [(SCHEMA_REVISION,)]
    with sqlite3.connect(db) as raw:
        assert raw.execute("pragma journal_mode").fetchone() == ("wal",)


# A server on a migrated SQLite file, in a process of its own: one room made, two players
# seated, its game started and one action played by the seat the deal gave the first turn,
# then which modules it imported.
SERVED = """
import json
import sys
from starlette.testclient import TestClient
from tictac.server import create_app
from tictac.server.settings import ServerSettings

app = create_app(ServerSettings(db_url=sys.argv[1]))
with TestClient(app, base_url="http://127.0.0.1") as client:
    made = client.post("/api/rooms", json={
        "game": "timos-twist", "name": "Ann",
        "options": {"target_score": 500, "timo_grace_ms": 0}}).json()
    joined = client.post(f"/api/rooms/{made['code']}/join", json={"name": "Bob"}).json()
    with client.websocket_connect(f"ws://127.0.0.1/ws/{made['code']}") as host, \\
            client.websocket_connect(f"ws://127.0.0.1/ws/{made['code']}") as guest:
        for ws, seat in ((host, made), (guest, joined)):
            ws.send_json({"type": "hello", "token": seat["token"]})
        host.send_json({"type": "lobby", "op": "start"})

        def dealt(ws):
            while True:
                message = ws.receive_json()
                if message["type"] == "view" and (message.get("view") or {}).get("to_act"):
                    return message["view"]

        first = dealt(host)  # the deal decides who plays first: that seat's socket acts
        ws, view = (host, first) if made["seat"] in first["to_act"] else (guest, dealt(guest))
        ws.send_json({"type": "action", "action": view["legal"][0], "id": 1})
        message = ws.receive_json()
        while message["type"] != "ack":
            message = ws.receive_json()
print(json.dumps({"ack": message["id"], "modules": sorted(
    name for name in sys.modules if name.split(".")[0] in ("sqlalchemy", "alembic"))}))
"""


@pytest.mark.system  # starts a Python process
async def test_a_server_on_a_migrated_file_never_imports_sqlalchemy(tmp_path: Path) -> None:
    # Issue 23, item 0: SQLAlchemy took a second of every start; the sqlite3 store spares it
    # to every start but the one that migrates the file.
    db = tmp_path / "rooms.sqlite3"
    migrated = await SqlStore.open(f"sqlite:///{db}")
    await migrated.close()
    ran = subprocess.run([sys.executable, "-c", SERVED, f"sqlite+aiosqlite:///{db}"],
                         capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr[-3000:]
    assert json.loads(ran.stdout.splitlines()[-1]) == {"ack": 1, "modules": []}
    restored = await LiteStore.open(str(db))
    [dump] = await restored.load_rooms()
    await restored.close()
    assert len(dump.games[-1].log) == 1, "the action served was kept"
