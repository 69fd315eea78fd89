"""The group-committing writer both database stores share (`SqlStore`, `LiteStore`).

Every write is queued and awaited: the writer takes whatever is queued, commits it in one
transaction on a thread of its own (the event loop never waits for the disk) and only then
resolves the waiting futures. A room awaits its append before it tells anyone of the action,
so "acknowledged" always means "committed", and many rooms acting at once share one commit
instead of paying one each. A store may commit a small batch on the event loop's thread
instead (`_commit_here`), where that waits neither for the disk nor for a lock.
"""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Generic, TypeVar

from tictac.store.base import Fenced
from tictac.store.file import DatabaseFile

Write = TypeVar("Write")
Row = dict[str, Any]  # an action row: appends queued together go in one statement


class GroupCommit(Generic[Write]):
    """The queue, the writer's thread and the watch on the database file; a store says how
    a batch of writes is committed (`_commit`) and how its writer lets go (`_dispose`)."""

    CHECK_EVERY_S = 2.0

    def __init__(self, file: DatabaseFile | None) -> None:
        self.file = file
        self._queue: asyncio.Queue[tuple[Write, asyncio.Future[None]]] = asyncio.Queue()
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="store-writer")
        self._tasks: list[asyncio.Task[None]] = []
        self.commits = 0

    def _start(self) -> None:
        self._tasks = [asyncio.create_task(self._write_forever(), name="store-writer"),
                       asyncio.create_task(self._watch_forever(), name="store-watch")]

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
        while self.healthy():
            await asyncio.sleep(self.CHECK_EVERY_S)

    async def close(self) -> None:
        if self._tasks:
            await self._queue.join()
            for task in self._tasks:
                task.cancel()
            for task in self._tasks:
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await asyncio.get_running_loop().run_in_executor(self._thread, self._dispose)
        self._thread.shutdown()

    def _submit(self, write: Write) -> asyncio.Future[None]:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((write, future))
        return future

    async def _write_forever(self) -> None:
        """Commits whatever is queued as one transaction, then wakes its callers."""
        loop = asyncio.get_running_loop()
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty():
                batch.append(self._queue.get_nowait())
            writes = [write for write, _ in batch]
            try:
                failures = self._commit_here(writes)
                if failures is None:
                    failures = await loop.run_in_executor(self._thread, self._commit, writes)
                for (_, future), failure in zip(batch, failures, strict=True):
                    if future.done():
                        continue
                    if failure is None:
                        future.set_result(None)
                    else:
                        future.set_exception(failure)
            finally:
                for _ in batch:
                    self._queue.task_done()


def taken(row: Row) -> Fenced:
    """The refusal of an action whose place in its log another write took first."""
    return Fenced(f"room {row['room']} game {row['game_idx']} already has action {row['seq']}")


def fenced(code: str, held: int, epoch: int) -> Fenced:
    return Fenced(f"room {code} was taken over (epoch {held}; this copy's {epoch})")
