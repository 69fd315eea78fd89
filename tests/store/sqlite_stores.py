"""The two stores of an SQLite file, for the tests every one of them must pass: `SqlStore`
(SQLAlchemy) and `LiteStore` (sqlite3, what `open_store` gives for an SQLite URL: issue 23,
item 0)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from tictac.store import SqlStore, Store, open_store

Opener = Callable[[str], Awaitable[Store]]

on_both = pytest.mark.parametrize("opener", [SqlStore.open, open_store],
                                  ids=["sqlalchemy", "sqlite3"])
