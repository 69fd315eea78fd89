"""The store on SQLAlchemy, for PostgreSQL (a cluster) and any database URL `LiteStore` does
not take: room records and action logs, written through one group-committing writer
(store/writer.py).

The writer commits on a thread of its own through SQLAlchemy's synchronous engine (the
database's default blocking driver, whatever driver the URL names): one hop to that thread and
one back per batch. Through the async driver each statement, the commit and the connection's
return to the pool were a hop each, and each hop back waited for a turn of a busy event loop,
which made the commit the largest part of an action's latency. Reads (at start, for replays)
run on threads of their own too, on an engine of their own: SQLAlchemy's asyncio layer (and
with it its ORM) took most of a second to import at every start.

On an SQLite file it watches the file as `LiteStore` does (store/file.py).

Every call is bounded by the store's budget (`--store-timeout-s`, docs/deploy.md): a write not
kept within it is refused (`StoreError`, which players hear as `store_failed`), as is a read not
answered; on PostgreSQL libpq's own timeouts (connecting, each statement, unacknowledged data,
an idle connection's keepalives) end a lost link's calls within it too, rather than after
TCP's minutes of retries. The store knows whether the database answers (`Outage`, probed every
few seconds): `healthy()` says so (a node's /healthz), and the log says it once each way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, make_url

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
    in_order,
    room_dumps,
)
from tictac.store.file import PRAGMAS, DatabaseFile
from tictac.store.migrate import upgrade
from tictac.store.tables import actions, audit, bans, decks, games, reports, rooms
from tictac.store.writer import GroupCommit, Row, fenced, taken

Write = Callable[[Connection], None]
_REPORT_COLUMNS = (reports.c.at_ms, reports.c.room, reports.c.what, reports.c.text,  # Report's
                   reports.c.context, reports.c.reporter, reports.c.outcome, reports.c.id)
T = TypeVar("T")
log = logging.getLogger(__name__)
INSERT_ACTIONS = ("INSERT INTO actions (room, game_idx, seq, seat, action, now_ms) "
                  "VALUES (%s, %s, %s, %s, %s, %s)")  # (psycopg's placeholders)
BUDGET_S = 5.0  # the default bound on a store call (ServerSettings.store_timeout_s)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    for pragma in PRAGMAS:
        cursor.execute(pragma)
    cursor.close()


MIGRATION_LOCK = 0x7469637461630001  # PostgreSQL advisory lock: one node migrates at a time


def _migrate(engine: Engine) -> None:
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":  # nodes of a cluster starting together wait here
            # For as long as it takes: the lock's wait, and the migrations' loading between
            # two statements (libpq_bounds would end either).
            conn.execute(sa.text("SET LOCAL statement_timeout = 0"))
            conn.execute(sa.text("SET LOCAL idle_in_transaction_session_timeout = 0"))
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        upgrade(conn)


def _sqlite_file(url: str) -> str | None:
    parsed = make_url(url)
    database = parsed.database or ""
    if parsed.get_backend_name() != "sqlite" or database in ("", ":memory:") \
            or database.startswith("file:"):
        return None
    return os.path.abspath(database)


def migrate_sqlite(path: str) -> None:
    """Brings the SQLite file at `path` to the latest migration (what `LiteStore` asks of a
    new file or an older one); a file that cannot be migrated is a `StoreError` in one line."""
    engine = sa.create_engine(f"sqlite:///{path}")
    sa.event.listen(engine, "connect", _sqlite_pragmas)
    try:
        _migrate(engine)
    except sa.exc.SQLAlchemyError as failure:
        raise StoreError(f"cannot migrate the database {path}: "
                         f"{getattr(failure, 'orig', None) or failure}") from None
    finally:
        engine.dispose()


def libpq_bounds(budget_s: float) -> dict[str, Any]:
    """libpq's connection parameters that end a call on a lost link within `budget_s`:
    connecting (whole seconds, 2 at least), each statement, data sent and unacknowledged
    (tcp_user_timeout: a blackholed link otherwise hangs a commit for TCP's minutes of
    retries), and keepalives, which find an idle pooled connection dead before it is used.

    And the server's side, which hears nothing of a lost link: a node whose link was lost
    mid-transaction never sends its commit, and the server kept that transaction open, with
    its locks, until the link came back; the node taking the rooms over then waited on them at
    its first append (the same row's key) or claim (the room's row), and every write of its
    batch waited out the budget with it (rooms silent for 20 to 46 s after a 15 s cut). So
    the server ends a session whose transaction waits for its client's next statement for
    half the budget (`idle_in_transaction_session_timeout`; the writer's own transactions are
    never idle that long), and probes a connection idle for a second (twice, a second
    apart), giving up on data it sent unacknowledged after half the budget (the server's own
    `tcp_user_timeout`, which also decides when unanswered probes end a connection), so that
    one lost between two messages of a statement (no transaction seen idle yet) ends within
    3 s. With the budget there, a lost node's open transaction kept its locks 5 to 5.6 s after
    a cut (PostgreSQL's log: `could not receive data from client: Connection timed out`), the
    taking node's writes waited on them, and rooms acted again elsewhere 5.5 to 5.7 s after
    it (goal: under 5 s). The probes and acknowledgements are the kernel's, so a busy node
    answers them in time."""
    budget_ms = int(budget_s * 1000)
    idle_s = max(1, int(budget_s / 2))
    return {"connect_timeout": max(2, int(budget_s / 2)), "tcp_user_timeout": budget_ms,
            "keepalives": 1, "keepalives_idle": idle_s,
            "keepalives_interval": 1, "keepalives_count": 2,
            "options": f"-c statement_timeout={budget_ms} "
                       f"-c idle_in_transaction_session_timeout={budget_ms // 2} "
                       f"-c tcp_keepalives_idle=1 -c tcp_keepalives_interval=1 "
                       f"-c tcp_keepalives_count=2 -c tcp_user_timeout={budget_ms // 2}"}


class Outage:
    """Whether the database answers, as this process last saw it. Its going away and its coming
    back are logged once each, the second line with how long it was away and how many writes
    were refused meanwhile: the refusals themselves are told to the players, not logged (a 3 s
    restart once wrote thousands of traceback lines). Noted from the writer's thread and the
    event loop's, hence the lock."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.since: float | None = None  # (monotonic) since when it does not answer
        self.answered_at = 0.0  # (monotonic) when it last answered a call
        self.refused = 0
        self._lock = threading.Lock()

    def failed(self, reason: object, refused: int = 0) -> None:
        with self._lock:
            self.refused += refused
            if self.since is not None:
                return
            self.since = time.monotonic()
        log.warning("the database %s does not answer (%s); writes are refused until it does",
                    self.where, str(reason).strip().splitlines()[0] if str(reason) else
                    type(reason).__name__)

    def answered(self) -> None:
        self.answered_at = time.monotonic()
        if self.since is None:
            return
        with self._lock:
            if self.since is None:
                return
            away, refused = time.monotonic() - self.since, self.refused
            self.since, self.refused = None, 0
        log.warning("the database %s answers again after %.1f s; %d writes were refused "
                    "meanwhile", self.where, away, refused)


class SqlStore(GroupCommit[Write | Row]):
    """The store on SQLAlchemy: PostgreSQL for a cluster, or any other database URL."""

    # How often the database is asked `SELECT 1` (unless a call came back meanwhile), and how
    # long its answer may take before the database counts as not answering: a server that
    # answers at all answers that in milliseconds, while a write waits out the whole budget.
    # So a lost link is known within 2 PROBE_EVERY_S + PROBE_BOUND_S (1.5 s), not the budget
    # (5 s), and a node that cannot reach the database gives its rooms up soon enough for them
    # to act again elsewhere within 5 s (node.py, `_without_store`). One slow answer moves
    # nothing: the rooms go only once the database has not answered for a third of a lease.
    PROBE_EVERY_S = 0.25
    PROBE_BOUND_S = 1.0

    def __init__(self, engine: Engine, sync_engine: Engine, where: str,
                 file: DatabaseFile | None = None, budget_s: float = BUDGET_S) -> None:
        super().__init__(file, budget_s)
        self.engine = engine  # reads'
        self.sync_engine = sync_engine  # the writer's
        self._kept: Connection | None = None  # the writer's connection (`_connection`)
        self.outage = Outage(where)

    @classmethod
    async def open(cls, url: str, budget_s: float = BUDGET_S) -> SqlStore:
        """Connects, brings the schema to the latest migration and starts the writer; a
        database that cannot be opened is a `StoreError` in one line. Every later call is
        bounded by `budget_s` seconds."""
        path = _sqlite_file(url)
        where = path or make_url(url).render_as_string(hide_password=True)
        parsed = make_url(url)
        blocking = parsed.set(drivername=parsed.get_backend_name())
        bounds = libpq_bounds(budget_s) if parsed.get_backend_name() == "postgresql" else {}
        # A database server that restarted leaves the pool's connections dead: reads (rare)
        # test theirs first; the writer finds out on its batch's first statement and tries the
        # batch again on a new connection (`_commit`).
        engine = sa.create_engine(blocking, pool_pre_ping=parsed.get_backend_name() != "sqlite",
                                  connect_args=bounds)
        sync_engine = sa.create_engine(blocking, connect_args=bounds)
        if engine.dialect.name == "sqlite":
            sa.event.listen(engine, "connect", _sqlite_pragmas)
            sa.event.listen(sync_engine, "connect", _sqlite_pragmas)
        try:
            await asyncio.to_thread(_migrate, sync_engine)
        except (sa.exc.SQLAlchemyError, OSError) as failure:
            engine.dispose()
            sync_engine.dispose()
            reason = getattr(failure, "orig", None) or failure
            raise StoreError(f"cannot open the database {where}: {reason}") from None
        store = cls(engine, sync_engine, where, DatabaseFile(path) if path else None, budget_s)
        store._start()
        return store

    def healthy(self) -> bool:
        return self.outage.since is None and super().healthy()

    async def _watch_forever(self) -> None:
        """Asks a database server whether it answers (`PROBE_EVERY_S`), so that a lost link is
        known soon, even on an idle node; an SQLite file is watched instead. Not while it
        answers anyway: a commit or a read that came back since the last look is answer
        enough (a node at play commits several times a second, and pays no probe). A probe
        still unanswered is not sent again beside itself (each would hold a thread): the
        database does not answer until it ends. Every probe's end is heard, even one that
        ends between two looks (asyncio would log a failure nobody heard as a traceback)."""
        if self.file is not None:
            await super()._watch_forever()
            return
        probe: asyncio.Future[None] | None = None  # asked and not yet heard
        try:
            while not self.closing:
                await asyncio.sleep(self.PROBE_EVERY_S)
                if probe is None:
                    if self.healthy() \
                            and time.monotonic() - self.outage.answered_at < self.PROBE_EVERY_S:
                        continue
                    probe = asyncio.ensure_future(asyncio.to_thread(self._probe))
                try:
                    await asyncio.wait_for(asyncio.shield(probe), self.PROBE_BOUND_S)
                except TimeoutError:
                    self.outage.failed(f"no answer to a probe in {self.PROBE_BOUND_S:g} s")
                    continue  # still asked: its answer, when it comes, is heard next time
                except (sa.exc.SQLAlchemyError, OSError) as failure:
                    self.outage.failed(getattr(failure, "orig", None) or failure)
                else:
                    self.outage.answered()
                probe = None
        finally:
            if probe is not None:
                probe.cancel()  # its thread ends on its own; nobody is left to hear it

    def _probe(self) -> None:
        with self.engine.connect() as conn:
            conn.execute(sa.text("SELECT 1"))

    async def _read(self, job: Callable[..., T], *args: Any) -> T:
        """`job(*args)` on a thread of its own, bounded by the budget; a lost link is a
        `StoreError` (and noted), whatever the driver said."""
        try:
            found = await asyncio.wait_for(asyncio.to_thread(job, *args), self.budget_s)
        except TimeoutError:
            self.outage.failed(f"no answer in {self.budget_s:g} s")
            raise StoreError(f"the database did not answer in {self.budget_s:g} s") from None
        except (sa.exc.OperationalError, sa.exc.InterfaceError) as failure:
            reason = getattr(failure, "orig", None) or failure
            self.outage.failed(reason)
            raise StoreError(f"the database cannot be reached: {reason}") from None
        self.outage.answered()
        return found

    def _expired(self) -> None:
        self.outage.failed(f"a write was not kept in {self.budget_s:g} s", 1)

    def _dispose(self) -> None:
        self._drop()
        self.sync_engine.dispose()

    def _connection(self) -> Connection:
        """On the writer thread: its connection, kept from one commit to the next (taking one
        from the pool and giving it back, its reset included, was a fifth of a commit's CPU)."""
        if self._kept is None:
            self._kept = self.sync_engine.connect()
        return self._kept

    def _drop(self) -> None:
        """On the writer thread: the kept connection is let go after a failure (it may be
        dead, or left in a failed transaction); the next commit takes another."""
        if self._kept is not None:
            with contextlib.suppress(Exception):
                self._kept.close()
            self._kept = None

    def _insert(self, conn: Connection, rows: list[Row]) -> None:
        """Action rows, as the driver's own statement on PostgreSQL: SQLAlchemy's building of
        the statement and its parameters for each commit cost as much again as psycopg's
        sending it (a prepared statement after its fifth use, psycopg's default)."""
        if conn.dialect.name != "postgresql":
            conn.execute(actions.insert(), rows)
            return
        from psycopg.types.json import Json  # (here: serving on SQLite never imports psycopg)

        values = [(row["room"], row["game_idx"], row["seq"], row["seat"], Json(row["action"]),
                   row["now_ms"]) for row in rows]
        conn.exec_driver_sql(INSERT_ACTIONS, values if len(values) > 1 else values[0])

    async def close(self) -> None:
        await super().close()
        await asyncio.to_thread(self.engine.dispose)

    def _commit(self, writes: list[Write | Row], fresh: bool = False) -> list[Exception | None]:
        """On the writer thread: every write's failure, or None for each if all committed."""
        committing = False
        try:
            conn = self._connection()
            with conn.begin():
                rows: list[Row] = []
                for write in writes:
                    if isinstance(write, dict):
                        rows.append(write)
                        continue
                    if rows:
                        self._insert(conn, rows)
                        rows = []
                    write(conn)
                if rows:
                    self._insert(conn, rows)
                problem = self.problem()  # last thing before the commit: never into a lost file
                if problem is not None:
                    raise StoreError(problem)
                committing = True
        except Exception as error:
            self._drop()
            if _dead(error) and not committing and not fresh:
                # The connection died before this transaction could commit (the server
                # restarted since the last batch): nothing of it is stored, so it is safe
                # to send again. A death during the commit is not retried: it may have landed.
                return self._commit(writes, fresh=True)
            if isinstance(error, sa.exc.OperationalError | sa.exc.InterfaceError) \
                    or _dead(error):
                # The database does not answer: every write is refused at once (one by one,
                # each would wait for the link again).
                reason = getattr(error, "orig", None) or error
                self.outage.failed(reason, len(writes))
                return [StoreError(f"the database cannot be reached: {reason}")] * len(writes)
            if len(writes) == 1:
                if _taken(error) and isinstance(writes[0], dict):
                    return [taken(writes[0])]
                return [error]
            # One bad write must not sink the others: retry them one by one.
            return [self._commit([write])[0] for write in writes]
        self.commits += 1
        self.outage.answered()
        return [None] * len(writes)

    # -- writes ------------------------------------------------------------------------------

    def save_room(self, code: str, game: str, record: dict[str, Any], now_ms: int,
                  epoch: int) -> asyncio.Future[None]:
        return self._submit(_room_write(code, game, record, now_ms, epoch))

    def start_game(self, code: str, idx: int, setup: dict[str, Any], now_ms: int, game: str,
                   record: dict[str, Any], epoch: int) -> asyncio.Future[None]:
        """A new game and the room record that says it is on, in one transaction."""
        save = _room_write(code, game, record, now_ms, epoch)

        def write(conn: Connection) -> None:
            save(conn)
            conn.execute(games.insert().values(room=code, idx=idx, setup=setup, started_ms=now_ms))

        return self._submit(write)

    def append(self, code: str, idx: int, seq: int, entry: LoggedAction) -> asyncio.Future[None]:
        return self._submit({"room": code, "game_idx": idx, "seq": seq, "seat": entry.seat,
                             "action": entry.action, "now_ms": entry.now_ms})

    def delete_room(self, code: str, epoch: int) -> asyncio.Future[None]:
        def write(conn: Connection) -> None:
            held = conn.execute(sa.select(rooms.c.epoch).where(rooms.c.code == code)
                                .with_for_update()).scalar()
            if held is None:
                return
            if held != epoch:
                raise fenced(code, held, epoch)
            conn.execute(actions.delete().where(actions.c.room == code))
            conn.execute(games.delete().where(games.c.room == code))
            conn.execute(rooms.delete().where(rooms.c.code == code))

        return self._submit(write)

    async def claim(self, code: str) -> int:
        """A node takes the room over: its epoch goes up by one, so a copy still running
        elsewhere is refused its next record write. The new epoch (0: no such room)."""
        epochs = [0]

        def write(conn: Connection) -> None:
            conn.execute(rooms.update().where(rooms.c.code == code)
                         .values(epoch=rooms.c.epoch + 1))
            epochs.append(conn.execute(sa.select(rooms.c.epoch)
                                       .where(rooms.c.code == code)).scalar() or 0)

        await self._submit(write)
        return epochs[-1]  # a write may run twice (see _commit): the committed run is the last

    def save_deck(self, deck: StoredDeck, bounds: DeckBounds) -> asyncio.Future[None]:
        def write(conn: Connection) -> None:
            if conn.execute(sa.select(decks.c.code).where(decks.c.code == deck.code)).first():
                raise DeckTaken(f"a deck is kept under {deck.code} already")
            conn.execute(decks.delete().where(decks.c.used_ms < bounds.unused_before_ms))
            owned = sa.case((decks.c.owner == deck.owner, decks.c.size), else_=0)
            held, by_owner = conn.execute(sa.select(
                sa.func.coalesce(sa.func.sum(decks.c.size), 0),
                sa.func.coalesce(sa.func.sum(owned), 0))).one()
            bounds.check(deck.owner, int(by_owner), int(held), deck.size)
            conn.execute(decks.insert().values(code=deck.code, language=deck.language,
                                               title=deck.title, cards=deck.cards,
                                               created_ms=deck.created_ms, owner=deck.owner,
                                               used_ms=deck.used_ms, size=deck.size))

        return self._submit(write)

    def touch_deck(self, code: str, now_ms: int) -> asyncio.Future[None]:
        def write(conn: Connection) -> None:
            conn.execute(decks.update().where(decks.c.code == code, decks.c.used_ms < now_ms)
                         .values(used_ms=now_ms))

        return self._submit(write)

    def drop_deck(self, code: str) -> asyncio.Future[None]:
        def write(conn: Connection) -> None:
            conn.execute(decks.delete().where(decks.c.code == code))

        return self._submit(write)

    def save_ban(self, ban: Ban) -> asyncio.Future[None]:
        def write(conn: Connection) -> None:
            conn.execute(bans.delete().where(bans.c.network == ban.network))
            conn.execute(bans.insert().values(network=ban.network, until_ms=ban.until_ms,
                                              reason=ban.reason, made_ms=ban.made_ms))

        return self._submit(write)

    def lift_ban(self, network: str) -> asyncio.Future[None]:
        def write(conn: Connection) -> None:
            conn.execute(bans.delete().where(bans.c.network == network))

        return self._submit(write)

    def save_audit(self, entry: AuditEntry) -> asyncio.Future[None]:
        def write(conn: Connection) -> None:
            conn.execute(audit.insert().values(at_ms=entry.at_ms, action=entry.action,
                                               target=entry.target, detail=entry.detail,
                                               address=entry.address))

        return self._submit(write)

    def save_report(self, report: Report) -> asyncio.Future[None]:
        def write(conn: Connection) -> None:
            conn.execute(reports.insert().values(
                at_ms=report.at_ms, room=report.room, what=report.what, text=report.text,
                context=report.context, reporter=report.reporter, outcome=report.outcome))

        return self._submit(write)

    def resolve_report(self, report_id: int, outcome: str) -> asyncio.Future[None]:
        def write(conn: Connection) -> None:
            conn.execute(reports.update().where(reports.c.id == report_id)
                         .values(outcome=outcome))

        return self._submit(write)

    # -- reads -------------------------------------------------------------------------------

    async def load_reports(self, limit: int) -> list[Report]:
        return await self._read(
            self._load_reports, sa.select(*_REPORT_COLUMNS).where(reports.c.outcome == "")
            .order_by(reports.c.id.desc()).limit(limit))

    async def load_report(self, report_id: int) -> Report | None:
        found = await self._read(
            self._load_reports, sa.select(*_REPORT_COLUMNS).where(reports.c.id == report_id))
        return found[0] if found else None

    def _load_reports(self, query: sa.Select[Any]) -> list[Report]:
        with self.engine.connect() as conn:
            return [Report(*row) for row in conn.execute(query).all()]

    async def load_bans(self, now_ms: int) -> list[Ban]:
        return await asyncio.to_thread(self._load_bans, now_ms)

    def _load_bans(self, now_ms: int) -> list[Ban]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(bans.c.network, bans.c.until_ms, bans.c.reason,
                                          bans.c.made_ms).where(bans.c.until_ms > now_ms)
                                .order_by(bans.c.network)).all()
        return [Ban(*row) for row in rows]

    async def load_audit(self, limit: int) -> list[AuditEntry]:
        return await asyncio.to_thread(self._load_audit, limit)

    def _load_audit(self, limit: int) -> list[AuditEntry]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(audit.c.at_ms, audit.c.action, audit.c.target,
                                          audit.c.detail, audit.c.address)
                                .order_by(audit.c.id.desc()).limit(limit)).all()
        return [AuditEntry(*row) for row in rows]

    async def load_deck(self, code: str) -> StoredDeck | None:
        return await self._read(self._load_deck, code)

    def _load_deck(self, code: str) -> StoredDeck | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(decks).where(decks.c.code == code)).first()
        if row is None:
            return None
        return StoredDeck(row.code, row.language, row.title, row.cards, row.created_ms,
                          row.owner, row.used_ms)

    async def load_rooms(self, code: str | None = None) -> list[RoomDump]:
        """Every room (or the one called `code`) with every game's setup and the latest game's
        log (enough to restore)."""
        return await self._read(self._load_rooms, code)

    def _load_rooms(self, code: str | None) -> list[RoomDump]:
        with self.engine.connect() as conn:
            # Records are read as text: `room_dumps` decodes them one by one.
            room_query = sa.select(rooms.c.code, rooms.c.game, sa.cast(rooms.c.record, sa.Text),
                                   rooms.c.epoch)
            game_query = sa.select(games)
            if code is not None:
                room_query = room_query.where(rooms.c.code == code)
                game_query = game_query.where(games.c.room == code)
            room_rows = conn.execute(room_query.order_by(rooms.c.code)).all()
            game_rows = conn.execute(game_query.order_by(games.c.room, games.c.idx)).all()
            return room_dumps(room_rows, game_rows,
                              lambda code, idx: self._read_log(conn, code, idx))

    async def load_game(self, code: str, idx: int) -> GameLog | None:
        return await self._read(self._load_game, code, idx)

    def _load_game(self, code: str, idx: int) -> GameLog | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(games).where(
                games.c.room == code, games.c.idx == idx)).first()
            if row is None:
                return None
            return GameLog(row.idx, row.setup, row.started_ms, self._read_log(conn, code, idx))

    @staticmethod
    def _read_log(conn: Connection, code: str, idx: int) -> list[LoggedAction]:
        rows = conn.execute(
            sa.select(actions.c.seq, actions.c.seat, actions.c.action, actions.c.now_ms)
            .where(actions.c.room == code, actions.c.game_idx == idx)
            .order_by(actions.c.seq)
        )
        return in_order(code, idx, ((row.seq, LoggedAction(row.seat, row.action, row.now_ms))
                                    for row in rows))


