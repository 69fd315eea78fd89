"""OpenSpiel's solvers, run so that the same arguments give the same result (docs/rl.md).

OpenSpiel's Monte Carlo CFR draws from numpy's global generator (`np.random`), so two runs of
the same training differ unless that generator is seeded: `mccfr` seeds it for the run and puts
back the state it found. `cfr_plus_curve` is exact (no sampling): CFR+ on the whole tree, with
OpenSpiel's exact NashConv at the iterations asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
from open_spiel.python import policy as policies
from open_spiel.python.algorithms import cfr, exploitability, external_sampling_mccfr


@contextmanager
def seeded_numpy(seed: int) -> Iterator[None]:
    """numpy's global generator seeded with `seed` inside, as it was outside."""
    saved = np.random.get_state()
    np.random.seed(seed)
    try:
        yield
    finally:
        np.random.set_state(saved)


def mccfr(game: Any, iterations: int, seed: int,
          solver: Any = external_sampling_mccfr.ExternalSamplingSolver) -> Any:
    """A Monte Carlo CFR solver (external sampling unless told) after `iterations` iterations,
    its samples drawn from a generator seeded with `seed`."""
    with seeded_numpy(seed):
        trained = solver(game)
        for _ in range(iterations):
            trained.iteration()
    return trained


def cfr_plus_curve(game: Any, checkpoints: Iterable[int]) -> Iterator[tuple[int, float]]:
    """(iterations, NashConv of CFR+'s average policy) at each checkpoint, ascending, after
    (0, the uniform policy's NashConv)."""
    yield 0, float(exploitability.nash_conv(game, policies.UniformRandomPolicy(game)))
    solver = cfr.CFRPlusSolver(game)
    done = 0
    for iterations in checkpoints:
        for _ in range(iterations - done):
            solver.evaluate_and_update_policy()
        done = iterations
        yield done, float(exploitability.nash_conv(game, solver.average_policy()))
