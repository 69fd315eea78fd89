"""The stores of an SQLite file (SQLAlchemy's and sqlite3's): migrations, the append-only log,
group commit, and what a restart reads back."""

from __future__ import annotations

import asyncio
import gc
import sqlite3
import threading
import time
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlite_stores import Opener, on_both

from tictac.engine import LoggedAction
from tictac.store import Fenced, SqlStore, Store
from tictac.store.migrate import alembic_config, heads
from tictac.store.tables import metadata


def url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'log.sqlite3'}"


async def with_a_game(opener: Opener, tmp_path: Path) -> Store:
    """A store of `opener` with room ABCDE and its first game, to append to."""
    store = await opener(url(tmp_path))
    await store.save_room("ABCDE", "time-bomb", {}, 1, 0)
    await store.start_game("ABCDE", 0, {"players": 4}, 2, "time-bomb", {}, 0)
    return store


async def test_migrations_build_the_schema_the_code_uses(tmp_path: Path) -> None:
    store = await SqlStore.open(url(tmp_path))

    def columns(conn: sa.Connection) -> dict[str, list[str]]:
        inspector = sa.inspect(conn)
        return {name: sorted(c["name"] for c in inspector.get_columns(name))
                for name in inspector.get_table_names() if name != "alembic_version"}

    with store.engine.connect() as conn:
        found = columns(conn)
        version = conn.execute(sa.text("select version_num from alembic_version")).all()
    await store.close()
    assert found == {t.name: sorted(c.name for c in t.columns) for t in metadata.sorted_tables}
    assert version == [("0006",)]
    again = await SqlStore.open(url(tmp_path))  # a second start finds nothing to migrate
    await again.close()


def test_the_heads_read_from_the_version_files_are_alembics() -> None:
    # A start skips Alembic when the database is at these heads (issue 23): read wrong, a
    # database would be left unmigrated, or be migrated at every start.
    from alembic.script import ScriptDirectory

    assert heads() == set(ScriptDirectory.from_config(alembic_config()).get_heads())


@on_both
async def test_appends_read_back_in_order_after_reopening(tmp_path: Path, opener: Opener) -> None:
    store = await opener(url(tmp_path))
    await store.save_room("ABCDE", "time-bomb", {"seats": [0]}, 1, 0)
    await store.start_game("ABCDE", 0, {"players": 4}, 2, "time-bomb", {"seats": [0, 1]}, 0)
    entries = [LoggedAction(i % 4, {"type": "cut", "n": i}, 10 + i) for i in range(30)]
    await asyncio.gather(*(store.append("ABCDE", 0, seq, entry)
                           for seq, entry in enumerate(entries, start=1)))
    commits = store.commits
    await store.close()
    assert commits < 32, "appends queued together share a commit"

    reopened = await opener(url(tmp_path))
    [dump] = await reopened.load_rooms()
    assert dump.record == {"seats": [0, 1]}
    assert [game.idx for game in dump.games] == [0]
    assert dump.games[0].log == entries
    loaded = await reopened.load_game("ABCDE", 0)
    assert loaded is not None and loaded.log == entries
    assert await reopened.load_game("ABCDE", 1) is None
    await reopened.delete_room("ABCDE", 0)
    assert await reopened.load_rooms() == []
    await reopened.close()


@on_both
async def test_a_failed_write_fails_only_its_own_caller(tmp_path: Path, opener: Opener) -> None:
    store = await with_a_game(opener, tmp_path)
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


@on_both
async def test_a_commit_that_raises_refuses_its_writes_and_the_writer_goes_on(
        tmp_path: Path, opener: Opener, monkeypatch: pytest.MonkeyPatch) -> None:
    """A store's commit that raises (a bug, not a refusal it returns) fails the callers of its
    batch with that error; the next write is committed, and nothing waits for ever."""
    store = await with_a_game(opener, tmp_path)

    def broken(writes: list[object]) -> None:
        raise RuntimeError("a bug in the store")

    monkeypatch.setattr(store, "_commit_here", lambda writes: None)  # the writer's thread
    monkeypatch.setattr(store, "_commit", broken)
    with pytest.raises(RuntimeError, match="a bug in the store"):
        await asyncio.wait_for(store.append("ABCDE", 0, 1, LoggedAction(0, {"type": "cut"}, 3)),
                               10)
    monkeypatch.undo()
    await asyncio.wait_for(store.append("ABCDE", 0, 1, LoggedAction(0, {"type": "cut"}, 4)), 10)
    loaded = await store.load_game("ABCDE", 0)
    assert loaded is not None and [entry.now_ms for entry in loaded.log] == [4]
    await store.close()


@on_both
async def test_closing_keeps_every_write_queued_before_it(tmp_path: Path, opener: Opener) -> None:
    store = await with_a_game(opener, tmp_path)
    appends = [store.append("ABCDE", 0, seq, LoggedAction(0, {"type": "cut"}, seq))
               for seq in range(1, 21)]
    await store.close()  # not awaited before: the close waits for them
    assert all(append.done() and append.exception() is None for append in appends)
    reopened = await opener(url(tmp_path))
    loaded = await reopened.load_game("ABCDE", 0)
    assert loaded is not None and len(loaded.log) == 20
    await reopened.close()


