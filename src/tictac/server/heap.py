"""The server's heap and Python's cyclic garbage collector: the start-up heap frozen out of the
collector's way, every collection's pause timed (shown in /metrics), and, for benchmarks
only, a full collection on SIGURG.

A full collection walks every object the collector tracks. A started server holds some
150,000 of them (modules, classes, functions, the games' tables) that never become garbage;
frozen (`gc.freeze`, moved to a generation no collection walks), they no longer lengthen each
full collection's pause."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import time
from typing import Any

from tictac.durations import Durations

# Set to 1, `tictac serve` runs a full collection when sent SIGURG, so that a benchmark
# measures memory after a collection in each runtime it compares (bench/peers.py). Off by
# default: a signal only the server's own user (or root) may send, whose default action is to
# be ignored (SIGUSR2 would end a Node server the bench compares, which stops on it).
BENCH_COLLECT = "TICTAC_BENCH_COLLECT"


class Pauses:
    """The collector's pauses, timed between its `start` and `stop` callbacks: by the clock
    (what a player waits) and by the thread's CPU time (the collection's own work, which a
    busy machine does not stretch)."""

    __slots__ = ("_began", "_began_cpu", "by_generation", "clock", "longest_cpu_s")

    def __init__(self) -> None:
        self._began = self._began_cpu = 0.0
        self.longest_cpu_s = 0.0
        self.clock = Durations()  # by the clock, counted by length (the longest since start
        # is set while a thousand sockets open: a benchmark reads its own window's)
        self.by_generation = [0, 0, 0]  # collections of each generation

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began, self._began_cpu = time.perf_counter(), time.thread_time()
            return
        self.clock.add(time.perf_counter() - self._began)
        self.longest_cpu_s = max(self.longest_cpu_s, time.thread_time() - self._began_cpu)
        self.by_generation[info["generation"]] += 1


PAUSES = Pauses()
frozen = 0  # objects of the start-up heap frozen by `serve`


def serve() -> None:
    """Once the server is set up, before its first room: what the start loaded (every module,
    the games' tables) collected once and frozen, so that no later collection walks it; then
    every collection timed. Frozen once per process (a process serving one app after another,
    as the tests do, would freeze each one's rooms, which are garbage once it stops)."""
    global frozen
    if gc.get_freeze_count() == 0:
        gc.collect()
        gc.freeze()
        frozen = gc.get_freeze_count()  # counted once: the count walks every frozen object
    if PAUSES not in gc.callbacks:
        gc.callbacks.append(PAUSES)
    if os.environ.get(BENCH_COLLECT) == "1":
        asyncio.get_running_loop().add_signal_handler(signal.SIGURG, gc.collect)
