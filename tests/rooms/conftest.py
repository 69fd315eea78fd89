"""Rooms on a fake clock and seeded randomness, over the in-memory store (`stored_table`: a real
SQLite file, as a server on a file opens it; `either_table`: each of the two in turn; the store
contract tests, tests/store, hold all three stores to the same behaviour).

Every run plays the same games; `ROOM_SEED=N` picks other ones (a seed sweep)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from roomtable import Table


def seeded(db: Path | None) -> Table:
    return Table(db, int(os.environ.get("ROOM_SEED", "0")))


@pytest.fixture
async def table() -> AsyncIterator[Table]:
    """An open in-memory store and manager, in the test's event loop; closed after the test."""
    async with seeded(None) as table:
        yield table


@pytest.fixture
async def stored_table(tmp_path: Path) -> AsyncIterator[Table]:
    """`table` on an SQLite file, the store a server on a file opens: for what only a real
    database does (refusing writes, reading a file back)."""
    async with seeded(tmp_path / "rooms.sqlite3") as table:
        yield table


@pytest.fixture(params=["sqlite", "memory"])
async def either_table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    """`table`, on the SQLite file and then on the in-memory store: a room plays, stores and
    comes back the same on both."""
    async with seeded(tmp_path / "rooms.sqlite3" if request.param == "sqlite" else None) as table:
        yield table