@on_both
async def test_a_hole_in_the_log_is_reported_not_skipped(tmp_path: Path, opener: Opener) -> None:
    store = await with_a_game(opener, tmp_path)
    await store.append("ABCDE", 0, 1, LoggedAction(0, {"type": "cut"}, 3))
    await store.append("ABCDE", 0, 3, LoggedAction(0, {"type": "cut"}, 4))
    with pytest.raises(RuntimeError, match="hole"):
        await store.load_game("ABCDE", 0)
    await store.close()


@on_both
async def test_a_record_that_no_longer_decodes_leaves_out_its_room_alone(
        tmp_path: Path, opener: Opener) -> None:
    store = await opener(url(tmp_path))
    await store.save_room("GOODA", "time-bomb", {"seats": [0]}, 1, 0)
    await store.save_room("BROKE", "time-bomb", {"seats": [0]}, 1, 0)
    await store.close()
    with sqlite3.connect(tmp_path / "log.sqlite3") as raw:  # a damaged row, as a bad disk leaves
        raw.execute("update rooms set record = '{\"seats\": [' where code = 'BROKE'")
    again = await opener(url(tmp_path))
    dumps = await again.load_rooms()
    await again.close()
    assert [(dump.code, dump.record) for dump in dumps] == [("GOODA", {"seats": [0]})]


@on_both
async def test_a_takeover_raises_the_epoch_and_a_write_under_the_old_one_is_fenced(
        tmp_path: Path, opener: Opener) -> None:
    store = await opener(url(tmp_path))
    await store.save_room("ABCDE", "time-bomb", {"seats": [0]}, 1, 0)
    assert await store.claim("ABCDE") == 1
    assert await store.claim("NOONE") == 0  # no such room
    with pytest.raises(Fenced):
        await store.save_room("ABCDE", "time-bomb", {"seats": [9]}, 2, 0)
    with pytest.raises(Fenced):
        await store.start_game("ABCDE", 0, {"players": 4}, 2, "time-bomb", {"seats": [9]}, 0)
    with pytest.raises(Fenced):
        await store.delete_room("ABCDE", 0)
    await store.save_room("ABCDE", "time-bomb", {"seats": [1]}, 3, 1)
    [dump] = await store.load_rooms("ABCDE")
    assert (dump.record, dump.epoch, dump.games) == ({"seats": [1]}, 1, [])
    await store.delete_room("ABCDE", 1)
    assert await store.load_rooms() == []
    await store.close()


@on_both
async def test_a_database_of_the_first_schema_keeps_every_game_and_gets_epoch_0(
        tmp_path: Path, opener: Opener) -> None:
    with sqlite3.connect(tmp_path / "log.sqlite3") as raw:  # as version 0001 left a file
        raw.executescript("""
            create table alembic_version (version_num varchar(32) primary key);
            insert into alembic_version values ('0001');
            create table rooms (code varchar(8) primary key, game varchar(40) not null,
                                record json not null, updated_ms bigint not null);
            create table games (room varchar(8) references rooms(code) on delete cascade,
                                idx integer, setup json not null, started_ms bigint not null,
                                primary key (room, idx));
            create table actions (room varchar(8), game_idx integer, seq integer,
                                  seat integer not null, action json not null,
                                  now_ms bigint not null, primary key (room, game_idx, seq),
                                  foreign key (room, game_idx) references games(room, idx)
                                  on delete cascade);
            insert into rooms values ('OLDER', 'time-bomb', '{"seats": [0]}', 1);
            insert into games values ('OLDER', 0, '{"players": 4}', 2);
            insert into actions values ('OLDER', 0, 1, 0, '{"type": "cut"}', 3);
        """)
    store = await opener(url(tmp_path))
    [dump] = await store.load_rooms()
    assert (dump.code, dump.record, dump.epoch) == ("OLDER", {"seats": [0]}, 0)
    assert [game.log for game in dump.games] == [[LoggedAction(0, {"type": "cut"}, 3)]]
    await store.save_room("OLDER", "time-bomb", {"seats": [0, 1]}, 2, 0)
    await store.close()


async def test_a_probe_that_ends_between_two_looks_is_heard(tmp_path: Path) -> None:
    """A database server's probe that outlasts its bound and fails while the watch sleeps is
    still heard: a failure nobody heard is logged by asyncio as a traceback, which a machine
    cut off from PostgreSQL once wrote (CI, stop 51). The probe here is a thread held on an
    event, so that it ends exactly between two looks."""
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'probed.sqlite3'}")
    store = SqlStore(engine, engine, "the probed database")  # no file: watched by probes
    store.PROBE_EVERY_S, store.PROBE_BOUND_S = 0.5, 0.05
    release, asked = threading.Event(), []

    def probe() -> None:
        asked.append(time.monotonic())
        if len(asked) == 1:
            release.wait()
            raise sa.exc.OperationalError("SELECT 1", {}, OSError("connection is bad"))

    unheard: list[dict[str, object]] = []
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _, context: unheard.append(context))
    store._probe = probe  # type: ignore[method-assign]
    try:
        store._start()
        while store.healthy():  # the first probe outlasted its bound
            await asyncio.sleep(0.01)
        release.set()  # it fails now, while the watch sleeps
        while len(asked) < 2:
            await asyncio.sleep(0.01)
        while not store.healthy():  # the second answers
            await asyncio.sleep(0.01)
        gc.collect()
        await asyncio.sleep(0)
    finally:
        release.set()
        loop.set_exception_handler(None)
        await store.close()
    assert unheard == []
