"""Helpers for room tests: a connection that records what it is sent, and a table driver."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tictac.rooms import FakeClock, Room, RoomManager, RoomSettings, SeededChance, lobby
from tictac.rooms.errors import RoomError
from tictac.store import Store


class FakeConn:
    """A connection that keeps what it was sent, decoded."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.closed: int | None = None

    def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

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

    def __init__(self, db: Path, seed: int = 0) -> None:
        self.url = f"sqlite+aiosqlite:///{db}"
        self.clock = FakeClock()
        self.seed = seed
        self.settings = RoomSettings(bot_pause_ms=0, gone_after_s=30, idle_s=3600)

    async def __aenter__(self) -> Table:
        self.store = await Store.open(self.url)
        self.manager = RoomManager(self.store, clock=self.clock, chance=SeededChance(self.seed),
                                   settings=self.settings)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.manager.close()
        await self.store.close()

    async def room(self, game: str, *, bots: int = 0, options: dict[str, Any] | None = None,
                   pause_ms: int = 0) -> tuple[Room, FakeConn, str]:
        room, token, _ = await self.manager.create(game, "Host", options)
        host = FakeConn()
        await room.call(room.connect, host, token)
        await self.op(room, host, "set_bot_pause", ms=pause_ms)
        for _ in range(bots):
            await self.op(room, host, "add_bot", kind=None)
        return room, host, token

    async def join(self, room: Room, name: str, spectator: bool = False) -> tuple[FakeConn, str]:
        token, _ = await room.call(lobby.join, room, name, spectator)
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
