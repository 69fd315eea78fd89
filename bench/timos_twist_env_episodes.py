"""A fixed amount of work for an instruction counter: `--games` seeded random games of one of our
environments (`--env`: timos-twist, time-bomb, times-up) or of RLCard's UNO environment (`--env
rlcard-uno`), through the same loops as bench/timos_twist_vs_peers.py's environments part, and
the number of decisions made. Wall time on a shared machine is noisy; callgrind's count is not
(docs/rl.md):

    PYTHONHASHSEED=0 OPENBLAS_NUM_THREADS=1 valgrind --tool=callgrind \\
        --callgrind-out-file=/dev/null .venv/bin/python bench/timos_twist_env_episodes.py \\
        --games 20

Run it again with `--games 0` and divide the difference by the decisions;
`bench/timos_twist_vs_peers.py --part instructions` does that for each environment and RLCard's
UNO and gives the ratios.
"""

from __future__ import annotations

import argparse
import random

from timos_twist_vs_peers import random_episode, rlcard_episode, rlcard_make


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", default="timos-twist")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    rnd = random.Random(7)
    decisions = 0
    if args.env == "rlcard-uno":
        uno = rlcard_make("uno", args.players, 1)
        uno.reset()  # the same start-up cost with 0 games
        for _ in range(args.games):
            decisions += rlcard_episode(uno, rnd.choice)
    else:
        from tictac.rl import ENVS

        env = ENVS[args.env](args.players)
        env.reset(seed=1)  # the same start-up cost with 0 games
        for game in range(args.games):
            env.reset(seed=1000 + game)
            decisions += random_episode(env, rnd.randrange)
    print("decisions", decisions)


if __name__ == "__main__":
    main()
