"""`tictac simulate GAME`: bot games flat out, with their speed."""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from tictac.bots import bot_kinds, make_bot
from tictac.bots.driver import play_out
from tictac.engine import GAMES, Rng, get_game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bots", default="random", help="bot kind in every seat")
    parser.add_argument("--seed", default="simulate")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=JSON",
                        help="a game option, e.g. --option target_score=100")


def parse_options(pairs: list[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    return options


def run(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    if args.bots not in bot_kinds(args.game):
        print(f"no bot {args.bots!r}; known: {', '.join(sorted(bot_kinds(args.game)))}")
        return 2
    options = parse_options(args.option)
    rng = Rng(args.seed)
    actions = 0
    winners: Counter[str] = Counter()
    started = time.perf_counter()
    for index in range(args.games):
        state = game.setup(args.players, options, f"{args.seed}-{index}")
        seats = {s: make_bot(args.game, args.bots, s, rng.fork()) for s in range(args.players)}
        actions += play_out(game, state, seats)
        outcome = game.outcome(state)
        assert outcome is not None
        winners[outcome.detail.get("team", ",".join(map(str, outcome.winners)))] += 1
    elapsed = time.perf_counter() - started
    print(f"{args.games} games of {args.game}, {args.players} players, {args.bots} bots")
    print(f"{args.games / elapsed:,.1f} games/s  {actions / elapsed:,.0f} actions/s  "
          f"({actions / args.games:,.1f} actions a game, {elapsed:.2f} s)")
    print("wins: " + ", ".join(f"{k}: {v}" for k, v in winners.most_common()))
    return 0
