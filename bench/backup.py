"""Backup and restore times of a store of many rooms: `--rooms` rooms (1,000 by default), each
with a lobby record of six seats, one game dealt and `--actions` actions in its log, and a
shared deck for every tenth room, written through `LiteStore` into a fresh SQLite file. Then:

1. `backup` of that SQLite file (SQLite's online backup API);
2. `restore` of the backup into a new SQLite file;
3. `restore` of the backup into an empty PostgreSQL (Debian's, started on a free loopback
   port; skipped if it is not installed): the path of an instance moving to a cluster;
4. `backup` of that PostgreSQL (the logical export).

    uv run --group dev python bench/backup.py [--rooms 1000] [--actions 100]

Prints each step's seconds (wall clock: read them against the load average printed with
them) and this process's CPU seconds, the rows and the files' sizes. The store functions are
timed in this process, as `tictac backup` and `tictac restore` run them, less the command's
start.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path

from tictac.cluster.services import Postgres, available
from tictac.engine import LoggedAction
from tictac.store import DeckBounds, LiteStore, StoredDeck
from tictac.store.backup import backup, restore

# No retention and no bound: every deck saved is kept, as a backup must find it.
ROOMY = DeckBounds(unused_before_ms=0, owner_bytes=1 << 40, total_bytes=1 << 40)


def record(code: str) -> dict[str, object]:
    """A record the size and shape of a six-seat room's (seats, hashed tokens, options)."""
    places = [{"pid": pid, "name": f"Player {pid}", "token": f"{pid:064x}", "bot": None}
              for pid in range(6)]
    return {"code": code, "status": "playing", "places": places, "seats": list(range(6)),
            "host": 0, "options": {"target_score": 150, "timo_grace_ms": 1500},
            "created_ms": 1, "gone_after_s": 120, "bot_pause_ms": 600, "games": 1,
            "evening": [{"index": 0, "game": "timos-twist", "winners": [0],
                         "points": [[pid, 6 - pid] for pid in range(6)]}]}


async def fill(path: str, rooms: int, actions: int) -> None:
    store = await LiteStore.open(path)
    try:
        for number in range(rooms):
            code = f"R{number:05d}"
            await store.save_room(code, "timos-twist", record(code), number, 0)
            await store.start_game(code, 0, {"players": 6, "seed": code, "options": {}},
                                   number, "timos-twist", record(code), 0)
            await asyncio.gather(*(store.append(code, 0, seq, LoggedAction(
                seq % 6, {"type": "play", "card": seq % 40, "pile": seq % 3}, seq))
                for seq in range(1, actions + 1)))
            if number % 10 == 0:
                await store.save_deck(StoredDeck(f"D{number:05d}", "fr", "Les copains", [
                    {"name": f"Copain {card}", "about": "un ami"} for card in range(40)], 1),
                    ROOMY)
    finally:
        await store.close()


def timed(label: str, step: object, *args: str) -> None:
    """The step's wall-clock seconds, and this process's CPU seconds (steadier on a busy
    machine; PostgreSQL's own are not among them)."""
    began, cpu = time.perf_counter(), time.process_time()
    answer = step(*args)  # type: ignore[operator]
    seconds, cpu = time.perf_counter() - began, time.process_time() - cpu
    print(f"{label:<40} {seconds:6.2f} s ({cpu:5.2f} CPU s)  {answer or ''}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tictac-bench-backup-") as folder:
        live, copy = os.path.join(folder, "live.sqlite3"), os.path.join(folder, "backup.sqlite3")
        began = time.perf_counter()
        asyncio.run(fill(live, args.rooms, args.actions))
        print(f"{args.rooms} rooms, {args.rooms * args.actions} actions, {args.rooms // 10} decks"
              f" written in {time.perf_counter() - began:.1f} s; load average "
              f"{os.getloadavg()[0]:.1f}")
        timed("backup of the SQLite file", backup, f"sqlite:///{live}", copy)
        print(f"  the backup: {Path(copy).stat().st_size / 1e6:.1f} MB")
        timed("restore into a new SQLite file", restore, copy,
              f"sqlite:///{os.path.join(folder, 'restored.sqlite3')}")
        missing = available()
        if missing is not None:
            print(f"PostgreSQL skipped: {missing}")
            return
        postgres = Postgres().init().start().create_database()
        try:
            timed("restore into an empty PostgreSQL", restore, copy, postgres.url)
            exported = os.path.join(folder, "exported.sqlite3")
            timed("backup of PostgreSQL (logical export)", backup, postgres.url, exported)
            print(f"  the export: {Path(exported).stat().st_size / 1e6:.1f} MB; load average "
                  f"{os.getloadavg()[0]:.1f}")
        finally:
            postgres.remove()


if __name__ == "__main__":
    main()
