"""tictac against the servers a group would pick instead: Colyseus 0.16 and boardgame.io 0.50
(bench/peers/, servers and load clients of our own writing on each framework's own client
library), each under the same load: 200 rooms x 5 clients, the seat to act playing as soon as
its view shows it to act (flat out), paced at 250 moves/s, and at a game night's pace (one move
every 3 s a room, then a pause with everyone connected and nobody moving).

    (cd bench/peers && npm ci)   # once: the peers' packages, pinned by package-lock.json
    uv run --group dev python bench/peers.py [--quick] [--rounds 3] [--rooms 200] [--busy 2]
    uv run --group dev python bench/peers.py --servers tictac --modes paced --rounds 10 --busy 2

tictac plays Timo's Twist (every action stored in SQLite before it is acknowledged); the peers
play a smaller UNO-like game (bench/peers/uno.mjs: a hand of 7, colour or number matching,
draw when stuck), each player seeing only its own hand and the others' counts, done the
framework's way (Colyseus: a schema `@view` field and a StateView per client; boardgame.io:
`playerView`, moves run on the server only).

One loop drives all three (bench/peers/load.mjs, in Node): on the peers through their own
client libraries, on tictac through its protocol over the `ws` package (bench/peers/tictac/),
so that the servers meet the same kind of client, whose process wakes as often for each.
Servers run on core 0 and every load client on core 1 (`taskset`). The three servers run
interleaved, in a rotating order, `--rounds` times, each mode in a server process of its own.

Memory is read the same way for all three: after a full collection in the server's own runtime
(Node run with `--expose-gc` and collecting on SIGURG, bench/peers/collect.mjs; tictac with
TICTAC_BENCH_COLLECT=1, which makes it collect on SIGURG, server/heap.py), 2 s after it is
asked for. The baseline is read so once the new server's memory stops growing; memory per room
at the end of the game night (`--night-play` s of play, `--night-idle` s of pause), from that
baseline. A Node server's memory read before its collector has run shows garbage, not rooms.

Printed for each: moves/s and server CPU seconds per 1,000 moves flat out (and how much of it
the kernel's), the same paced, p50/p99 paced (send -> all 5 clients updated), tictac's longest
garbage-collection pause since its start (by the clock and in CPU), the full collections inside
the paced run's measured window and the bound its longest pause stayed under (two readings of
its /metrics, at the window's start and end; with each round's p99), the load client's own
event-loop delay paced (p99: a latency tail that is the client's, not the server's), server
CPU seconds per room-hour while the night plays and while it pauses, the baseline RSS, RSS per
room after the night; the medians over the rounds, tictac's ratio to each peer, and the load
average around each round. `--busy N` runs N busy loops beside it all (a busy machine), one
pinned to each core in turn.

Each paced round also prints one line that says where its tail was (`ATTRIBUTION`): the load
client's (its loop's delay, p99 and longest, its garbage collector's longest pause), the
scheduler's (from /proc/<pid>/task/*/schedstat and status over the window, for the server and
for the client: the main thread's wait on a run queue for its core, in all and per turn it
ran, the times the core was taken from it, the other threads' turns and wait), the host's
(the machine's virtual cores not run by its host over the window: /proc/stat's steal), and, for
tictac, its own (from /metrics: the longest action from its frame read to its answer, the
event loop's lateness sampled every 10 ms and the most CPU it ran between two samples, the
longest store commit on the loop's thread and on the writer's, the longest WAL checkpoint,
each as the bound it stayed under inside the window; the actions and the samples over 20 ms).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
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
MODES = ("flat", "paced", "night")
SERVER_CORE, CLIENT_CORE = 0, 1
RUN_LIMIT_S = 300  # a load client still running after this has hung: it is killed
COLLECTED_AFTER_S = 2.0  # memory is read this long after a collection is asked for
HOUR_S = 3600


def pinned(core: int, nice: int = 0) -> tuple[str, ...]:
    """A command's prefix: run on `core`; with a niceness, in a session of its own (see
    `favoured`)."""
    return (*(("setsid",) if nice else ()), "taskset", "-c", str(core))


def favoured(pid: int, nice: int) -> None:
    """Process `pid` (alone in its session) at niceness `nice` against the rest of the machine.
    Linux shares a core between sessions first (autogroups: /proc/sys/kernel/
    sched_autogroup_enabled), then between a session's processes by their niceness: `nice`
    alone would only set the server before its own busy loop, still taking turns with every
    other session's work. So the niceness is its session's."""
    if not nice:
        return
    while Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[3] != str(pid):
        time.sleep(0.001)  # till `setsid` has made its session (else the bench's own is set)
    Path(f"/proc/{pid}/autogroup").write_text(str(nice))


def server_command(name: str, port: int, folder: str) -> list[str]:
    if name == "tictac":
        return tictac_command(port, folder)
    return ["node", "--expose-gc", str(FOLDERS[name] / "server.mjs"), str(port)]


def collected_rss_kib(pid: int) -> int:
    """The server's RSS after a full collection in its own runtime (bench/peers/collect.mjs,
    tictac's server/heap.py)."""
    os.kill(pid, signal.SIGURG)
    time.sleep(COLLECTED_AFTER_S)
    return rss_kib(pid)


