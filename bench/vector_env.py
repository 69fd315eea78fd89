"""Decisions per second of Timo's Twist through Gymnasium's vector environments (docs/rl.md).

    uv run --group rl python bench/vector_env.py [--envs 8] [--seconds 5]

Each sub-environment is `gymnasium.make("tictac/TimosTwist-v0")` (one seat of a 2-player game,
our random bot in the other, whose moves are not counted); every step picks a random legal
action from each environment's mask. Sync counts the process's CPU time (the machine is
shared); Async counts the wall clock, its work being in worker processes.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import gymnasium
import numpy as np
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv, VectorEnv

import tictac.rl  # noqa: F401  (registers the environments)


def rate(vector: VectorEnv, seconds: float, clock: Callable[[], float]) -> float:
    rng = np.random.default_rng(0)
    _, infos = vector.reset(seed=0)
    decisions = 0
    started = clock()
    while clock() - started < seconds:
        masks = infos["action_mask"]
        actions = [int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0 for mask in masks]
        decisions += sum(bool(mask.any()) for mask in masks)  # a reset step decides nothing
        _, _, _, _, infos = vector.step(np.array(actions))
    return decisions / (clock() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    makers = [lambda: gymnasium.make("tictac/TimosTwist-v0")] * args.envs
    for name, vector_class, clock in (("SyncVectorEnv", SyncVectorEnv, time.process_time),
                                      ("AsyncVectorEnv", AsyncVectorEnv, time.perf_counter)):
        vector = vector_class(makers)
        try:
            print(f"{name} x {args.envs}: {rate(vector, args.seconds, clock):,.0f} decisions/s",
                  flush=True)
        finally:
            vector.close()


if __name__ == "__main__":
    main()
