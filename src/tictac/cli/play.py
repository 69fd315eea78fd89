"""`tictac play GAME`: one person in the terminal, bots in the other seats.

A game's terminal front end is the module its `GameInfo.terminal` names, with its own
`add_arguments(parser)` and `run(args)`; a game without one is not offered here. This module
dispatches to the front ends and holds what they share about seeds.
"""

from __future__ import annotations

import argparse
import importlib
import secrets
from types import ModuleType

from tictac.engine import GAMES, get_info


def front_ends() -> dict[str, str]:
    """The module of each game's terminal front end, for the games that have one."""
    return {game: terminal for game in GAMES if (terminal := get_info(game).terminal)}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="game", required=True)
    for game, module in front_ends().items():
        importlib.import_module(module).add_arguments(sub.add_parser(game, help=f"play {game}"))


def run(args: argparse.Namespace) -> int:
    front_end: ModuleType = importlib.import_module(front_ends()[args.game])
    result: int = front_end.run(args)
    return result


def random_seed() -> str:
    """A seed for a game the player gave none for. It rebuilds every hidden card, role and
    wire, so a front end shows it only once the game is over (`replay_line`)."""
    return str(secrets.randbits(32))


def replay_line(seed: str) -> str:
    return f"This game's seed was {seed}: play it again with --seed {seed}."
