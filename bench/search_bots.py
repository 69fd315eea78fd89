"""How strong the search bots are, on an iteration budget so the figures can be reproduced.

    uv run python bench/search_bots.py [--rounds 1000] [--games 1000] [--tt-iterations 300]
        [--tb-samples 60] [--only timos-twist|time-bomb]

Timo's Twist: seeded single rounds, 2 players, the search bot against the heuristic bot (and,
for scale, the heuristic against random), the search bot's seat alternating. Time Bomb: seeded
5-player games, Sherlock's team of one kind against Moriarty's of another; the table prints how
often Sherlock wins. Search bots stop on their iteration budget only (no clock), so a run gives
the same figures on any machine; one process (the machine is shared). A Timo's Twist iteration
is one playout (a trial plays every candidate move on one sample); a Time Bomb sample judges
every cut the bot may make.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from tictac.bots import Bot, BotFactory, make_bot
from tictac.bots.driver import play_out
from tictac.bots.duels import round_wins
from tictac.bots.search import Budget
from tictac.bots.time_bomb.search import SearchBot as TimeBombSearch
from tictac.bots.timos_twist_search import SearchBot as TimosTwistSearch
from tictac.engine import Rng
from tictac.games import time_bomb
from tictac.games.time_bomb.table import SHERLOCK

# Sherlock's team, Moriarty's team: the pairings the issue asks about, the reference first.
TIME_BOMB_PAIRINGS = [
    ("reasoning", "reasoning"),
    ("search", "reasoning"),
    ("reasoning", "search"),
    ("search", "search"),
]


def timos_twist(rounds: int, iterations: int) -> None:
    budget = Budget(iterations=iterations, ms=None)

    def search(seat: int, rng: Rng) -> Bot:
        return TimosTwistSearch(seat, rng, budget)

    for name, challenger, opponent in (
        ("heuristic", "heuristic", "random"),
        (f"search ({iterations} iterations)", search, "heuristic"),
    ):
        started = time.perf_counter()
        wins = round_wins(challenger, opponent, rounds)
        print(f"Timo's Twist, 2 players: {name} vs {opponent}: won {wins} of {rounds} rounds "
              f"({wins / rounds:.1%}) [{time.perf_counter() - started:.0f} s]", flush=True)


def sherlock_wins(sherlock: BotFactory, moriarty: BotFactory, games: int, players: int) -> int:
    wins = 0
    for index in range(games):
        state = time_bomb.setup(players, None, f"search-bench-{index}")
        rng = Rng(f"search-bench-bots-{index}")
        seats = {
            seat: (sherlock if role == SHERLOCK else moriarty)(seat, rng.fork())
            for seat, role in enumerate(state.roles)
        }
        play_out(time_bomb, state, seats)
        wins += state.team == SHERLOCK
    return wins


def time_bomb_table(games: int, samples: int, players: int = 5) -> None:
    budget = Budget(iterations=samples, ms=None)
    kinds: dict[str, Callable[[int, Rng], Bot]] = {
        "reasoning": lambda seat, rng: make_bot(time_bomb.NAME, "reasoning", seat, rng),
        "search": lambda seat, rng: TimeBombSearch(seat, rng, budget),
    }
    print(f"\nTime Bomb, {players} players, {games} seeded games, search bots on {samples} "
          "samples a cut")
    print("| Sherlock's team | Moriarty's team | Sherlock wins |")
    print("|---|---|---|")
    for sherlock, moriarty in TIME_BOMB_PAIRINGS:
        started = time.perf_counter()
        wins = sherlock_wins(kinds[sherlock], kinds[moriarty], games, players)
        print(f"| {sherlock} | {moriarty} | {wins} ({wins / games:.1%}) |"
              f"  [{time.perf_counter() - started:.0f} s]", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1000, help="Timo's Twist rounds")
    parser.add_argument("--games", type=int, default=1000, help="Time Bomb games a pairing")
    parser.add_argument("--tt-iterations", type=int, default=300)
    parser.add_argument("--tb-samples", type=int, default=60)
    parser.add_argument("--only", choices=("timos-twist", "time-bomb"))
    args = parser.parse_args()
    if args.only != "time-bomb":
        timos_twist(args.rounds, args.tt_iterations)
    if args.only != "timos-twist":
        time_bomb_table(args.games, args.tb_samples)


if __name__ == "__main__":
    main()
