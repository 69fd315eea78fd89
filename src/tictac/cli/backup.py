"""`tictac backup FILE`: a copy of the rooms, games, logs and shared decks of the database
`--db` (an SQLite file, or PostgreSQL), taken while the server runs, into one SQLite file
(store/backup.py). `tictac restore FILE` puts it back."""

from __future__ import annotations

import argparse
import os
import sys
import time

from tictac.server.settings import DEFAULT_DB


def add_db_argument(parser: argparse.ArgumentParser, help_text: str) -> None:
    """`--db`, as `tictac serve` takes it (env TICTAC_DB)."""
    default = os.environ.get("TICTAC_DB", DEFAULT_DB)
    parser.add_argument("--db", default=default,
                        help=f"{help_text}: an SQLite file, or a SQLAlchemy URL "
                             f"(env TICTAC_DB; default {default})")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the backup to write (an SQLite file; replaced if there)")
    add_db_argument(parser, "the database to back up")


def run(args: argparse.Namespace) -> int:
    from tictac.cli.serve import db_url
    from tictac.store import StoreError
    from tictac.store.backup import backup

    began = time.monotonic()
    try:
        backup(db_url(args.db), args.file)
    except StoreError as failure:
        print(f"tictac backup: {failure}", file=sys.stderr)
        return 1
    size = os.path.getsize(args.file)
    print(f"backed up into {args.file} ({size / 1e6:.1f} MB) in {time.monotonic() - began:.1f} s")
    return 0