def _taken(error: Exception) -> bool:
    """Whether `error` is a unique key's refusal (PostgreSQL's code 23505, SQLite's words)."""
    if not isinstance(error, sa.exc.IntegrityError):
        return False
    cause = error.orig
    return getattr(cause, "sqlstate", None) == "23505" or "UNIQUE constraint" in str(cause)


def _dead(error: Exception) -> bool:
    """Whether `error` says the database connection was lost (SQLAlchemy then drops the pool's
    other connections too, opened before the same restart)."""
    return isinstance(error, sa.exc.DBAPIError) and error.connection_invalidated


def _room_write(code: str, game: str, record: dict[str, Any], now_ms: int, epoch: int) -> Write:
    """An upsert written as update-then-insert, which every SQL database understands; refused
    if the room is stored under another epoch (another node took it over)."""

    def write(conn: Connection) -> None:
        values = {"game": game, "record": record, "updated_ms": now_ms}
        done = conn.execute(rooms.update().where(rooms.c.code == code, rooms.c.epoch == epoch)
                            .values(values))
        if done.rowcount == 0:
            held = conn.execute(sa.select(rooms.c.epoch).where(rooms.c.code == code)).scalar()
            if held is not None:
                raise fenced(code, held, epoch)
            conn.execute(rooms.insert().values(code=code, epoch=epoch, **values))

    return write
