"""CFR+ on the miniature Time Bomb variants: exact NashConv against iterations (docs/rl.md).

    uv run --group spiel python bench/mini_time_bomb_cfr.py [--variant kuhn|leduc]
        [--iterations 1,10,30,100]

Each row is OpenSpiel's exact `nash_conv` of CFR+'s average policy after that many
iterations (row 0: the uniform policy), with the CPU seconds the row took. No sampling: the
same arguments give the same table.
"""

from __future__ import annotations

import argparse
import time

import pyspiel
from open_spiel.python import policy as policies

import tictac.rl.openspiel  # noqa: F401  (registers the games)
from tictac.rl.openspiel.mini_time_bomb import SHORT_NAME, VARIANTS
from tictac.rl.openspiel.solving import cfr_plus_curve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="kuhn")
    parser.add_argument("--iterations", default="1,10,30,100",
                        help="the iterations to measure at, ascending, comma-separated")
    args = parser.parse_args()
    params = VARIANTS[args.variant]
    game = pyspiel.load_game(SHORT_NAME, params)
    states = len(policies.TabularPolicy(game).state_lookup)
    print(f"{SHORT_NAME} {params} ({args.variant}): {states} information states")
    print("| CFR+ iterations | NashConv | CPU s |\n|---|---|---|")
    checkpoints = [int(n) for n in args.iterations.split(",")]
    started = time.process_time()
    for iterations, nash_conv in cfr_plus_curve(game, checkpoints):
        now = time.process_time()
        print(f"| {iterations} | {nash_conv:.4f} | {now - started:.0f} |", flush=True)
        started = now


if __name__ == "__main__":
    main()
