"""A server's stop, in steps each bounded, and named in the log while it takes long.

A stop waits on other parties: a database that may not answer, Redis, clients that may never
read, tasks that may not end when cancelled (Python 3.11's `asyncio.wait_for` returns the
result of a job that completed as it was cancelled, so a loop around it can swallow the
cancellation and run on). A wait without a bound there once held a worker for 15 s, until its
supervisor killed it, and nothing in its log said on what. So every step of a stop is awaited
through `Stop.step`, which gives up on it after its bound (the job is cancelled and left
behind, never awaited again), and once a stop has taken SLOW_S, every SLOW_S the log says which
step it waits on and where that step's coroutines are suspended, and what the process's other
threads are doing (a thread waiting on the database holds a job of the stop, and the exit).

The server's shutdown (cluster/worker.py) begins the stop and the application's lifespan takes
its last steps in it (`app.state.stop`); an application served otherwise (the tests') has a stop
of its own.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
from collections.abc import Awaitable, Callable
from types import CoroutineType, FrameType
from typing import Any

log = logging.getLogger(__name__)

SLOW_S = 2.0  # a stop that takes longer says what it waits on, again every SLOW_S
# where a thread waits for work or for a signal: idle, not worth naming
IDLE = {("threading.py", "wait"), ("queue.py", "get"), ("thread.py", "_worker")}


class Stop:
    def __init__(self) -> None:
        self._loop = asyncio.get_running_loop()
        self.began = self._loop.time()
        self.left_behind: list[str] = []  # steps given up on
        # under way, outermost first: (what, its task, what it still waits for)
        self._steps: list[tuple[str, asyncio.Future[Any], Callable[[], str] | None]] = []
        self._report = self._loop.call_later(SLOW_S, self._slow)

    async def step(self, what: str, job: Awaitable[Any], bound_s: float,
                   left: Callable[[], str] | None = None) -> None:
        """Awaits `job` for `bound_s` at most; past that it is cancelled and left behind (not
        awaited: it may not end). Its failure is logged, never raised: a stop goes on. `left`
        says what the job still waits for, when the log says what the stop waits on."""
        task = asyncio.ensure_future(job)
        entry = (what, task, left)
        self._steps.append(entry)
        try:
            await asyncio.wait({task}, timeout=bound_s)
        finally:
            self._steps.remove(entry)
        if not task.done():
            task.cancel()
            self.left_behind.append(what)
            log.warning("stop: %s did not end in %g s; left behind (%s%s)", what, bound_s,
                        " < ".join(suspended(task)), f": {left()}" if left else "")
        elif not task.cancelled() and task.exception() is not None:
            log.error("stop: %s failed", what, exc_info=task.exception())

    def _slow(self) -> None:
        waited = self._loop.time() - self.began
        what = " > ".join(name for name, _, _ in self._steps) or "nothing (between steps)"
        where = ""
        if self._steps:
            _, task, left = self._steps[-1]
            where = " < ".join(suspended(task)) + (f": {left()}" if left else "")
        log.warning("stop: %.1f s in, waiting on %s%s; threads: %s", waited, what,
                    f" at {where}" if where else "", "; ".join(busy_threads()) or "none busy")
        self._report = self._loop.call_later(SLOW_S, self._slow)

    def end(self) -> None:
        self._report.cancel()
        took = self._loop.time() - self.began
        if took > SLOW_S:
            log.warning("stop: took %.1f s", took)

    def exit_if_left_behind(self) -> None:
        """In `tictac serve`, once the stop is over: if a step was left behind, the process
        ends at once, since what was left (a thread waiting on the database, a task that never
        ends) would hold its exit too."""
        if self.left_behind:
            log.warning("stop: ending the process now (left behind: %s)",
                        ", ".join(self.left_behind))
            logging.shutdown()
            os._exit(1)


def suspended(awaited: Any) -> list[str]:
    """Where a task's chain of coroutines is suspended, innermost last: `function (file:line)`
    for each."""
    if isinstance(awaited, asyncio.Task):
        awaited = awaited.get_coro()
    where: list[str] = []
    while awaited is not None and len(where) < 30:
        frame = getattr(awaited, "cr_frame", None) or getattr(awaited, "gi_frame", None)
        if frame is None:
            break
        where.append(_at(frame))
        awaited = awaited.cr_await if isinstance(awaited, CoroutineType) \
            else getattr(awaited, "gi_yieldfrom", None)
    return where


def busy_threads() -> list[str]:
    """The process's threads other than this one that are not idle (an executor's thread
    waiting for work, an event waited on), each as where it is."""
    frames = sys._current_frames()
    busy = []
    for thread in threading.enumerate():
        frame = frames.get(thread.ident or 0)
        if thread is threading.current_thread() or frame is None:
            continue
        if (os.path.basename(frame.f_code.co_filename), frame.f_code.co_name) in IDLE:
            continue
        busy.append(f"{thread.name} at {_at(frame)}")
    return busy


def _at(frame: FrameType) -> str:
    return f"{frame.f_code.co_qualname} ({os.path.basename(frame.f_code.co_filename)}:" \
           f"{frame.f_lineno})"
