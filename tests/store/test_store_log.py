"""The store: migrations, the append-only log, group commit, and what a restart reads back."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa

from tictac.engine import LoggedAction
from tictac.store import Store
from tictac.store.tables import metadata


def url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'log.sqlite3'}"


async def test_migrations_build_the_schema_the_code_uses(tmp_path: Path) -> None:
    store = await Store.open(url(tmp_path))

    def columns(conn: sa.Connection) -> dict[str, list[str]]:
        inspector = sa.inspect(conn)
        return {name: sorted(c["name"] for c in inspector.get_columns(name))
                for name in inspector.get_table_names() if name != "alembic_version"}

    async with store.engine.connect() as conn:
        found = await conn.run_sync(columns)
        version = (await conn.execute(sa.text("select version_num from alembic_version"))).all()
    await store.close()
    assert found == {t.name: sorted(c.name for c in t.columns) for t in metadata.sorted_tables}
    assert version == [("0001",)]
    again = await Store.open(url(tmp_path))  # a second start finds nothing to migrate
    await again.close()


async def test_appends_read_back_in_order_after_reopening(tmp_path: Path) -> None:
    store = await Store.open(url(tmp_path))
    await store.save_room("ABCDE", "time-bomb", {"seats": [0]}, 1)
    await store.start_game("ABCDE", 0, {"players": 4}, 2, "time-bomb", {"seats": [0, 1]})
    entries = [LoggedAction(i % 4, {"type": "cut", "n": i}, 10 + i) for i in range(30)]
    await asyncio.gather(*(store.append("ABCDE", 0, seq, entry)
                           for seq, entry in enumerate(entries, start=1)))
    commits = store.commits
    await store.close()
    assert commits < 32, "appends queued together share a commit"

    reopened = await Store.open(url(tmp_path))
    [dump] = await reopened.load_rooms()
    assert dump.record == {"seats": [0, 1]}
    assert [game.idx for game in dump.games] == [0]
    assert dump.games[0].log == entries
    loaded = await reopened.load_game("ABCDE", 0)
    assert loaded is not None and loaded.log == entries
    assert await reopened.load_game("ABCDE", 1) is None
    await reopened.delete_room("ABCDE")
    assert await reopened.load_rooms() == []
    await reopened.close()


async def test_a_failed_write_fails_only_its_own_caller(tmp_path: Path) -> None:
    store = await Store.open(url(tmp_path))
    await store.save_room("ABCDE", "time-bomb", {}, 1)
    await store.start_game("ABCDE", 0, {"players": 4}, 2, "time-bomb", {})
    first = LoggedAction(0, {"type": "cut"}, 3)
    results = await asyncio.gather(
        store.append("ABCDE", 0, 1, first),
        store.append("ABCDE", 0, 1, first),  # the same seq twice: refused by the key
        store.append("ABCDE", 0, 2, first),
        return_exceptions=True,
    )
    assert [isinstance(result, Exception) for result in results] == [False, True, False]
    loaded = await store.load_game("ABCDE", 0)
    assert loaded is not None and len(loaded.log) == 2
    await store.close()


async def test_a_hole_in_the_log_is_reported_not_skipped(tmp_path: Path) -> None:
    store = await Store.open(url(tmp_path))
    await store.save_room("ABCDE", "time-bomb", {}, 1)
    await store.start_game("ABCDE", 0, {"players": 4}, 2, "time-bomb", {})
    await store.append("ABCDE", 0, 1, LoggedAction(0, {"type": "cut"}, 3))
    await store.append("ABCDE", 0, 3, LoggedAction(0, {"type": "cut"}, 4))
    with pytest.raises(RuntimeError, match="hole"):
        await store.load_game("ABCDE", 0)
    await store.close()


async def test_a_record_that_no_longer_decodes_leaves_out_its_room_alone(tmp_path: Path) -> None:
    store = await Store.open(url(tmp_path))
    await store.save_room("GOODA", "time-bomb", {"seats": [0]}, 1)
    await store.save_room("BROKE", "time-bomb", {"seats": [0]}, 1)
    await store.close()
    with sqlite3.connect(tmp_path / "log.sqlite3") as raw:  # a damaged row, as a bad disk leaves
        raw.execute("update rooms set record = '{\"seats\": [' where code = 'BROKE'")
    again = await Store.open(url(tmp_path))
    dumps = await again.load_rooms()
    await again.close()
    assert [(dump.code, dump.record) for dump in dumps] == [("GOODA", {"seats": [0]})]
