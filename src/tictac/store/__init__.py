"""Durable room records and append-only action logs (SQLAlchemy Core, async).

SQLite through aiosqlite by default; PostgreSQL through asyncpg (reads) and psycopg (the writer).
"""

from tictac.store.log import Fenced, GameLog, RoomDump, Store, StoreError

__all__ = ["Fenced", "GameLog", "RoomDump", "Store", "StoreError"]