def gc_readings(port: int) -> dict[str, float]:
    """tictac's figures from its /metrics: garbage collection (server/heap.py), its actions'
    and its loop's lateness (server/lag.py), its store's commits and checkpoints."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30) as answer:
        lines = answer.read().decode().splitlines()
    return {name: float(value) for line in lines if line.startswith("tictac_")
            and not line.startswith("#") for name, value in [line.rsplit(" ", 1)]}


def windowed(before: dict[str, float], after: dict[str, float], key: str) -> float:
    """A counter of /metrics over the window between two readings."""
    return after[key] - before.get(key, 0.0)


def longest_under_ms(before: dict[str, float], after: dict[str, float], name: str) -> float:
    """The bound the longest of histogram `name`'s durations inside the window stayed under
    (ms; 0 for none): the least bound that counted all of them."""
    counted = windowed(before, after, f"{name}_count")
    if not counted:
        return 0.0
    return 1000 * min((float(key.split('"')[1]) for key in after
                       if key.startswith(f"{name}_bucket") and "+Inf" not in key
                       and windowed(before, after, key) == counted), default=float("inf"))


def over(before: dict[str, float], after: dict[str, float], name: str, bound: str) -> float:
    """How many of histogram `name`'s durations inside the window took longer than `bound`
    (seconds, as /metrics writes it)."""
    return (windowed(before, after, f"{name}_count")
            - windowed(before, after, f'{name}_bucket{{le="{bound}"}}'))


# tictac's own view of a paced window (server/lag.py, store/writer.py): the longest of each
# inside it, under a bound in ms
HELD_UP = {"action_ms": "tictac_action_seconds", "loop_lag_ms": "tictac_loop_lag_seconds",
           "loop_cpu_ms": "tictac_loop_cpu_seconds",
           "commit_loop_ms": "tictac_store_commit_loop_seconds",
           "commit_writer_ms": "tictac_store_commit_writer_seconds",
           "checkpoint_ms": "tictac_store_checkpoint_seconds"}
SLOW = "0.02"  # an action over this (s) is one a player feels: counted


def gc_pauses_ms(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    """tictac's longest garbage-collection pause since its start, by the clock and in CPU time
    (which a busy machine does not stretch), then the full collections inside the measured
    window and the bound its longest pause stayed under; then what else in the server may
    have held an action up inside the window (`HELD_UP`), and its actions and its loop's
    lateness samples over `SLOW`."""
    full = 'tictac_gc_collections_total{generation="2"}'
    return {"gc_pause_ms": 1000 * after["tictac_gc_pause_seconds_max"],
            "gc_pause_cpu_ms": 1000 * after["tictac_gc_pause_cpu_seconds_max"],
            "gc_full_measured": windowed(before, after, full),
            "gc_pause_measured_ms": longest_under_ms(before, after, "tictac_gc_pause_seconds"),
            **{f"{key}_under": longest_under_ms(before, after, name)
               for key, name in HELD_UP.items()},
            "actions_over_20ms": over(before, after, "tictac_action_seconds", SLOW),
            "lags_over_20ms": over(before, after, "tictac_loop_lag_seconds", SLOW)}


Threads = dict[str, tuple[int, int, int]]  # by thread id: wait (ns), turns, involuntary switches


def scheduler_readings(pid: int) -> Threads:
    """The scheduler's view of each thread of process `pid` (/proc/<pid>/task/*): the time it
    waited on a run queue for a core (ns), the turns it ran and the times the scheduler took
    the core from it (involuntary context switches). Of a process that ended (the load
    client, once it has printed), its main thread's last figures."""
    got: Threads = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            _, wait, turns = (task / "schedstat").read_text().split()
            status = (task / "status").read_text()
        except OSError:  # a thread that ended meanwhile
            continue
        got[task.name] = (int(wait), int(turns),
                          int(status.split("nonvoluntary_ctxt_switches:")[1].split()[0]))
    return got


