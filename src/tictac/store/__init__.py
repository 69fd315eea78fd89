"""Durable room records and append-only action logs: what a store does (`base.Store`), on
SQLAlchemy (`SqlStore`: an SQLite file by default, PostgreSQL in a cluster, each written by a
blocking driver on a thread of its own) or in memory (`MemoryStore`)."""

from tictac.store.base import Fenced, GameLog, RoomDump, Store, StoreError
from tictac.store.log import SqlStore
from tictac.store.memory import MemoryStore

__all__ = ["Fenced", "GameLog", "MemoryStore", "RoomDump", "SqlStore", "Store", "StoreError"]
