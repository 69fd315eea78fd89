"""Helpers for room tests: a connection that records what it is sent, a table driver, and a
store whose database refuses writes on demand."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from tictac.engine import Action, IllegalAction
from tictac.games.time_bomb.state import State as TimeBombState
from tictac.games.time_bomb.table import SAFE
from tictac.rooms import FakeClock, Room, RoomManager, RoomSettings, SeededChance, joins, lobby
from tictac.rooms.errors import RoomError
from tictac.store import LiteStore, MemoryStore, Store, open_store


class FakeConn:
    """A connection that keeps what it was sent, decoded."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.closed: int | None = None

    def send(self, text: str, *more: str) -> None:
        self.sent.extend(json.loads(message) for message in (text, *more))

    def close(self, code: int) -> None:
        self.closed = code

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [message for message in self.sent if message["type"] == kind]

    def view(self) -> dict[str, Any]:
        return self.of("view")[-1]

    def room(self) -> dict[str, Any]:
        room: dict[str, Any] = self.of("room")[-1]["room"]
        return room


class Table:
    """A store, a manager on a fake clock, and helpers to drive one room step by step. An async
    context manager: it opens the store on entry and closes everything on exit."""

    def __init__(self, db: Path | None, seed: int = 0) -> None:
        """On an SQLite file at `db` (the store a server on a file opens), or on a
        `MemoryStore` when `db` is None."""
        self.url = None if db is None else f"sqlite:///{db}"
        self.clock = FakeClock()
        self.seed = seed
        self.settings = RoomSettings(bot_pause_ms=0, gone_after_s=30, idle_s=3600)

    async def __aenter__(self) -> Table:
        self.store: Store = MemoryStore() if self.url is None else await open_store(self.url)
        self.manager = RoomManager(self.store, clock=self.clock, chance=SeededChance(self.seed),
                                   settings=self.settings)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.manager.close()
        await self.store.close()

    async def room(self, game: str, *, bots: int = 0, options: dict[str, Any] | None = None,
                   pause_ms: int = 0) -> tuple[Room, FakeConn, str]:
        room, (token, _, _) = await self.manager.create(game, "Host", options)
        host = FakeConn()
        await room.call(room.connect, host, token)
        await self.op(room, host, "set_bot_pause", ms=pause_ms)
        for _ in range(bots):
            await self.op(room, host, "add_bot", kind=None)
        return room, host, token

    async def join(self, room: Room, name: str, spectator: bool = False) -> tuple[FakeConn, str]:
        token, _, _ = await room.call(joins.join, room, name, spectator)
        conn = FakeConn()
        await room.call(room.connect, conn, token)
        return conn, token

    @staticmethod
    async def op(room: Room, conn: FakeConn, op_name: str, **fields: Any) -> None:
        await room.call(lobby.run_op, room, conn, op_name, fields)

    async def tick(self, room: Room, ms: int = 0) -> None:
        """Moves the clock on; every job the timers posted has run when this returns."""
        self.clock.advance(ms)
        if not room.closed:
            with contextlib.suppress(RoomError):
                await room.call(lambda: None)

    async def run(self, room: Room, until: Callable[[], bool], *, step_ms: int = 0,
                  limit: int = 20_000) -> int:
        for steps in range(limit):
            if until():
                return steps
            await self.tick(room, step_ms)
        raise AssertionError(f"not done after {limit} steps")


async def refused(code: str, job: object) -> None:
    with pytest.raises(IllegalAction) as refusal:
        await job  # type: ignore[misc]
    assert refusal.value.code == code


def safe_cut(state: TimeBombState, cutter: int) -> Action:
    """A cut of a safe wire: whatever the deal, the game is still on after it."""
    for target, row in enumerate(state.rows):
        if target != cutter and SAFE in row:
            return {"type": "cut", "target": target, "position": row.index(SAFE)}
    raise AssertionError("no safe wire left to cut")


def write_file(table: Table, statement: str, **values: Any) -> list[tuple[Any, ...]]:
    """Runs one SQL statement straight on the table's SQLite file, as another program would,
    and gives its rows."""
    assert isinstance(table.store, LiteStore), "only a file can be written to from outside"
    with closing(sqlite3.connect(table.store.path)) as conn, conn:
        return conn.execute(statement, values).fetchall()


STORED = ("rooms", "games", "actions")


@contextlib.contextmanager
def refusing(store: Store, tables: tuple[str, ...] = STORED) -> Iterator[None]:
    """The SQLite file itself refuses every write to `tables` (triggers that abort it), as a
    full disk or a read-only file would, until the block ends."""
    assert isinstance(store, LiteStore), "a refusing store is a real database's"
    verbs = ("insert", "update", "delete")
    names = [f"refuse_{verb}_{table}" for table in tables for verb in verbs]
    with closing(sqlite3.connect(store.path)) as conn, conn:
        for name in names:
            _, verb, table = name.split("_", 2)
            conn.execute(f"CREATE TRIGGER {name} BEFORE {verb.upper()} ON {table} "
                         "BEGIN SELECT RAISE(ABORT, 'refused on purpose'); END")
    try:
        yield
    finally:
        with closing(sqlite3.connect(store.path)) as conn, conn:
            for name in names:
                conn.execute(f"DROP TRIGGER {name}")
