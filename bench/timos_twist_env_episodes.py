"""A fixed amount of work for an instruction counter: `--games` seeded random games of the Timo's
Twist environment, through the same loop as bench/timos_twist_vs_peers.py's environments part
(`agent_iter`, `last()`, a draw from the mask, `step`), and the number of decisions made.
Wall time on a shared machine is noisy; callgrind's count is not (docs/rl.md):

    PYTHONHASHSEED=0 valgrind --tool=callgrind .venv/bin/python \\
        bench/timos_twist_env_episodes.py --games 20

Run it again with `--games 0` and divide the difference by the decisions.
"""

from __future__ import annotations

import argparse
import random

from tictac.rl import ENVS
from timos_twist_vs_peers import random_episode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    env = ENVS["timos-twist"](args.players)
    rnd = random.Random(7)
    env.reset(seed=1)  # the same start-up cost with 0 games
    decisions = 0
    for game in range(args.games):
        env.reset(seed=1000 + game)
        decisions += random_episode(env, rnd.randrange)
    print("decisions", decisions)


if __name__ == "__main__":
    main()
