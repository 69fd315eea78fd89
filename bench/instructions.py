"""Instructions per action of `tictac serve`, counted by callgrind: a figure a busy machine does
not move, unlike CPU seconds, so two versions of the server can be compared on any machine.

    uv run --group dev python bench/instructions.py             # paced: 20 rooms, 20 actions/s
    uv run --group dev python bench/instructions.py --think 0   # flat out, as valgrind allows
    uv run --group dev python bench/instructions.py --src B/src # the server of checkout B
    uv run --group dev python bench/instructions.py --night     # a game night's pace
    uv run --group dev python bench/instructions.py --out F     # keep callgrind's file as F

At a game night's pace (`--night`: a move every 3 s a room, as bench/peers.py's night plays)
rooms mostly wait, so what each room costs per second it waits (its timers, wake-ups) weighs
beside what each action costs: both are in the count, over the actions of the window.
`--breakdown` prints where they went, per action, by the C functions callgrind sees (Python's
own functions are all one interpreter loop to it): callgrind_annotate's inclusive counts.

The server runs under `valgrind --tool=callgrind` with counting off; the load of
bench/server_load.py (Timo's Twist, 5 clients per room, deflate off) plays, and counting is on
only for the measured window after the warm-up. PYTHONHASHSEED is fixed so that two runs hash
alike. Needs valgrind (`apt-get install valgrind`)."""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import subprocess
import tempfile
from pathlib import Path

import server_load
from server_load import Client, Run, game_run

NIGHT_PACE_S = 3.0  # bench/peers.py's --night-pace


# Where the loop spends, by the C function it enters each part through (inclusive counts;
# Python's functions are invisible to callgrind): those parts add up to the whole, with what
# the loop does besides (polling, its own bookkeeping) ...
LOOP_PARTS = (
    ("reading: frames read, parsed, checked and posted to the room", "uv__read"),
    ("callbacks and tasks: the rooms' actions applied, stored, their views and texts made "
     "and written", "__pyx_f_6uvloop_4loop_cb_idle_callback"),
    ("timers: keepalive pings, uvicorn's tick, the store's watch", "uv__run_timers"),
)
# ... and, inside those, what some C functions cost wherever they ran.
WITHIN = (
    ("the store: SQLite's statements, the file's stat", ("_pysqlite_query_execute", "os_stat")),
    ("JSON encoding: views, acks, the action stored", ("dumps",)),
    ("socket writes, user space only (not the kernel's)",
     ("__pyx_pw_6uvloop_4loop_8UVStream_5write",)),
    ("garbage collection", ("gc_collect_main",)),
)


def inclusive(dump: Path) -> dict[str, int]:
    """Each function's inclusive count in callgrind's `dump` (the largest, where a function is
    listed under several files: inlined parts of it are inside the whole)."""
    listing = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", dump],
                             check=True, capture_output=True, text=True).stdout
    counts: dict[str, int] = {}
    for line in listing.splitlines():
        found = re.match(r"\s*([\d,]+) \([^)]*\)\s+\S*:(\w+)( \[|$)", line)
        if found:
            name, count = found.group(2), int(found.group(1).replace(",", ""))
            counts[name] = max(count, counts.get(name, 0))
    return counts


def breakdown(dump: Path, actions: int, total: int) -> None:
    counts = inclusive(dump)
    for label, name in LOOP_PARTS:
        print(f"{counts.get(name, 0) / actions:>10,.0f}  {label}")
    rest = total - sum(counts.get(name, 0) for _, name in LOOP_PARTS)
    print(f"{rest / actions:>10,.0f}  the rest: the loop's polling and its own bookkeeping")
    print("inside those:")
    for label, names in WITHIN:
        print(f"{sum(counts.get(name, 0) for name in names) / actions:>10,.0f}  {label}")


def control(*args: str) -> None:
    subprocess.run(["callgrind_control", *args], check=True, capture_output=True)


def last_dump(out: str) -> Path:
    dumps = sorted(Path(out).parent.glob(Path(out).name + "*"))
    if not dumps:
        raise RuntimeError(f"callgrind wrote nothing to {out}")
    return dumps[-1]


def counted(out: str) -> int:
    """The instructions callgrind counted, from its last dump."""
    for line in last_dump(out).read_text().splitlines():
        if line.startswith("totals:"):
            return int(line.split()[1])
    raise RuntimeError(f"callgrind wrote no totals to {out}")


async def measure(clients: list[Client], run: Run, warmup: float, seconds: float, pid: int,
                  rss_before: int, rooms: int) -> dict[str, float]:
    """server_load's measure, with callgrind counting only the measured window."""
    await asyncio.sleep(warmup)
    control("--instr=on", str(pid))
    run.measuring = True
    await asyncio.sleep(seconds)
    run.measuring = False
    control("--instr=off", str(pid))
    control("--dump", str(pid))
    for client in clients:
        client.close()
    return {"actions": run.actions}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a client waits before it acts (0: flat out)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=20.0,
                        help="under valgrind the first actions run cold for long")
    parser.add_argument("--night", action="store_true",
                        help="a game night's pace: think 3 s (a move every 3 s a room), 60 rooms "
                        "and a 60 s window, so that a few hundred actions are counted")
    parser.add_argument("--src", help="the src folder of another checkout to run instead")
    parser.add_argument("--out", help="where to keep callgrind's output (default: not kept)")
    parser.add_argument("--breakdown", action="store_true",
                        help="where the instructions went, per action (see LOOP_PARTS)")
    args = parser.parse_args()
    if args.night:
        args.think, args.rooms, args.seconds = NIGHT_PACE_S, 60, 60.0
    os.environ["PYTHONHASHSEED"] = "0"
    if args.src:
        os.environ["PYTHONPATH"] = args.src
    server_load.measure = measure  # game_run calls it by its module's name
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or f"{tmp}/callgrind.out"
        result = asyncio.run(game_run(args, False, args.think, wrap=(
            "valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}")))
        actions, total = int(result["actions"]), counted(out)
        print(f"{args.rooms} rooms, think {args.think:g} s: {actions} actions measured, "
              f"{total / max(actions, 1):,.0f} instructions per action")
        if args.breakdown:
            breakdown(last_dump(out), max(actions, 1), total)


if __name__ == "__main__":
    main()
