"""Durable room records and append-only action logs (SQLAlchemy Core, async).

SQLite through aiosqlite by default; the same code is meant to serve PostgreSQL through asyncpg.
"""

from tictac.store.log import GameLog, RoomDump, Store, StoreError

__all__ = ["GameLog", "RoomDump", "Store", "StoreError"]
