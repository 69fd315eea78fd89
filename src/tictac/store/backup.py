"""Backups of a store and their restore (`tictac backup`, `tictac restore`, and the scheduled
backups of `tictac serve --backup-every`).

A backup is one SQLite file at the schema's latest revision, whichever store it came from, so
one restore takes any backup into any store (an SQLite file's into PostgreSQL: the way an
instance that outgrew its file moves). It holds the rooms with their records, games, action
logs, shared decks, and the instance admin's bans, audit log and players' reports, and nothing
else; a seat's token is in a record only as its SHA-256 (rooms/places.py), which is what a
restored room checks a returning player's token against, and a report's reporter only as a
digest of that.

- An SQLite file is copied through SQLite's online backup API, in one step: a consistent copy
  while the server goes on writing (WAL readers and the writer do not block each other).
- Any other database (PostgreSQL) is read table by table in one REPEATABLE READ transaction,
  a consistent snapshot, and written into a new SQLite file: a logical export in Python, with
  no need for pg_dump in the image.

A restore goes into an empty store only (no room, no deck): rows are copied as they were, so a
room comes back with its epoch, its games and their logs, and plays on from where it stood.
The audit log's and the reports' rows are numbered anew by the store they go into, in their
order (PostgreSQL's sequences would not know of numbers copied in, and the next admin action
would collide with one).
A backup is written under a `.partial` name and renamed once complete: a backup file is never
half a backup.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import re
import shutil
import sqlite3
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager

import orjson
import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, make_url

from tictac.store.base import StoreError, as_json
from tictac.store.file import PRAGMAS
from tictac.store.lite import SCHEMA_REVISION, sqlite_file
from tictac.store.log import migrate_sqlite
from tictac.store.migrate import current, heads, upgrade
from tictac.store.tables import actions, audit, bans, decks, games, reports, rooms

log = logging.getLogger(__name__)

# In the order a restore fills them (foreign keys).
TABLES = (rooms, games, actions, decks, bans, audit, reports)
BATCH = 5000  # rows read and written at a time
# A scheduled backup's name: its time in UTC, so names sort as the backups were made.
SCHEDULED = re.compile(r"^tictac-\d{8}-\d{6}\.sqlite3$")
FAILURES = (sqlite3.Error, sa.exc.SQLAlchemyError, OSError)


def backup(url: str, target: str) -> None:
    """The store of the database URL `url` copied into the new SQLite file `target` (replaced
    if there is one); a `StoreError` in one line if it cannot be."""
    partial = target + ".partial"
    path = sqlite_file(url)
    where = path or make_url(url).render_as_string(hide_password=True)
    if path is not None and os.path.abspath(target) == path:
        raise StoreError(f"a backup of {path} goes into another file than the database")
    try:
        if os.path.exists(partial):
            os.remove(partial)
        if path is not None:
            _copy_file(path, partial)
        else:
            _export(url, partial)
        os.replace(partial, target)
    except FAILURES as failure:
        with contextlib.suppress(FileNotFoundError):
            os.remove(partial)
        raise StoreError(f"cannot back up {where} into {target}: {_reason(failure)}") from None


def restore(source: str, url: str) -> dict[str, int]:
    """The backup file `source` copied into the empty store of `url` (made and migrated if
    need be); how many rows of each table came back. A `StoreError` in one line if the store
    holds anything already, or the file is no backup."""
    where = sqlite_file(url) or make_url(url).render_as_string(hide_password=True)
    try:
        with _readable(source) as reading_file:
            writer = _migrated_engine(url)
            reader = _engine(f"sqlite:///{reading_file}")
            try:
                with reader.connect() as reading, writer.begin() as writing:
                    held = [f"{count} {table.name}" for table in (rooms, decks)
                            if (count := _count(writing, table))]
                    if held:
                        raise StoreError(f"{where} holds {' and '.join(held)} already: a backup "
                                         "is restored into an empty database")
                    return _copy_tables(reading, writing)
            finally:
                reader.dispose()
                writer.dispose()
    except FAILURES as failure:
        raise StoreError(f"cannot restore {source} into {where}: {_reason(failure)}") from None


def _reason(failure: Exception) -> str:
    return str(getattr(failure, "orig", None) or failure).strip().splitlines()[0]


def _revision_of(path: str) -> str | None:
    """The migration the SQLite file at `path` is at; None if it is no tictac database."""
    if not os.path.isfile(path):
        raise StoreError(f"no file {path}")
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                        "AND name = 'alembic_version'").fetchone() is None:
            return None
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        return None if row is None else str(row[0])


def _copy_file(path: str, target: str) -> None:
    """SQLite's online backup, in one step: every page as of one moment."""
    if _revision_of(path) is None:
        raise StoreError(f"{path} is no tictac database")
    with closing(sqlite3.connect(path)) as source, closing(sqlite3.connect(target)) as copy:
        source.backup(copy)
        copy.execute("PRAGMA journal_mode=DELETE")  # the copy is one file, no WAL beside it


