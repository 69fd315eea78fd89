"""`tictac restore FILE`: a backup made by `tictac backup` (or by `tictac serve --backup-every`)
put into the empty database `--db`, an SQLite file or PostgreSQL; the rooms come back when a
server starts on it."""

from __future__ import annotations

import argparse
import sys
import time

from tictac.cli.backup import add_db_argument


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the backup to restore")
    add_db_argument(parser, "the empty database to restore into (made if need be)")


def run(args: argparse.Namespace) -> int:
    from tictac.cli.serve import db_url
    from tictac.store import StoreError
    from tictac.store.backup import restore

    began = time.monotonic()
    try:
        copied = restore(args.file, db_url(args.db))
    except StoreError as failure:
        print(f"tictac restore: {failure}", file=sys.stderr)
        return 1
    rows = ", ".join(f"{count} {table}" for table, count in copied.items())
    print(f"restored {rows} in {time.monotonic() - began:.1f} s")
    return 0
