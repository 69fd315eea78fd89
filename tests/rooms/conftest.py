"""Rooms on a fake clock, over a real SQLite store in a temporary file."""

from __future__ import annotations

from pathlib import Path

import pytest
from roomtable import Table


@pytest.fixture
def table(tmp_path: Path) -> Table:
    """Opened (store, manager) in the test's own event loop: see tests/conftest.py."""
    return Table(tmp_path / "rooms.sqlite3")
