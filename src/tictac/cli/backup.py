"""`tictac backup FILE`: a copy of the rooms, games, logs and shared decks of the database
`--db` (an SQLite file, or PostgreSQL), taken while the server runs, into one SQLite file.
`tictac restore FILE`: such a copy put into the empty database `--db`; its rooms come back
when a server starts on it (store/backup.py, docs/deploy.md "Backups")."""

from __future__ import annotations

import argparse
import os
import sys
import time

from tictac.server.settings import DEFAULT_DB


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Both commands' (`tictac serve`'s --db, env TICTAC_DB)."""
    default = os.environ.get("TICTAC_DB", DEFAULT_DB)
    parser.add_argument("file", help="the backup: an SQLite file (`backup` replaces it)")
    parser.add_argument("--db", default=default,
                        help="the database backed up, or restored into (empty; made if need "
                             f"be): an SQLite file or a SQLAlchemy URL (env TICTAC_DB; "
                             f"default {default})")


def run(args: argparse.Namespace) -> int:
    from tictac.cli.serve import db_url
    from tictac.store import StoreError
    from tictac.store.backup import backup, restore

    began = time.monotonic()
    try:
        if args.command == "backup":
            backup(db_url(args.db), args.file)
            done = f"backed up into {args.file} ({os.path.getsize(args.file) / 1e6:.1f} MB)"
        else:
            copied = restore(args.file, db_url(args.db))
            done = "restored " + ", ".join(f"{count} {table}" for table, count in copied.items())
    except StoreError as failure:
        print(f"tictac {args.command}: {failure}", file=sys.stderr)
        return 1
    print(f"{done} in {time.monotonic() - began:.1f} s")
    return 0
