"""Rooms on a fake clock, over a real SQLite store in a temporary file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from roomtable import Table

from tictac.rooms import FakeClock, RoomManager, RoomSettings
from tictac.store import Store


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'rooms.sqlite3'}")
    yield store
    await store.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest_asyncio.fixture
async def table(store: Store, clock: FakeClock) -> AsyncIterator[Table]:
    manager = RoomManager(store, clock=clock,
                          settings=RoomSettings(bot_pause_ms=0, gone_after_s=30, idle_s=3600))
    yield Table(manager, clock)
    await manager.close()
