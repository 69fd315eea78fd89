"""Rooms on a fake clock and seeded randomness, over a real SQLite store in a temporary file.

Every run plays the same games; `ROOM_SEED=N` picks other ones (a seed sweep)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from roomtable import Table


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    """An open store and manager, in the test's event loop; closed after the test."""
    async with Table(tmp_path / "rooms.sqlite3", int(os.environ.get("ROOM_SEED", "0"))) as table:
        yield table