def stolen_ms() -> float:
    """The time this machine's virtual cores were not run by its host since boot, all cores
    together (/proc/stat's steal, in clock ticks): a stall no process of the machine sees."""
    with open("/proc/stat") as stat:
        ticks = int(stat.readline().split()[8])
    return 1000 * ticks / os.sysconf("SC_CLK_TCK")


def scheduled(who: str, pid: int, before: Threads, after: Threads) -> dict[str, float]:
    """The scheduler's view of a window, for `who` (server or client): its main thread's (the
    server's event loop, the client's JavaScript) wait for a core in all and per turn it ran
    (ms), and the times the core was taken from it; its other threads' turns and wait (those
    that ran through the whole window: the store's writer and checkpointer, Node's helpers)."""
    def window(tid: str) -> tuple[int, ...]:
        return tuple(now - then for now, then in zip(after[tid], before[tid], strict=True))

    wait, turns, involuntary = window(str(pid))
    others = [window(tid) for tid in after.keys() & before.keys() if tid != str(pid)]
    return {f"{who}_wait_ms": wait / 1e6, f"{who}_wait_per_turn_ms": wait / 1e6 / max(1, turns),
            f"{who}_involuntary": involuntary,
            f"{who}_threads_turns": sum(other[1] for other in others),
            f"{who}_threads_wait_ms": sum(other[0] for other in others) / 1e6}