def _export(url: str, target: str) -> None:
    engine = _engine(url)
    try:
        with engine.connect().execution_options(isolation_level="REPEATABLE READ") as reading:
            at, latest = current(reading), heads()
            if at != latest:  # a backup does not change the database it reads
                raise StoreError(f"the database is at revision {sorted(at)}, not {sorted(latest)}"
                                 ": start `tictac serve` on it once to migrate it")
            migrate_sqlite(target)
            writer = _engine(f"sqlite:///{target}")
            try:
                with writer.begin() as writing:
                    _copy_tables(reading, writing)
            finally:
                writer.dispose()
    finally:
        engine.dispose()


@contextmanager
def _readable(source: str) -> Iterator[str]:
    """The path of the backup `source` at the latest revision: itself, or a migrated copy (a
    backup made by an older tictac) in a temporary folder. The backup is never changed."""
    revision = _revision_of(source)
    if revision is None:
        raise StoreError(f"{source} is no tictac backup")
    if revision == SCHEMA_REVISION:
        yield source
        return
    with tempfile.TemporaryDirectory(prefix="tictac-restore-") as folder:
        copy = os.path.join(folder, "backup.sqlite3")
        shutil.copyfile(source, copy)
        migrate_sqlite(copy)
        yield copy


def _engine(url: str) -> Engine:
    """A blocking engine on `url`, whatever async driver it names; its JSON columns read and
    written by orjson, as the stores write them (the standard library's took over a third of
    a profiled restore)."""
    parsed = make_url(url)
    engine = sa.create_engine(parsed.set(drivername=parsed.get_backend_name()),
                              json_serializer=as_json, json_deserializer=orjson.loads)
    if engine.dialect.name == "sqlite":
        @sa.event.listens_for(engine, "connect")
        def pragmas(dbapi_connection: sqlite3.Connection, _record: object) -> None:
            for pragma in PRAGMAS:
                dbapi_connection.execute(pragma)
    return engine


def _migrated_engine(url: str) -> Engine:
    """`_engine(url)` once the database is at the latest revision (an SQLite file is made)."""
    path = sqlite_file(url)
    if path is not None:
        migrate_sqlite(path)
        return _engine(f"sqlite:///{path}")
    engine = _engine(url)
    with engine.begin() as conn:
        upgrade(conn)
    return engine


def _count(conn: Connection, table: sa.Table) -> int:
    return int(conn.execute(sa.select(sa.func.count()).select_from(table)).scalar_one())


def _copy_tables(reading: Connection, writing: Connection) -> dict[str, int]:
    copied = {}
    for table in TABLES:
        numbered = [column for column in table.columns if column.autoincrement is True]
        result = reading.execution_options(yield_per=BATCH).execute(
            sa.select(*(column for column in table.columns if column not in numbered))
            .order_by(*table.primary_key.columns))
        copied[table.name] = 0
        for batch in result.mappings().partitions():
            writing.execute(table.insert(), [dict(row) for row in batch])
            copied[table.name] += len(batch)
    return copied


# -- scheduled backups -----------------------------------------------------------------------

def backup_folder(url: str) -> str:
    """Where scheduled backups go: a `backups` folder beside an SQLite file, or in the working
    directory for another database."""
    path = sqlite_file(url)
    return os.path.join(os.path.dirname(path) if path else os.getcwd(), "backups")


def backup_now(url: str, folder: str, keep: int) -> str:
    """A backup of `url` in `folder`, named for the time; then only the `keep` latest are
    kept. The new backup's path."""
    os.makedirs(folder, exist_ok=True)
    target = os.path.join(folder, time.strftime("tictac-%Y%m%d-%H%M%S.sqlite3", time.gmtime()))
    backup(url, target)
    made = sorted(name for name in os.listdir(folder) if SCHEDULED.match(name))
    for name in made[:-keep] if keep > 0 else []:
        os.remove(os.path.join(folder, name))
    return target


def schedule(url: str, every: str, keep: int) -> str | None:
    """Backups of `url` every `every` (a duration: 90s, 30m, 6h, 1d) on a thread of their own,
    in `backup_folder(url)`, the `keep` latest kept; or why not (one line). A failed backup is
    logged, and the next is tried at its time."""
    try:
        every_s = duration_s(every)
    except ValueError as wrong:
        return f"--backup-every: {wrong}"
    if not 0 < every_s < math.inf or keep < 1:  # (float() reads nan and inf too)
        return "--backup-every takes a duration above 0, --backup-keep a number above 0"
    folder = backup_folder(url)

    def loop() -> None:
        while True:
            time.sleep(every_s)
            began = time.monotonic()
            try:
                made = backup_now(url, folder, keep)
            except (StoreError, OSError) as failure:
                log.error("scheduled backup failed: %s", failure)
            else:
                log.info("backup %s made in %.1f s", made, time.monotonic() - began)

    threading.Thread(target=loop, name="backups", daemon=True).start()
    return None


def duration_s(text: str) -> float:
    """Seconds of a duration written `90s`, `30m`, `6h` or `1d` (a bare number: seconds)."""
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    number, unit = (text[:-1], units[text[-1]]) if text[-1:] in units else (text, 1)
    try:
        seconds = float(number) * unit
    except ValueError:
        raise ValueError(f"not a duration: {text!r} (e.g. 90s, 30m, 6h, 1d)") from None
    return seconds
