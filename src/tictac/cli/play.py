"""`tictac play GAME`: one person in the terminal, bots in the other seats.

Each game's terminal front end is `tictac.cli.play_<game module>` with its own
`add_arguments(parser)` and `run(args)`; this module dispatches to it and holds what the front
ends share about seeds.
"""

from __future__ import annotations

import argparse
import importlib
import secrets
from types import ModuleType

from tictac.engine import GAMES


def _front_end(game: str) -> ModuleType:
    return importlib.import_module("tictac.cli.play_" + GAMES[game].rsplit(".", 1)[1])


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="game", required=True)
    for game in GAMES:
        _front_end(game).add_arguments(sub.add_parser(game, help=f"play {game}"))


def run(args: argparse.Namespace) -> int:
    result: int = _front_end(args.game).run(args)
    return result


def random_seed() -> str:
    """A seed for a game the player gave none for. It rebuilds every hidden card, role and
    wire, so a front end shows it only once the game is over (`replay_line`)."""
    return str(secrets.randbits(32))


def replay_line(seed: str) -> str:
    return f"This game's seed was {seed}: play it again with --seed {seed}."
