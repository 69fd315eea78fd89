"""The `tictac` command: `play` a game in the terminal, `simulate` bot games, `serve` rooms,
`backup` and `restore` their database."""

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
    "backup": ("tictac.cli.backup", "copy the rooms and shared decks into a backup file"),
    "restore": ("tictac.cli.backup", "put a backup back into an empty database"),
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; with `command`, only that subcommand's module (and what it imports) is
    loaded: `tictac play` need not import the server."""
    parser = argparse.ArgumentParser(prog="tictac", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (module, help_text) in COMMANDS.items():
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        if command in (None, name):
            importlib.import_module(module).add_arguments(command_parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    chosen = next((arg for arg in argv if not arg.startswith("-")), None)
    args = build_parser(chosen if chosen in COMMANDS else None).parse_args(argv)
    module = importlib.import_module(COMMANDS[args.command][0])
    try:
        result: int = module.run(args)
    except KeyboardInterrupt:
        print()
        return 130
    return result


if __name__ == "__main__":
    sys.exit(main())
