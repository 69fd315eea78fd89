"""How long something took, each time: the longest, the total, and how many took up to each
bound. /metrics shows each as a histogram (server/metrics.py), so that a reader subtracting two
readings learns how long the longest inside its window was at most (a benchmark's measured
window: bench/peers.py), which the longest since start does not tell.

Each is added to by one thread only (the event loop's, the store's writer's or its
checkpointer's) and read by the loop's: a reading may be a moment behind, never torn."""

from __future__ import annotations

import bisect

# The bounds (seconds) durations are counted under: a paced action takes about 1 ms, and a
# player feels 20 ms.
BOUNDS_S = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0)


class Durations:
    __slots__ = ("by_length", "longest_s", "total_s")

    def __init__(self) -> None:
        self.longest_s = self.total_s = 0.0
        self.by_length = [0] * (len(BOUNDS_S) + 1)  # durations up to each bound, and longer

    def add(self, took_s: float) -> None:
        if took_s > self.longest_s:
            self.longest_s = took_s
        self.total_s += took_s
        self.by_length[bisect.bisect_left(BOUNDS_S, took_s)] += 1
