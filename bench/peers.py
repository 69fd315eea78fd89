"""tictac against the servers a group would pick instead: Colyseus 0.16 and boardgame.io 0.50
(bench/peers/, servers and load clients of our own writing on each framework's own client
library), each under the same load as bench/server_load.py's: 200 rooms x 5 clients, the seat
to act playing as soon as its view shows it to act (flat out), or paced at 250 moves/s.

    (cd bench/peers && npm ci)   # once: the peers' packages, pinned by package-lock.json
    uv run --group dev python bench/peers.py [--quick] [--rounds 3] [--rooms 200]

tictac plays Timo's Twist (every action stored in SQLite before it is acknowledged); the peers
play a smaller UNO-like game (bench/peers/uno.mjs: a hand of 7, colour or number matching,
draw when stuck), each player seeing only its own hand and the others' counts, done the
framework's way (Colyseus: a schema `@view` field and a StateView per client; boardgame.io:
`playerView`, moves run on the server only).

One loop drives all three (bench/peers/load.mjs, in Node): on the peers through their own
client libraries, on tictac through its protocol over the `ws` package (bench/peers/tictac/),
so that the servers meet the same kind of client, whose process wakes as often for each.
Servers run on core 0 and every load client on core 1 (`taskset`). The three servers run
interleaved, in a rotating order, `--rounds` times; memory (200 rooms x 5 idle clients, dealt,
nobody moving) is measured in the first round only (it does not drift with the machine's load
as CPU does). Printed for each: moves/s and server CPU seconds per 1,000 moves flat out (and how
much of it the kernel's), the same paced, p50/p99 paced (send -> all 5 clients updated), server
RSS per room, the medians over the rounds, tictac's ratio to each peer, and the load average
around each round.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from server_load import (
    cpu_times,
    free_port,
    rss_kib,
    settled_rss_kib,
    stop,
    tictac_command,
    wait_listening,
)

PEERS = Path(__file__).with_name("peers")
# Each server's folder there, with its load client (load.mjs): the same loop (peers/load.mjs)
# drives all three.
FOLDERS = {"tictac": PEERS / "tictac", "colyseus": PEERS / "colyseus",
           "boardgame.io": PEERS / "bgio"}
FRAMEWORKS = ("colyseus", "boardgame.io")
SERVER_CORE, CLIENT_CORE = 0, 1
RUN_LIMIT_S = 300  # a load client still running after this has hung: it is killed


def pinned(core: int) -> tuple[str, ...]:
    return ("taskset", "-c", str(core))


def server_command(name: str, port: int, folder: str) -> list[str]:
    if name == "tictac":
        return tictac_command(port, folder)
    return ["node", str(FOLDERS[name] / "server.mjs"), str(port)]


def run(name: str, args: argparse.Namespace, think_s: float,
        idle: bool = False) -> dict[str, float]:
    """One run of a server and its load client (bench/peers/<name>/load.mjs)."""
    port = free_port()
    env = {**os.environ, "NODE_ENV": "production"}  # as deployed (immer's checks off, ...)
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen([*pinned(SERVER_CORE), *server_command(name, port, folder)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        try:
            wait_listening(port, server)
            rss_before = settled_rss_kib(server.pid)
            return drive(name, args, think_s, idle, server.pid, port, rss_before, env)
        finally:
            stop(server)


def drive(name: str, args: argparse.Namespace, think_s: float, idle: bool, pid: int, port: int,
          rss_before: int, env: dict[str, str]) -> dict[str, float]:
    load = subprocess.Popen(
        [*pinned(CLIENT_CORE), "node", str(FOLDERS[name] / "load.mjs"),
         "--port", str(port), "--rooms", str(args.rooms), "--warmup", str(args.warmup),
         "--seconds", str(args.seconds), "--think", str(think_s), *(["--idle"] if idle else [])],
        stdout=subprocess.PIPE, text=True, env=env)
    watchdog = threading.Timer(RUN_LIMIT_S, load.kill)
    watchdog.start()
    try:
        assert load.stdout is not None
        before = (0.0, 0.0)
        for line in load.stdout:
            if line.strip() == "ready":  # idle: every room dealt
                time.sleep(1)
                return {"kib_per_room": (rss_kib(pid) - rss_before) / args.rooms}
            if line.strip() == "measuring":
                before = cpu_times(pid)
            elif line.startswith("{"):
                result: dict[str, float] = json.loads(line)
                user, system = (now - then for now, then in zip(cpu_times(pid), before,
                                                                strict=True))
                moves = result["moves_per_s"] * args.seconds
                result["cpu_per_1000"] = 1000 * (user + system) / moves
                result["system_per_1000"] = 1000 * system / moves
                return result
        raise RuntimeError(f"{name}'s load client ended without a result")
    finally:
        watchdog.cancel()
        load.kill()
        load.wait()


# (key, label, format, which runs): one line of the summary each
FIGURES = [
    ("flat", "moves_per_s", "moves/s flat out", "{:,.0f}"),
    ("flat", "cpu_per_1000", "server CPU s / 1,000 moves, flat out", "{:.2f}"),
    ("flat", "system_per_1000", "  of which system (kernel)", "{:.2f}"),
    ("paced", "cpu_per_1000", "server CPU s / 1,000 moves, paced", "{:.2f}"),
    ("paced", "system_per_1000", "  of which system (kernel)", "{:.2f}"),
    ("paced", "p50_ms", "p50 paced, ms", "{:.2f}"),
    ("paced", "p99_ms", "p99 paced, ms", "{:.1f}"),
    ("idle", "kib_per_room", "server RSS per room, KiB (idle)", "{:.0f}"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="a short check: 40 rooms, one round, 3 s runs")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--paced-rate", type=float, default=250.0)
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.rooms, args.seconds, args.warmup = 1, 40, 3.0, 1.0
    if not (PEERS / "node_modules").is_dir():
        raise SystemExit("bench/peers has no node_modules: run `npm ci` in bench/peers first")
    names = list(FOLDERS)
    think_s = args.rooms / args.paced_rate
    results: dict[str, dict[str, list[dict[str, float]]]] = {
        name: {"flat": [], "paced": [], "idle": []} for name in names}
    loads = []
    began = time.monotonic()
    print(f"{args.rooms} rooms x 5 clients, {args.warmup:g} s warm-up, {args.seconds:g} s "
          f"measured, paced at {args.paced_rate:g} moves/s; servers on core {SERVER_CORE}, "
          f"clients on core {CLIENT_CORE}", flush=True)
    for round_ in range(args.rounds):
        load_before = os.getloadavg()[0]
        order = names[round_ % len(names):] + names[:round_ % len(names)]
        for name in order:
            for mode in ("flat", "paced", *(["idle"] if round_ == 0 else [])):
                started = time.monotonic()
                try:
                    got = run(name, args, 0.0 if mode == "flat" else think_s,
                              idle=mode == "idle")
                except RuntimeError as failure:  # one failed run leaves a hole, not no table
                    print(f"round {round_ + 1} {name:<13} {mode:<5} failed: {failure}")
                    continue
                results[name][mode].append(got)
                shown = ", ".join(f"{key} {value:.2f}" for key, value in got.items())
                print(f"round {round_ + 1} {name:<13} {mode:<5} {shown} "
                      f"({time.monotonic() - started:.0f} s)", flush=True)
        loads.append((load_before, os.getloadavg()[0]))
        print(f"round {round_ + 1}: load average {load_before:.1f} -> {loads[-1][1]:.1f}",
              flush=True)

    def median(name: str, mode: str, key: str) -> float:
        got = [result[key] for result in results[name][mode]]
        return statistics.median(got) if got else float("nan")

    print(f"\nmedians of {args.rounds} interleaved rounds ({time.monotonic() - began:.0f} s; "
          f"load average {min(min(pair) for pair in loads):.1f} to "
          f"{max(max(pair) for pair in loads):.1f}, {os.cpu_count()} cores)")
    header = f"{'':<40}" + "".join(f"{name:>14}" for name in names) + \
        "".join(f"{'tictac/' + peer:>22}" for peer in FRAMEWORKS)
    print(header)
    for mode, key, label, shape in FIGURES:
        values = {name: median(name, mode, key) for name in names}
        line = f"{label:<40}" + "".join(f"{shape.format(values[name]):>14}" for name in names)
        line += "".join(f"{values['tictac'] / values[peer]:>22.2f}" for peer in FRAMEWORKS)
        print(line)


if __name__ == "__main__":
    main()
