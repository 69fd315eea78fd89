"""`tictac play GAME`: one person in the terminal, bots in the other seats.

Each game's terminal front end is `tictac.cli.play_<game module>` with its own
`add_arguments(parser)` and `run(args)`; this module only dispatches to it.
"""

from __future__ import annotations

import argparse
import importlib
from types import ModuleType

from tictac.engine import GAMES


def _front_end(game: str) -> ModuleType:
    return importlib.import_module("tictac.cli.play_" + GAMES[game].rsplit(".", 1)[1])


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="game", required=True)
    for game in GAMES:
        try:
            front_end = _front_end(game)
        except ModuleNotFoundError:
            continue
        front_end.add_arguments(sub.add_parser(game, help=f"play {game}"))


def run(args: argparse.Namespace) -> int:
    result: int = _front_end(args.game).run(args)
    return result
