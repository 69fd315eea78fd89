"""A room's inbox: every job that touches the room (messages from its connections, HTTP calls,
timers) runs in one task, one at a time and in the order it came, so the room needs no locks."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections.abc import Callable
from typing import Any

from tictac.engine import IllegalAction
from tictac.rooms.errors import NO_ROOM, RoomError
from tictac.rooms.mailbox import Mailbox

log = logging.getLogger(__name__)

Job = tuple[Callable[..., Any], tuple[Any, ...], "asyncio.Future[Any] | None"]


def _never_run() -> None:
    """The job that wakes a closed inbox's task (`Inbox.close`)."""


class Inbox:
    def __init__(self, name: str) -> None:
        self.name = name
        self.closed = False
        self._mail: Mailbox[Job] = Mailbox()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=self.name)

    def post(self, job: Callable[..., Any], *args: Any) -> None:
        """Queues a job; its refusals go to nobody (callers that answer use `call`)."""
        self._mail.put((job, args, None))

    async def call(self, job: Callable[..., Any], *args: Any) -> Any:
        """Runs a job in the task and returns what it returns (or raises what it raises)."""
        if self.closed:
            raise self._closed_error()
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._mail.put((job, args, future))
        return await future

    def close(self) -> None:
        """No job runs from now on. From a job, the task ends after it; from outside it (a node
        giving its rooms up at once), a task waiting for a job is woken to end, rather than
        wait for good and keep its room until asyncio destroys it."""
        self.closed = True
        self._mail.put((_never_run, (), None))

    def _closed_error(self) -> RoomError:
        return RoomError(NO_ROOM, f"{self.name} is closed")

    async def _run(self) -> None:
        late: list[Job] = []
        while not self.closed:
            job, args, future = await self._mail.get()
            # Closed from outside this task (`close`) while the job was on its way: run, a
            # connect joined the copy given up, and its client waited on an open socket nobody
            # would serve again.
            if self.closed:
                late.append((job, args, future))
                break
            try:
                result = job(*args)
                if inspect.isawaitable(result):
                    result = await result
            except Exception as error:
                if future is not None and not future.done():
                    future.set_exception(error)
                # (a job the room was given up under, by a node that lost its store or its
                # lease, fails on the connections the giving up let go: nothing to report)
                elif not isinstance(error, IllegalAction) and not self.closed:
                    log.exception("%s: job %s failed", self.name, job)
                continue
            if future is not None and not future.done():
                future.set_result(result)
        # Jobs that came too late: their callers hear so.
        for _, _, future in [*late, *self._mail.take_all()]:
            if future is not None and not future.done():
                future.set_exception(self._closed_error())

    async def stop(self) -> None:
        self.closed = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
