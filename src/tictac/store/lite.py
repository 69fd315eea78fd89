"""The store of an SQLite file through the standard library's `sqlite3`: what `tictac serve`
opens by default. Same schema, same file, same answers as `SqlStore` on that file (a file
written by one is read by the other), without importing SQLAlchemy, which took a second of
every start.

Its schema is SqlStore's: Alembic's migrations make it (store/migrations), and a file that is
new or at an older revision is migrated through them before it is opened, importing SQLAlchemy
and Alembic for that start only. A file at `SCHEMA_REVISION` (a test holds it to Alembic's
head) opens with sqlite3 alone. Values of the JSON columns are kept as SQLAlchemy's JSON type
keeps them on SQLite: their `json.dumps` text.

Writes go through the group-committing writer (store/writer.py) on one connection, used by
one thread at a time; reads open a connection of their own on a thread of their own.

A batch of a few action rows is committed on the event loop's thread (`_commit_here`): in WAL
mode with synchronous=NORMAL a commit appends to the WAL file without waiting for the disk,
and at a table's pace a batch is nearly always one action, whose hop to the writer's thread
and back cost more than the commit. What could make the loop wait is kept off it: the loop
never waits for a lock (another process writing the file): anything short of success there is
done again on the writer's thread, which answers as it always did.

No commit waits for a checkpoint. The WAL is checkpointed (which syncs the WAL and the
database file) on a connection and a thread of their own, beside the commits, never in their
way: a checkpoint on the writer's connection held every write queued behind it for its syncs
(16 to 62 ms on a loaded machine). SQLite's own checkpoint at commit is off on the writer's
connection. A commit's one sync left is NORMAL's of the WAL's header, when the WAL starts
again from its beginning (it keeps a write out of order after a power cut from corrupting the
file): that is once a checkpoint has copied the WAL whole, under steady commits about every
sixteenth checkpoint (`_checkpoint`), not after every one.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import closing
from typing import Any

from tictac.engine import LoggedAction
from tictac.store.base import (
    AuditEntry,
    Ban,
    DeckBounds,
    DeckTaken,
    GameLog,
    Report,
    RoomDump,
    StoredDeck,
    StoreError,
    as_json,
    in_order,
    room_dumps,
)
from tictac.store.file import PRAGMAS, DatabaseFile
from tictac.store.writer import GroupCommit, Row, fenced, taken

log = logging.getLogger(__name__)
SCHEMA_REVISION = "0006"  # the latest of store/migrations/versions
HERE_AT_MOST = 4  # action rows committed on the loop's thread; a bigger batch is flat out's
# Commits between two checkpoints: one action's commit writes two or three pages to the WAL,
# so the WAL is checkpointed at about SQLite's default of 1000 pages.
CHECKPOINT_EVERY = 300
# The WAL's length (in pages of 4 KiB, about 40 MB) past which a checkpoint holds the writers
# back for a moment so that the WAL starts again (see `_checkpoint`); an action's commit writes
# two pages, so at 250 actions/s about every sixteenth checkpoint (some 19 s).
WAL_PAGES_AT_MOST = 10_000
LOCK_WAIT_MS = 5000  # sqlite3's default: how long the writer's thread waits for a lock

Write = Callable[[sqlite3.Connection], None]
REPORT_COLUMNS = "at_ms, room, what, text, context, reporter, outcome, id"  # Report's order


def sqlite_file(url: str) -> str | None:
    """The path of the SQLite file a database URL names (`sqlite:///rooms.sqlite3`, with any
    driver: `sqlite+aiosqlite:////abs/rooms.sqlite3`), or None for any other URL: another
    database, an in-memory one, a URI filename or options after `?` (SqlStore's then)."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme.split("+")[0] != "sqlite" or not rest.startswith("/"):
        return None
    database = rest[1:]
    if database in ("", ":memory:") or database.startswith("file:") or "?" in database:
        return None
    return os.path.abspath(database)


INSERT_ACTION = ("INSERT INTO actions (room, game_idx, seq, seat, action, now_ms) "
                 "VALUES (:room, :game_idx, :seq, :seat, :action, :now_ms)")


def _connect(path: str) -> sqlite3.Connection:
    """A connection in autocommit mode (its transactions are begun and committed by hand)."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        for pragma in PRAGMAS:
            conn.execute(pragma)
    except sqlite3.Error:
        conn.close()
        raise
    return conn


def _revision(conn: sqlite3.Connection) -> str | None:
    """The migration the file is at (None for a new file; a file migrated along two branches
    would list two, and is left to Alembic too)."""
    if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                    "AND name = 'alembic_version'").fetchone() is None:
        return None
    found = conn.execute("SELECT version_num FROM alembic_version").fetchall()
    return found[0][0] if len(found) == 1 else None


def _open_migrated(path: str) -> tuple[sqlite3.Connection, sqlite3.Connection]:
    """The writer's connection and the checkpointer's to the file at `path`, once the file is
    at SCHEMA_REVISION."""
    conn = _connect(path)
    try:
        if _revision(conn) != SCHEMA_REVISION:
            from tictac.store.log import migrate_sqlite  # SQLAlchemy and Alembic: only now

            migrate_sqlite(path)
        return conn, _connect(path)
    except BaseException:
        conn.close()
        raise


class LiteStore(GroupCommit[Write | Row]):
    """An SQLite file, through sqlite3."""

    def __init__(self, conn: sqlite3.Connection, checkpointer: sqlite3.Connection,
                 file: DatabaseFile) -> None:
        super().__init__(file)
        self.path = file.path
        self._conn = conn  # the writer's: on the loop's thread or the writer's, never both
        self._conn.execute("PRAGMA wal_autocheckpoint = 0")  # the checkpointer does it
        self._lock_wait_ms = -1
        self._wait_for_locks(LOCK_WAIT_MS)
        self._since_checkpoint = 0
        self._checkpointer = checkpointer  # on its thread only
        checkpointer.execute("PRAGMA busy_timeout = 0")  # it never holds the writers waiting
        self._checkpoints = ThreadPoolExecutor(1, thread_name_prefix="store-checkpoint")
        self._checkpointing: Future[None] | None = None

    @classmethod
    async def open(cls, path: str) -> LiteStore:
        """Opens (making and migrating it if need be) the file at `path` and starts the
        writer; a file that cannot be opened is a `StoreError` in one line."""
        try:
            conn, checkpointer = await asyncio.to_thread(_open_migrated, path)
        except (sqlite3.Error, OSError) as failure:
            raise StoreError(f"cannot open the database {path}: {failure}") from None
        store = cls(conn, checkpointer, DatabaseFile(path))
        store._start()
        return store

    def _dispose(self) -> None:
        self._checkpoints.shutdown()  # once a checkpoint under way is done
        self._checkpointer.close()
        self._conn.close()

    def trace(self, callback: Callable[[str], None] | None) -> None:
        """`callback` is called with each statement the writer's connection and the
        checkpointer's run, on the thread that runs it (None stops it): which thread
        committed or checkpointed what, for tests and for an operator's debugging."""
        self._conn.set_trace_callback(callback)
        self._checkpoints.submit(self._checkpointer.set_trace_callback, callback).result()

    def _wait_for_locks(self, ms: int) -> None:
        if self._lock_wait_ms != ms:
            self._conn.execute(f"PRAGMA busy_timeout = {ms}")
            self._lock_wait_ms = ms

    def _commit_here(self, writes: list[Write | Row]) -> list[Exception | None] | None:
        if len(writes) > HERE_AT_MOST or not all(type(write) is dict for write in writes):
            return None
        self._wait_for_locks(0)
        try:
            self._transaction(writes)
        except Exception:  # a lock held elsewhere, a conflict, a lost file: done again on
            return None  # the writer's thread, which waits, or answers with the refusal
        return [None] * len(writes)

    def _commit(self, writes: list[Write | Row]) -> list[Exception | None]:
        """On the writer thread: every write's failure, or None for each if all committed."""
        self._wait_for_locks(LOCK_WAIT_MS)
        try:
            self._transaction(writes)
        except Exception as error:
            if len(writes) == 1:
                if isinstance(writes[0], dict) and isinstance(error, sqlite3.IntegrityError) \
                        and "UNIQUE constraint" in str(error):
                    return [taken(writes[0])]
                return [StoreError(f"the database {self.path}: {error}")
                        if isinstance(error, sqlite3.Error) else error]
            # One bad write must not sink the others: retry them one by one.
            return [self._commit([write])[0] for write in writes]
        return [None] * len(writes)

    def _transaction(self, writes: list[Write | Row]) -> None:
        """Every write in one transaction, committed; else rolled back and raised. A lone
        action (every paced one) is one INSERT, which SQLite makes a transaction of by itself:
        a BEGIN and a COMMIT fewer, a seventh of the commit's time."""
        conn = self._conn
        if len(writes) == 1 and type(writes[0]) is dict:
            self._refuse_if_lost()
            conn.execute(INSERT_ACTION, writes[0])
        else:
            conn.execute("BEGIN IMMEDIATE")
            try:
                rows: list[Row] = []
                for write in writes:
                    if isinstance(write, dict):
                        rows.append(write)
                        continue
                    _insert_actions(conn, rows)
                    rows = []
                    write(conn)
                _insert_actions(conn, rows)
                self._refuse_if_lost()
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        self.commits += 1
        self._since_checkpoint += 1
        if self._since_checkpoint >= CHECKPOINT_EVERY and (
                self._checkpointing is None or self._checkpointing.done()):
            self._since_checkpoint = 0
            self._checkpointing = self._checkpoints.submit(self._checkpoint)

    def _checkpoint(self) -> None:
        """On the checkpointer's thread: the WAL copied into the database file, beside the
        commits. It copies what the WAL held when it began; if no commit came meanwhile, the
        next one writes the WAL again from its start. Under a steady load one nearly always
        comes, so once the WAL is past WAL_PAGES_AT_MOST the rest is copied holding the writers
        back (RESTART: a few pages and two syncs), so that it starts again. Neither waits for a
        lock: with a writer or a reader under way, the next checkpoint tries again."""
        began = time.perf_counter()
        try:
            _, pages, _ = self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            if pages > WAL_PAGES_AT_MOST:
                self._checkpointer.execute("PRAGMA wal_checkpoint(RESTART)").fetchall()
        except sqlite3.Error as failure:  # the next checkpoint tries again
            log.warning("checkpoint of %s failed: %s", self.path, failure)
        self.timings.checkpoints.add(time.perf_counter() - began)

    def _refuse_if_lost(self) -> None:
        """The last thing before a commit: never into a lost file."""
        problem = self.problem()
        if problem is not None:
            raise StoreError(problem)

    # -- writes ------------------------------------------------------------------------------

    def _refused_or_submitted(self, make: Callable[[], Write | Row]) -> asyncio.Future[None]:
        """`make`'s write queued; a value it cannot write as JSON refused at once, as the
        answer to await (as `SqlStore` refuses it once it tries)."""
        try:
            write = make()
        except StoreError as refusal:
            refused: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            refused.set_exception(refusal)
            return refused
        return self._submit(write)

    def save_room(self, code: str, game: str, record: dict[str, Any], now_ms: int,
                  epoch: int) -> asyncio.Future[None]:
        return self._refused_or_submitted(
            lambda: _room_write(code, game, as_json(record), now_ms, epoch))

    def start_game(self, code: str, idx: int, setup: dict[str, Any], now_ms: int, game: str,
                   record: dict[str, Any], epoch: int) -> asyncio.Future[None]:
        """A new game and the room record that says it is on, in one transaction."""

        def make() -> Write:
            save = _room_write(code, game, as_json(record), now_ms, epoch)
            text = as_json(setup)

            def write(conn: sqlite3.Connection) -> None:
                save(conn)
                conn.execute("INSERT INTO games (room, idx, setup, started_ms) "
                             "VALUES (?, ?, ?, ?)", (code, idx, text, now_ms))

            return write

        return self._refused_or_submitted(make)

    def append(self, code: str, idx: int, seq: int, entry: LoggedAction) -> asyncio.Future[None]:
        return self._refused_or_submitted(
            lambda: {"room": code, "game_idx": idx, "seq": seq, "seat": entry.seat,
                     "action": as_json(entry.action), "now_ms": entry.now_ms})

    def delete_room(self, code: str, epoch: int) -> asyncio.Future[None]:
        def write(conn: sqlite3.Connection) -> None:
            held = _epoch(conn, code)
            if held is None:
                return
            if held != epoch:
                raise fenced(code, held, epoch)
            for table, column in (("actions", "room"), ("games", "room"), ("rooms", "code")):
                conn.execute(f"DELETE FROM {table} WHERE {column} = ?", (code,))

        return self._submit(write)

    async def claim(self, code: str) -> int:
        """A node takes the room over: its epoch goes up by one, so a copy still running
        elsewhere is refused its next record write. The new epoch (0: no such room)."""
        epochs = [0]

        def write(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE rooms SET epoch = epoch + 1 WHERE code = ?", (code,))
            epochs.append(_epoch(conn, code) or 0)

        await self._submit(write)
        return epochs[-1]  # a write may run twice (in a batch that failed, then alone)

    def save_deck(self, deck: StoredDeck, bounds: DeckBounds) -> asyncio.Future[None]:
        def make() -> Write:
            cards = as_json(deck.cards)

            def write(conn: sqlite3.Connection) -> None:
                if conn.execute("SELECT 1 FROM decks WHERE code = ?",
                                (deck.code,)).fetchone() is not None:
                    raise DeckTaken(f"a deck is kept under {deck.code} already")
                conn.execute("DELETE FROM decks WHERE used_ms < ?", (bounds.unused_before_ms,))
                held, owned = conn.execute(
                    "SELECT coalesce(sum(size), 0), coalesce(sum(CASE WHEN owner = ? "
                    "THEN size ELSE 0 END), 0) FROM decks", (deck.owner,)).fetchone()
                bounds.check(deck.owner, owned, held, deck.size)
                conn.execute("INSERT INTO decks (code, language, title, cards, created_ms, "
                             "owner, used_ms, size) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                             (deck.code, deck.language, deck.title, cards, deck.created_ms,
                              deck.owner, deck.used_ms, deck.size))

            return write

        return self._refused_or_submitted(make)

    def touch_deck(self, code: str, now_ms: int) -> asyncio.Future[None]:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE decks SET used_ms = max(used_ms, ?) WHERE code = ?",
                         (now_ms, code))

        return self._submit(write)

    def drop_deck(self, code: str) -> asyncio.Future[None]:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM decks WHERE code = ?", (code,))

        return self._submit(write)

    def save_ban(self, ban: Ban) -> asyncio.Future[None]:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT OR REPLACE INTO bans (network, until_ms, reason, made_ms) "
                         "VALUES (?, ?, ?, ?)",
                         (ban.network, ban.until_ms, ban.reason, ban.made_ms))

        return self._submit(write)

    def lift_ban(self, network: str) -> asyncio.Future[None]:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM bans WHERE network = ?", (network,))

        return self._submit(write)

    def save_audit(self, entry: AuditEntry) -> asyncio.Future[None]:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO audit (at_ms, action, target, detail, address) "
                         "VALUES (?, ?, ?, ?, ?)",
                         (entry.at_ms, entry.action, entry.target, entry.detail, entry.address))

        return self._submit(write)

    def save_report(self, report: Report) -> asyncio.Future[None]:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO reports (at_ms, room, what, text, context, reporter, "
                         "outcome) VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (report.at_ms, report.room, report.what, report.text, report.context,
                          report.reporter, report.outcome))

        return self._submit(write)

    def resolve_report(self, report_id: int, outcome: str) -> asyncio.Future[None]:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE reports SET outcome = ? WHERE id = ?", (outcome, report_id))

        return self._submit(write)

    # -- reads -------------------------------------------------------------------------------

    async def load_reports(self, limit: int) -> list[Report]:
        rows = await asyncio.to_thread(
            self._read, f"SELECT {REPORT_COLUMNS} FROM reports WHERE outcome = '' "
            "ORDER BY id DESC LIMIT ?", (limit,))
        return [Report(*row) for row in rows]

    async def load_report(self, report_id: int) -> Report | None:
        rows = await asyncio.to_thread(
            self._read, f"SELECT {REPORT_COLUMNS} FROM reports WHERE id = ?", (report_id,))
        return Report(*rows[0]) if rows else None

    async def load_bans(self, now_ms: int) -> list[Ban]:
        rows = await asyncio.to_thread(
            self._read, "SELECT network, until_ms, reason, made_ms FROM bans "
            "WHERE until_ms > ? ORDER BY network", (now_ms,))
        return [Ban(*row) for row in rows]

    async def load_audit(self, limit: int) -> list[AuditEntry]:
        rows = await asyncio.to_thread(
            self._read, "SELECT at_ms, action, target, detail, address FROM audit "
            "ORDER BY id DESC LIMIT ?", (limit,))
        return [AuditEntry(*row) for row in rows]

    def _read(self, query: str, args: tuple[Any, ...]) -> list[Any]:
        with closing(sqlite3.connect(self.path)) as conn:  # a read's own
            return conn.execute(query, args).fetchall()

    async def load_deck(self, code: str) -> StoredDeck | None:
        return await asyncio.to_thread(self._load_deck, code)

    def _load_deck(self, code: str) -> StoredDeck | None:
        with closing(sqlite3.connect(self.path)) as conn:  # a read's own
            row = conn.execute("SELECT language, title, cards, created_ms, owner, used_ms "
                               "FROM decks WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        return StoredDeck(code, row[0], row[1], json.loads(row[2]), row[3], row[4], row[5])

    async def load_rooms(self, code: str | None = None) -> list[RoomDump]:
        """Every room (or the one called `code`) with every game's setup and the latest game's
        log (enough to restore)."""
        return await asyncio.to_thread(self._load_rooms, code)

    def _load_rooms(self, code: str | None) -> list[RoomDump]:
        where, args = ("", ()) if code is None else (" WHERE {} = ?", (code,))
        with closing(sqlite3.connect(self.path)) as conn:  # a read's own
            room_rows = conn.execute("SELECT code, game, CAST(record AS TEXT), epoch FROM rooms"
                                     + where.format("code") + " ORDER BY code", args).fetchall()
            game_rows = conn.execute("SELECT room, idx, setup, started_ms FROM games"
                                     + where.format("room") + " ORDER BY room, idx",
                                     args).fetchall()
            return room_dumps(room_rows, ((room, idx, json.loads(setup), started_ms)
                                          for room, idx, setup, started_ms in game_rows),
                              lambda code, idx: _read_log(conn, code, idx))

    async def load_game(self, code: str, idx: int) -> GameLog | None:
        return await asyncio.to_thread(self._load_game, code, idx)

    def _load_game(self, code: str, idx: int) -> GameLog | None:
        with closing(sqlite3.connect(self.path)) as conn:  # a read's own
            row = conn.execute("SELECT setup, started_ms FROM games WHERE room = ? AND idx = ?",
                               (code, idx)).fetchone()
            if row is None:
                return None
            return GameLog(idx, json.loads(row[0]), row[1], _read_log(conn, code, idx))


def _insert_actions(conn: sqlite3.Connection, rows: list[Row]) -> None:
    conn.executemany(INSERT_ACTION, rows)


def _epoch(conn: sqlite3.Connection, code: str) -> int | None:
    row = conn.execute("SELECT epoch FROM rooms WHERE code = ?", (code,)).fetchone()
    return None if row is None else int(row[0])


def _read_log(conn: sqlite3.Connection, code: str, idx: int) -> list[LoggedAction]:
    rows = conn.execute("SELECT seq, seat, action, now_ms FROM actions "
                        "WHERE room = ? AND game_idx = ? ORDER BY seq", (code, idx))
    return in_order(code, idx, ((seq, LoggedAction(seat, json.loads(action), now_ms))
                                for seq, seat, action, now_ms in rows))


def _room_write(code: str, game: str, record: str, now_ms: int, epoch: int) -> Write:
    """An upsert written as update-then-insert, as SqlStore's; refused if the room is stored
    under another epoch (another node took it over)."""

    def write(conn: sqlite3.Connection) -> None:
        done = conn.execute("UPDATE rooms SET game = ?, record = ?, updated_ms = ? "
                            "WHERE code = ? AND epoch = ?", (game, record, now_ms, code, epoch))
        if done.rowcount == 0:
            held = _epoch(conn, code)
            if held is not None:
                raise fenced(code, held, epoch)
            conn.execute("INSERT INTO rooms (code, epoch, game, record, updated_ms) "
                         "VALUES (?, ?, ?, ?, ?)", (code, epoch, game, record, now_ms))

    return write
