"""What held a player's action up inside the server (shown in /metrics): each action's time
from the moment its frame is read to the moment it is answered (stored, acknowledged, every
view written), and, for benchmarks only, how late the event loop ran a timer: a loop held (a
long callback, the GIL held by another thread, no core to run on) delays every socket alike,
before any frame of theirs is read.

The loop's lateness is sampled by a timer every `SAMPLE_S`, only when TICTAC_BENCH_LOOP_LAG=1:
its wake-ups would be most of an idle server's CPU."""

from __future__ import annotations

import asyncio
import os
import time

from tictac.durations import Durations

BENCH_LOOP_LAG = "TICTAC_BENCH_LOOP_LAG"
SAMPLE_S = 0.01  # as Node's own loop-delay histogram samples (bench/peers/load.mjs)

ACTIONS = Durations()  # an action's frame read -> answered
LOOP_LAG = Durations()  # a timer's lateness: what the loop ran later than it was due
# The CPU time the loop's thread ran between two samples: a late sample with little of it was
# held off its core (the scheduler, the GIL held by another thread, a blocking call), one with
# as much as the time that passed by its own work (a long callback).
LOOP_CPU = Durations()


class LagSampler:
    """A timer every SAMPLE_S, each noting how late it ran (by perf_counter: uvloop's clock
    counts whole milliseconds) and the CPU time the loop's thread ran since the last."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._due = time.perf_counter() + SAMPLE_S
        self._cpu = time.thread_time()
        self._timer = loop.call_later(SAMPLE_S, self._ran)

    def _ran(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        LOOP_LAG.add(max(0.0, now - self._due))
        LOOP_CPU.add(cpu - self._cpu)
        self._due, self._cpu = now + SAMPLE_S, cpu
        self._timer = self._loop.call_later(SAMPLE_S, self._ran)

    def stop(self) -> None:
        self._timer.cancel()


def sampler() -> LagSampler | None:
    """The loop's lateness sampled from now on, if a benchmark asked for it."""
    if os.environ.get(BENCH_LOOP_LAG) != "1":
        return None
    return LagSampler(asyncio.get_running_loop())
