"""Rooms on a fake clock and seeded randomness, over a real SQLite store in a temporary file.

Every run plays the same games; `ROOM_SEED=N` picks other ones (a seed sweep)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from roomtable import Table


@pytest.fixture
def table(tmp_path: Path) -> Table:
    """Opened (store, manager) in the test's own event loop: see tests/conftest.py."""
    return Table(tmp_path / "rooms.sqlite3", int(os.environ.get("ROOM_SEED", "0")))
