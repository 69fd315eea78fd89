"""The sqlite3 store's lone commits on the event loop's thread (issue 23, item 2): durable before
they are answered, and nothing that could hold the loop (a lock, a checkpoint's sync) is done
there; nor does any commit wait for a checkpoint."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from tictac.engine import LoggedAction
from tictac.store import LiteStore, lite


async def opened(tmp_path: Path) -> tuple[LiteStore, list[tuple[int, str]]]:
    """A store with a room and a game, and the (thread, statement) of every statement its
    writer's connection runs from now on."""
    store = await LiteStore.open(str(tmp_path / "rooms.sqlite3"))
    await store.save_room("ABCDE", "time-bomb", {}, 1, 0)
    await store.start_game("ABCDE", 0, {"players": 4}, 2, "time-bomb", {}, 0)
    ran: list[tuple[int, str]] = []
    store.trace(lambda sql: ran.append((threading.get_ident(), sql)))
    return store, ran


def stored(db: Path) -> list[int]:
    with sqlite3.connect(db) as conn:  # another connection: only what is committed
        return [seq for (seq,) in conn.execute("SELECT seq FROM actions ORDER BY seq")]


async def test_a_lone_action_is_committed_on_the_loop_thread_before_it_is_answered(
        tmp_path: Path) -> None:
    store, ran = await opened(tmp_path)
    for seq in range(1, 4):
        await store.append("ABCDE", 0, seq, LoggedAction(0, {"type": "cut"}, 10 + seq))
        assert stored(tmp_path / "rooms.sqlite3") == list(range(1, seq + 1))
    await store.close()
    assert ran and {thread for thread, _ in ran} == {threading.get_ident()}


async def test_a_lock_held_elsewhere_holds_the_action_not_the_loop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A lock wait of a minute: a loop that waited for the lock would be a minute late, far
    # beyond what a loaded machine makes of a 0.3 s sleep.
    monkeypatch.setattr(lite, "LOCK_WAIT_MS", 60_000)
    store, ran = await opened(tmp_path)
    other = sqlite3.connect(tmp_path / "rooms.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process writing the file
    append = asyncio.ensure_future(
        store.append("ABCDE", 0, 1, LoggedAction(0, {"type": "cut"}, 10)))
    started = time.monotonic()
    await asyncio.sleep(0.3)
    late = time.monotonic() - started - 0.3
    assert not append.done()
    other.execute("COMMIT")
    await asyncio.wait_for(append, 10)
    other.close()
    await store.close()
    assert late < 20, "the loop waited for the lock"
    assert stored(tmp_path / "rooms.sqlite3") == [1]
    assert any(thread != threading.get_ident() for thread, _ in ran), "done on the thread"


async def test_the_wal_is_checkpointed_beside_the_commits_and_starts_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lite, "CHECKPOINT_EVERY", 10)
    store, ran = await opened(tmp_path)
    wal = tmp_path / "rooms.sqlite3-wal"
    sizes, checkpointing = [], None
    for seq in range(1, 201):
        await store.append("ABCDE", 0, seq, LoggedAction(0, {"type": "cut", "n": seq}, seq))
        if store._checkpointing is not checkpointing:  # one begun: done before the next
            checkpointing = store._checkpointing  # commit, so that none gives up
            await asyncio.to_thread(checkpointing.result)
            sizes.append(wal.stat().st_size)
    await store.close()
    checkpoints = [(thread, sql) for thread, sql in ran if "wal_checkpoint" in sql]
    assert [sql for _, sql in checkpoints] == ["PRAGMA wal_checkpoint(PASSIVE)"] * 20
    writers = {thread for thread, sql in ran if sql.startswith("INSERT")}
    assert writers == {threading.get_ident()}
    assert not writers & {thread for thread, _ in checkpoints}
    # Copied whole, the WAL is written again from its start: it stops growing.
    assert sizes[-1] == sizes[1]
    assert stored(tmp_path / "rooms.sqlite3") == list(range(1, 201))


async def test_a_long_wal_is_copied_whole_holding_the_writers_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lite, "CHECKPOINT_EVERY", 10)
    monkeypatch.setattr(lite, "WAL_PAGES_AT_MOST", 0)
    store, ran = await opened(tmp_path)
    for seq in range(1, 31):
        await store.append("ABCDE", 0, seq, LoggedAction(0, {"type": "cut", "n": seq}, seq))
    assert store._checkpointing is not None
    await asyncio.to_thread(store._checkpointing.result)
    await store.close()
    checkpoints = [sql for _, sql in ran if "wal_checkpoint" in sql]
    assert checkpoints[:2] == ["PRAGMA wal_checkpoint(PASSIVE)", "PRAGMA wal_checkpoint(RESTART)"]
    assert checkpoints.count("PRAGMA wal_checkpoint(RESTART)") * 2 == len(checkpoints)
    assert stored(tmp_path / "rooms.sqlite3") == list(range(1, 31))


async def test_a_commit_never_waits_for_a_checkpoint(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lite, "CHECKPOINT_EVERY", 10)
    store = await LiteStore.open(str(tmp_path / "rooms.sqlite3"))
    await store.save_room("ABCDE", "time-bomb", {}, 1, 0)
    await store.start_game("ABCDE", 0, {"players": 4}, 2, "time-bomb", {}, 0)
    release, begun = threading.Event(), threading.Event()
    held: list[str] = []

    def hold_checkpoints(sql: str) -> None:  # a checkpoint that takes as long as the test
        if "wal_checkpoint" in sql:
            held.append(sql)
            begun.set()
            release.wait()

    store.trace(hold_checkpoints)
    try:
        for seq in range(1, 51):  # five checkpoints due, the first one still under way
            await asyncio.wait_for(store.append(
                "ABCDE", 0, seq, LoggedAction(0, {"type": "cut"}, seq)), 60)
            if store._checkpointing is not None and not begun.is_set():  # the first is due:
                # the rest are committed while it is held (its thread may not have begun yet)
                assert await asyncio.to_thread(begun.wait, 60)
        assert held == ["PRAGMA wal_checkpoint(PASSIVE)"]
    finally:
        release.set()
    store.trace(None)
    await store.close()
    assert stored(tmp_path / "rooms.sqlite3") == list(range(1, 51))


async def test_each_commit_and_checkpoint_is_timed_where_it_ran(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What /metrics shows of the store (`StoreTimings`): lone actions committed on the loop's
    thread, a room's record on the writer's, each checkpoint."""
    monkeypatch.setattr(lite, "CHECKPOINT_EVERY", 10)
    store, _ = await opened(tmp_path)  # a room and a game: two commits on the writer's thread
    checkpointing = None
    for seq in range(1, 31):
        await store.append("ABCDE", 0, seq, LoggedAction(0, {"type": "cut", "n": seq}, seq))
        if store._checkpointing is not checkpointing:  # one begun: done before the next
            checkpointing = store._checkpointing  # commit, so that none is skipped
            await asyncio.to_thread(checkpointing.result)
    await store.close()
    timings = store.timings
    assert sum(timings.on_loop.by_length) == 30
    assert sum(timings.on_writer.by_length) == 2
    assert sum(timings.checkpoints.by_length) == 3  # after the 10th, 20th and 30th commits
    for took in (timings.on_loop, timings.on_writer, timings.checkpoints):
        assert 0 < took.longest_s <= took.total_s
