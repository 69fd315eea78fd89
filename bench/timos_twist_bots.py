"""How strong the Timo's Twist heuristic bot is: seeded single rounds against random bots.

    uv run python bench/timos_twist_bots.py [--rounds 1000] [--players 2]
"""

from __future__ import annotations

import argparse
import time

from tictac.bots.duels import round_wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    for challenger, opponent in (("heuristic", "random"), ("random", "random")):
        wins = round_wins(challenger, opponent, args.rounds, args.players)
        print(f"{challenger} vs {opponent}, {args.players} players: won {wins} of "
              f"{args.rounds} rounds ({wins / args.rounds:.1%}; an even share is "
              f"{1 / args.players:.1%})")
    print(f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
