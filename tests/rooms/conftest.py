"""Rooms on a fake clock and seeded randomness, over a real SQLite store in a temporary file
(`either_table`: then over the in-memory store too).

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
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    """An open store and manager, in the test's event loop; closed after the test."""
    async with seeded(tmp_path / "rooms.sqlite3") as table:
        yield table


@pytest.fixture(params=["sqlite", "memory"])
async def either_table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    """`table`, on the SQLite file and then on the in-memory store: a room plays, stores and
    comes back the same on both (issue 22, item 4)."""
    async with seeded(tmp_path / "rooms.sqlite3" if request.param == "sqlite" else None) as table:
        yield table
