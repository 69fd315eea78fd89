"""The `tictac` command: `play` a game in the terminal, `simulate` bot games, `serve` rooms."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Each subcommand is a module with `add_arguments(parser)` and `run(args) -> int`.
COMMANDS = {
    "play": ("tictac.cli.play", "play a game in this terminal against bots"),
    "simulate": ("tictac.cli.simulate", "play bot games flat out and print their speed"),
    "serve": ("tictac.cli.serve", "start the game server"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tictac", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (module, help_text) in COMMANDS.items():
        try:
            command = importlib.import_module(module)
        except ModuleNotFoundError as missing:
            if missing.name != module:
                raise
            continue
        command.add_arguments(sub.add_parser(name, help=help_text, description=help_text))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    module = importlib.import_module(COMMANDS[args.command][0])
    try:
        result: int = module.run(args)
    except KeyboardInterrupt:
        print()
        return 130
    return result


if __name__ == "__main__":
    sys.exit(main())
