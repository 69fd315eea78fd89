"""The group-committing writer both database stores share (`SqlStore`, `LiteStore`).

Every write is queued and awaited: the writer takes whatever is queued, commits it in one
transaction on a thread of its own (the event loop never waits for the disk) and only then
resolves the waiting futures. A room awaits its append before it tells anyone of the action,
so "acknowledged" always means "committed", and many rooms acting at once share one commit
instead of paying one each. A store may commit a small batch on the event loop's thread
instead (`_commit_here`), where that waits neither for the disk nor for a lock.

The writer is a callback of the event loop, not a task reading an asyncio.Queue: the queue's
futures and the task's turn per action were a twentieth of an action's instructions.
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Generic, TypeVar

from tictac.store.base import Fenced, StoreError, StoreTimings
from tictac.store.file import DatabaseFile

Write = TypeVar("Write")
Row = dict[str, Any]  # an action row: appends queued together go in one statement


class GroupCommit(Generic[Write]):
    """The queue, the writer's thread and the watch on the database file; a store says how
    a batch of writes is committed (`_commit`) and how its writer lets go (`_dispose`)."""

    CHECK_EVERY_S = 2.0

    def __init__(self, file: DatabaseFile | None, budget_s: float | None = None) -> None:
        self.file = file
        # A write not kept within this many seconds is refused (`StoreError`) rather than
        # awaited: a player hears `store_failed` instead of a silent room. (The database may
        # still keep it later, as after any failure during a commit.) None: no bound.
        self.budget_s = budget_s
        self._waiting: list[tuple[Write, asyncio.Future[None]]] = []  # not yet in a commit
        self._busy = False  # a commit is under way or due: what comes meanwhile waits for it
        self._drained: asyncio.Future[None] | None = None  # `close` waits on it while busy
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="store-writer")
        self._tasks: list[asyncio.Task[None]] = []
        self.closing = False
        self.commits = 0
        self.timings = StoreTimings()

    def _start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._tasks = [asyncio.create_task(self._watch_forever(), name="store-watch")]

    def _commit(self, writes: list[Write]) -> list[Exception | None]:
        """On the writer thread: every write's failure, or None for each if all committed."""
        raise NotImplementedError

    def _commit_here(self, writes: list[Write]) -> list[Exception | None] | None:
        """On the event loop's thread: None when the batch is for the writer's thread, else
        as `_commit`. A hop to that thread and back was most of a lone action's commit."""
        return None

    def _dispose(self) -> None:
        """On the writer thread, once everything queued is kept: its connections closed."""
        raise NotImplementedError

    def problem(self) -> str | None:
        """Why writes are refused (the database file gone or replaced), or None."""
        return self.file.problem() if self.file is not None else None

    def healthy(self) -> bool:
        return self.problem() is None

    async def _watch_forever(self) -> None:
        """Notices a lost file (and logs it) even while nothing is written."""
        while self.healthy() and not self.closing:
            await asyncio.sleep(self.CHECK_EVERY_S)

    async def close(self) -> None:
        """Once what is queued is kept (a server's stop bounds the wait: cluster/stopping.py).
        The watch ends by `closing`, not only by its cancellation, which Python 3.11's
        `wait_for` (a store's read) may swallow."""
        self.closing = True
        if self._tasks:
            if self._busy:
                self._drained = self._loop.create_future()
                await self._drained
            for task in self._tasks:
                task.cancel()
            await asyncio.wait(self._tasks)
        await asyncio.get_running_loop().run_in_executor(self._thread, self._dispose)
        self._thread.shutdown()

    def _submit(self, write: Write) -> asyncio.Future[None]:
        future: asyncio.Future[None] = self._loop.create_future()
        self._waiting.append((write, future))
        if self.budget_s is not None:
            expiry = self._loop.call_later(self.budget_s, self._expire, future)
            future.add_done_callback(lambda _: expiry.cancel())
        if not self._busy:
            self._busy = True
            self._loop.call_soon(self._commit_waiting)
        return future

    def _commit_waiting(self) -> None:
        """Commits whatever waits as one transaction, then wakes its callers."""
        batch, self._waiting = self._waiting, []
        if self.budget_s is not None:  # a write refused meanwhile (out of budget) is not sent
            batch = [(write, future) for write, future in batch if not future.done()]
        writes = [write for write, _ in batch]
        if not writes:
            self._settle(batch, [])
            return
        began = time.perf_counter()
        try:
            failures = self._commit_here(writes)
        except Exception as failure:  # (a store's bug: its writes are refused, not lost)
            failures = [failure] * len(batch)
        if failures is None:
            committed = self._loop.run_in_executor(self._thread, self._timed_commit, writes)
            committed.add_done_callback(
                lambda done: self._settle(batch, _failures(done, len(batch))))
        else:
            self.timings.on_loop.add(time.perf_counter() - began)
            self._settle(batch, failures)

    def _timed_commit(self, writes: list[Write]) -> list[Exception | None]:
        began = time.perf_counter()
        try:
            return self._commit(writes)
        finally:
            self.timings.on_writer.add(time.perf_counter() - began)

    def _expire(self, future: asyncio.Future[None]) -> None:
        if not future.done():
            future.set_exception(StoreError(f"the database did not answer in {self.budget_s:g} s"))
            self._expired()

    def _expired(self) -> None:
        """A write ran out of its budget (a store notes the outage)."""

    def _settle(self, batch: list[tuple[Write, asyncio.Future[None]]],
                failures: list[Exception | None]) -> None:
        for (_, future), failure in zip(batch, failures, strict=True):
            if future.done():
                continue
            if failure is None:
                future.set_result(None)
            else:
                future.set_exception(failure)
        if self._waiting:  # what came while the writer's thread committed
            self._commit_waiting()
            return
        self._busy = False
        if self._drained is not None and not self._drained.done():
            self._drained.set_result(None)


def _failures(committed: asyncio.Future[list[Exception | None]],
              count: int) -> list[Exception | None]:
    """What the writer's thread answered for a batch of `count` writes; if it raised, that for
    each of them."""
    if committed.cancelled():  # (the loop shutting down)
        return [StoreError("the store closed before this write was kept")] * count
    failure = committed.exception()
    if failure is None:
        return committed.result()
    return [failure if isinstance(failure, Exception) else StoreError(repr(failure))] * count


def taken(row: Row) -> Fenced:
    """The refusal of an action whose place in its log another write took first."""
    return Fenced(f"room {row['room']} game {row['game_idx']} already has action {row['seq']}")


def fenced(code: str, held: int, epoch: int) -> Fenced:
    return Fenced(f"room {code} was taken over (epoch {held}; this copy's {epoch})")
