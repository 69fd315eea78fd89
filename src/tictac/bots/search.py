"""What the search bots share: a budget per move, and flat Monte Carlo with UCB1 at the root.

A search bot never sees the state. At each decision it samples a *determinization*: a full state
that agrees with everything its seat's view shows (cards played and held, counts, claims, cut
wires) and fills in what the view hides at random. It plays each candidate action on such
samples with the real engine, finishes the game (or round) with a quick default policy, and keeps
the action that won most often. `UCB1` spends the samples on the actions still worth telling
apart.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from tictac.engine import Rng

# How eagerly UCB1 tries an action it has sampled little: the usual sqrt(2) for rewards in [0, 1].
EXPLORATION = math.sqrt(2.0)
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


def ucb1_search(
    count: int, playout: Callable[[int, Rng], float], budget: Budget, rng: Rng
) -> int:
    """The index, among `count` actions, with the best mean reward: `playout(index, rng)` plays
    action `index` on a fresh sample and returns a reward in [0, 1]. Every action is tried once
    before UCB1 chooses; ties go to the lower index, so equal actions keep the caller's order."""
    if count == 1:
        return 0
    visits = [0] * count
    totals = [0.0] * count
    started, deadline = time.perf_counter(), budget.deadline()
    for done in range(max(budget.iterations, count)):
        if done < count:
            index = done
        else:
            if no_time_for_another(deadline, started, done):
                break
            spread = EXPLORATION * math.sqrt(math.log(done))
            index = max(
                range(count),
                key=lambda i: totals[i] / visits[i] + spread / math.sqrt(visits[i]),
            )
        totals[index] += playout(index, rng)
        visits[index] += 1
    return max(range(count), key=lambda i: (totals[i] / visits[i], visits[i]))
