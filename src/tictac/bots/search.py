"""What the search bots share: a budget per move, and flat Monte Carlo over paired samples.

A search bot never sees the state. At each decision it samples a *determinization*: a full state
that agrees with everything its seat's view shows (cards played and held, counts, claims, cut
wires) and fills in what the view hides at random. It plays every candidate action on each such
sample with the real engine, finishes the game (or round) with a quick default policy, and keeps
the action that won most often. Trying every action on the same samples (`paired_search`) makes
the comparison far less noisy than spreading the samples over the actions.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from tictac.engine import Rng

# The share of a move's time budget the search itself may spend.
MARGIN = 0.9


@dataclass(frozen=True)
class Budget:
    """When a search stops: after `iterations` samples or `ms` milliseconds, whichever comes
    first. Benchmarks use iterations only (`ms=None`) so that their figures can be reproduced on
    any machine; rooms use the clock so that a move never keeps the table waiting."""

    iterations: int = 10_000
    ms: float | None = 200.0

    def deadline(self) -> float | None:
        """When the search stops: `MARGIN` short of `ms`, as an iteration may run long (a
        garbage collection, another process on the core) and the move has its own work."""
        return None if self.ms is None else time.perf_counter() + self.ms * MARGIN / 1000.0


def no_time_for_another(deadline: float | None, started: float, done: int) -> bool:
    """Whether one more iteration, as long as the mean of the `done` ones since `started`, would
    end past `deadline`: the search stops before its deadline rather than just after it."""
    if deadline is None or done == 0:
        return False
    now = time.perf_counter()
    return now + (now - started) / done >= deadline


def paired_search(
    count: int, trial: Callable[[Rng], list[float]], budget: Budget, rng: Rng
) -> int:
    """The index, among `count` actions, with the best mean reward, when `trial(rng)` draws one
    sample and returns the reward of every action on it: the actions are compared on the same
    samples (common random numbers), so that the difference between two means measures the
    actions rather than the luck of their samples. A trial counts as `count` iterations of the
    budget; at least one is made. Ties go to the lower index."""
    if count == 1:
        return 0
    totals = [0.0] * count
    started, deadline = time.perf_counter(), budget.deadline()
    for done in range(max(1, budget.iterations // count)):
        if no_time_for_another(deadline, started, done):
            break
        for index, reward in enumerate(trial(rng)):
            totals[index] += reward
    return max(range(count), key=lambda i: (totals[i], -i))