def run(name: str, args: argparse.Namespace, mode: str) -> dict[str, float]:
    """One run of a server and its load client (bench/peers/<name>/load.mjs)."""
    port = free_port()
    # as deployed (immer's checks off, ...); tictac collecting on SIGURG (a bench's switch)
    # and, paced, sampling its loop's lateness (another: its timer would be most of an idle
    # server's CPU at night)
    env = {**os.environ, "NODE_ENV": "production", "TICTAC_BENCH_COLLECT": "1",
           "TICTAC_BENCH_LOOP_LAG": "1" if mode == "paced" else "0"}
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [*pinned(SERVER_CORE, args.nice), *server_command(name, port, folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        try:
            favoured(server.pid, args.nice)
            wait_listening(port, server)
            if name == "tictac":  # its first /metrics imports Prometheus's client (15 ms of
                gc_readings(port)  # its loop): not at the start of a measured window
            settled_rss_kib(server.pid)
            baseline = collected_rss_kib(server.pid)
            return drive(name, args, mode, server.pid, port, baseline, env)
        finally:
            stop(server)


def drive(name: str, args: argparse.Namespace, mode: str, pid: int, port: int, baseline: int,
          env: dict[str, str]) -> dict[str, float]:
    think_s = {"flat": 0.0, "paced": args.rooms / args.paced_rate, "night": args.night_pace}[mode]
    seconds = args.night_play if mode == "night" else args.seconds
    load = subprocess.Popen(
        [*pinned(CLIENT_CORE, args.nice), "node", str(FOLDERS[name] / "load.mjs"),
         "--port", str(port), "--rooms", str(args.rooms), "--warmup", str(args.warmup),
         "--seconds", str(seconds), "--think", str(think_s),
         *(["--then-idle"] if mode == "night" else [])],
        stdout=subprocess.PIPE, text=True, env=env)
    favoured(load.pid, args.nice)
    watchdog = threading.Timer(RUN_LIMIT_S + args.night_idle, load.kill)
    watchdog.start()
    try:
        assert load.stdout is not None
        before = (0.0, 0.0)
        collector: dict[str, float] = {}
        server_scheduled: Threads = {}
        client_scheduled: Threads = {}
        stolen = 0.0
        for line in load.stdout:
            if line.strip() == "measuring":
                before = cpu_times(pid)
                server_scheduled, client_scheduled = (scheduler_readings(pid),
                                                      scheduler_readings(load.pid))
                stolen = stolen_ms()
                if name == "tictac" and mode == "paced":
                    collector = gc_readings(port)
            elif line.startswith("{"):
                result: dict[str, float] = json.loads(line)
                played = cpu_times(pid)
                result.update(scheduled("server", pid, server_scheduled,
                                        scheduler_readings(pid)))
                result.update(scheduled("client", load.pid, client_scheduled,
                                        scheduler_readings(load.pid)))
                result["stolen_ms"] = stolen_ms() - stolen
                user, system = (now - then for now, then in zip(played, before, strict=True))
                if mode == "night":
                    return {**result, **night(args, pid, baseline, sum(played) - sum(before))}
                moves = result["moves_per_s"] * args.seconds
                result["cpu_per_1000"] = 1000 * (user + system) / moves
                result["system_per_1000"] = 1000 * system / moves
                if name == "tictac" and mode == "paced":
                    result.update(gc_pauses_ms(collector, gc_readings(port)))
                return result
        raise RuntimeError(f"{name}'s load client ended without a result")
    finally:
        watchdog.cancel()
        load.kill()
        load.wait()


def night(args: argparse.Namespace, pid: int, baseline: int, played_s: float) -> dict[str, float]:
    """The rest of a game night once its play is measured: the pause, then memory."""
    paused = sum(cpu_times(pid))
    time.sleep(args.night_idle)
    paused = sum(cpu_times(pid)) - paused
    rooms = args.rooms
    return {"play_cpu_per_room_hour": played_s / rooms * HOUR_S / args.night_play,
            "idle_cpu_per_room_hour": paused / rooms * HOUR_S / args.night_idle,
            "baseline_mib": baseline / 1024,
            "kib_per_room": (collected_rss_kib(pid) - baseline) / rooms}


# (mode, key, label, format): one line of the summary each
FIGURES = [
    ("flat", "moves_per_s", "moves/s flat out", "{:,.0f}"),
    ("flat", "cpu_per_1000", "server CPU s / 1,000 moves, flat out", "{:.2f}"),
    ("flat", "system_per_1000", "  of which system (kernel)", "{:.2f}"),
    ("paced", "cpu_per_1000", "server CPU s / 1,000 moves, paced", "{:.2f}"),
    ("paced", "system_per_1000", "  of which system (kernel)", "{:.2f}"),
    ("paced", "p50_ms", "p50 paced, ms", "{:.2f}"),
    ("paced", "p99_ms", "p99 paced, ms", "{:.1f}"),
    ("paced", "client_delay_p99_ms", "  load client's own loop delay p99, ms", "{:.1f}"),
    ("paced", "gc_pause_ms", "longest GC pause since start, ms", "{:.1f}"),
    ("paced", "gc_pause_cpu_ms", "  its CPU time, ms", "{:.1f}"),
    ("paced", "gc_full_measured", "full collections while paced", "{:.0f}"),
    ("paced", "gc_pause_measured_ms", "longest GC pause paced, under ms", "{:g}"),
    ("paced", "server_wait_per_turn_ms", "server's loop: wait for its core / turn, ms",
     "{:.3f}"),
    ("paced", "client_wait_per_turn_ms", "load client: wait for its core / turn, ms", "{:.3f}"),
    ("night", "play_cpu_per_room_hour", "night: CPU s / room-hour, playing", "{:.2f}"),
    ("night", "idle_cpu_per_room_hour", "night: CPU s / room-hour, pausing", "{:.3f}"),
    ("night", "baseline_mib", "baseline RSS, MiB (collected)", "{:.0f}"),
    ("night", "kib_per_room", "RSS per room after the night, KiB", "{:.0f}"),
]


# Each paced round's readings, one line a round, to tell where a bad round's tail was: the
# client's (its loop delay, p99 and longest: one pause of its collector delays every move in
# flight, and a few of them make a p99; its wait for its core), the scheduler's (the server's
# loop waiting for its core, the core taken from it), the host's (the machine's cores not run:
# steal), or tictac's own (the longest action from
# its frame read to its answer, the loop's lateness and the most CPU it ran between two of its
# 10 ms samples, a commit, a checkpoint, a collection: each under a bound, ms).
ATTRIBUTION = [
    ("p99_ms", "p99", "{:.1f}"), ("client_delay_p99_ms", "cl.delay", "{:.1f}"),
    ("client_delay_max_ms", "cl.d.max", "{:.1f}"), ("client_gc_max_ms", "cl.gc.max", "{:.1f}"),
    ("client_wait_per_turn_ms", "cl.w/turn", "{:.3f}"), ("client_wait_ms", "cl.wait", "{:.0f}"),
    ("server_wait_per_turn_ms", "sv.w/turn", "{:.3f}"), ("server_wait_ms", "sv.wait", "{:.0f}"),
    ("server_involuntary", "sv.taken", "{:.0f}"), ("server_threads_turns", "thr.turns", "{:.0f}"),
    ("server_threads_wait_ms", "thr.wait", "{:.0f}"), ("stolen_ms", "stolen", "{:.0f}"),
    ("action_ms_under", "action<", "{:g}"),
    ("actions_over_20ms", "act>20ms", "{:.0f}"), ("loop_lag_ms_under", "lag<", "{:g}"),
    ("lags_over_20ms", "lag>20ms", "{:.0f}"), ("loop_cpu_ms_under", "loopcpu<", "{:g}"),
    ("commit_loop_ms_under", "commit.l<", "{:g}"),
    ("commit_writer_ms_under", "commit.w<", "{:g}"), ("checkpoint_ms_under", "chkpt<", "{:g}"),
    ("gc_pause_measured_ms", "gc<", "{:g}"),
]


def attribution(name: str, runs: list[dict[str, float]]) -> None:
    """`name`'s paced rounds, one line each (`ATTRIBUTION`; wait in ms over the window)."""
    columns = [column for column in ATTRIBUTION if any(column[0] in got for got in runs)]
    print(f"\n{name} paced, each round:\n" + "".join(f"{label:>10}" for _, label, _ in columns))
    for got in runs:
        print("".join(f"{shape.format(got[key]) if key in got else '-':>10}"
                      for key, _, shape in columns))


def busy_loops(count: int, nice: int = 0) -> list[subprocess.Popen[bytes]]:
    """`count` processes each spinning on a core, taken in turn: a busy machine. Pinned, so
    that every run is loaded alike: left to the scheduler, two loops on this 2-core machine
    shared one core in about half of the samples taken during a run, starving the server or
    the load client by turns, and a run's p99 said where they happened to sit. With a
    niceness, favoured as the servers and the clients are: beside them on equal terms."""
    cores = sorted(os.sched_getaffinity(0))
    loops = [subprocess.Popen([*pinned(cores[loop % len(cores)], nice), sys.executable, "-c",
                               "while True: pass"]) for loop in range(count)]
    for loop in loops:
        favoured(loop.pid, nice)
    return loops


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="a short check: 40 rooms, one round, 3 s runs, a 10 s night")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--paced-rate", type=float, default=250.0)
    parser.add_argument("--night-pace", type=float, default=3.0,
                        help="seconds between a room's moves on a game night, on average")
    parser.add_argument("--night-play", type=float, default=60.0)
    parser.add_argument("--night-idle", type=float, default=60.0)
    parser.add_argument("--modes", default=",".join(MODES),
                        help=f"which runs, comma-separated, of {', '.join(MODES)}")
    parser.add_argument("--busy", type=int, default=0, help="busy loops to run beside it all")
    parser.add_argument("--nice", type=int, default=0,
                        help="the niceness of the servers, the load clients and the busy "
                        "loops, each in a session of its own (a diagnostic on a shared "
                        "machine: below 0, they get their cores before every other session's "
                        "work, and meet only each other, as on a quiet machine)")
    parser.add_argument("--servers", default=",".join(FOLDERS),
                        help="which servers, comma-separated (the ratios need all three)")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.rooms, args.seconds, args.warmup = 1, 40, 3.0, 1.0
        args.night_play = args.night_idle = 10.0
    modes = [mode for mode in MODES if mode in args.modes.split(",")]
    if not (PEERS / "node_modules").is_dir():
        raise SystemExit("bench/peers has no node_modules: run `npm ci` in bench/peers first")
    names = [name for name in FOLDERS if name in args.servers.split(",")]
    results: dict[str, dict[str, list[dict[str, float]]]] = {
        name: {mode: [] for mode in MODES} for name in names}
    loads = []
    began = time.monotonic()
    print(f"{args.rooms} rooms x 5 clients, {args.warmup:g} s warm-up, {args.seconds:g} s "
          f"measured, paced at {args.paced_rate:g} moves/s, a night of {args.night_play:g} s "
          f"play (a move every {args.night_pace:g} s a room) and {args.night_idle:g} s pause; "
          f"servers on core {SERVER_CORE}, clients on core {CLIENT_CORE}, "
          f"{args.busy} busy loops, niceness {args.nice}", flush=True)
    busy = busy_loops(args.busy, args.nice)
    try:
        for round_ in range(args.rounds):
            load_before = os.getloadavg()[0]
            order = names[round_ % len(names):] + names[:round_ % len(names)]
            for name in order:
                for mode in modes:
                    started = time.monotonic()
                    try:
                        got = run(name, args, mode)
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
    finally:
        for loop in busy:
            loop.kill()
            loop.wait()

    def median(name: str, mode: str, key: str) -> float:
        got = [result[key] for result in results[name][mode] if key in result]
        return statistics.median(got) if got else float("nan")

    print(f"\nmedians of {args.rounds} interleaved rounds ({time.monotonic() - began:.0f} s; "
          f"load average {min(min(pair) for pair in loads):.1f} to "
          f"{max(max(pair) for pair in loads):.1f}, {os.cpu_count()} cores)")
    header = f"{'':<40}" + "".join(f"{name:>14}" for name in names) + "".join(
        f"{'tictac/' + peer:>22}" for peer in FRAMEWORKS if {"tictac", peer} <= set(names))
    print(header)
    for mode, key, label, shape in FIGURES:
        if mode not in modes:
            continue
        values = {name: median(name, mode, key) for name in names}
        line = f"{label:<40}" + "".join(f"{shape.format(values[name]):>14}" for name in names)
        line += "".join(f"{values['tictac'] / values[peer]:>22.2f}" for peer in FRAMEWORKS
                        if {"tictac", peer} <= set(names))
        print(line)
    if "paced" in modes:
        worst = {name: max((result["p99_ms"] for result in results[name]["paced"]),
                           default=float("nan")) for name in names}
        print(f"{'worst p99 paced of the rounds, ms':<40}"
              + "".join(f"{worst[name]:>14.1f}" for name in names))
        for name in names:
            attribution(name, results[name]["paced"])

if __name__ == "__main__":
    main()
