"""Durable room records, append-only action logs and shared decks: what a store does
(`base.Store`), in an SQLite file through sqlite3 (`LiteStore`: the default), on SQLAlchemy
(`SqlStore`: PostgreSQL in a cluster, or any other database URL) or in memory (`MemoryStore`).
`open_store` opens the one a URL names.

`SqlStore` is imported when first asked for: SQLAlchemy takes a second to import, which a
server on an SQLite file no longer pays at its start."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tictac.store.base import (
    DeckBounds,
    DecksFull,
    DeckTaken,
    Fenced,
    GameLog,
    RoomDump,
    Store,
    StoredDeck,
    StoreError,
)
from tictac.store.lite import LiteStore, sqlite_file
from tictac.store.memory import MemoryStore

if TYPE_CHECKING:
    from tictac.store.log import SqlStore

__all__ = ["DeckBounds", "DeckTaken", "DecksFull", "Fenced", "GameLog", "LiteStore",
           "MemoryStore", "RoomDump", "SqlStore", "Store", "StoreError", "StoredDeck",
           "open_store"]


async def open_store(url: str, budget_s: float | None = None) -> Store:
    """The store of a database URL: an SQLite file's `LiteStore`, any other's `SqlStore`
    (whose every call is bounded by `budget_s` seconds, if given: store/log.py)."""
    path = sqlite_file(url)
    if path is not None:
        return await LiteStore.open(path)
    from tictac.store.log import SqlStore

    return await SqlStore.open(url) if budget_s is None else await SqlStore.open(url, budget_s)


def __getattr__(name: str) -> Any:
    if name == "SqlStore":
        from tictac.store.log import SqlStore

        return SqlStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
