"""`bench/peers.py --busy N`: its busy loops load every core alike. Left to the scheduler, two
loops on a 2-core machine shared one core in half of the samples of a run, so a run's paced p99
said where they happened to sit, not how the server fared beside them."""

from __future__ import annotations

import importlib.util
import os
import sys
import time
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def peers() -> ModuleType:
    sys.path.insert(0, str(BENCH))  # its `server_load` and the modules that one imports
    try:
        spec = importlib.util.spec_from_file_location("peers_bench", BENCH / "peers.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))


def started(pid: int) -> int:
    """`pid` once `taskset` has pinned itself and become the loop (exec)."""
    while Path(f"/proc/{pid}/comm").read_text().strip() == "taskset":
        time.sleep(0.01)
    return pid


def test_the_busy_loops_are_pinned_one_to_each_core_in_turn() -> None:
    cores = sorted(os.sched_getaffinity(0))
    loops = peers().busy_loops(2 * len(cores))
    try:
        pinned = [os.sched_getaffinity(started(loop.pid)) for loop in loops]
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()
    assert pinned == [{core} for core in cores] * 2
