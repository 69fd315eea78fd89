"""Cluster load: the load of `server_load.py` (200 rooms x 5 clients playing Timo's Twist) against
`tictac serve` as a cluster on PostgreSQL and Redis (both started here from Debian's packages, on
loopback ports), with one process and with two (`--workers 2`: the supervisor hands each
connection to the worker owning its room), in turn for a few rounds since runs on a shared
2-core machine vary. Then two processes paced at one process's flat-out rate, and after that
run the failover: one of the two workers is killed with SIGKILL and every room it owned is
asked for an action again, through the shared port, until each is acknowledged.

    uv run --group dev python bench/cluster_load.py [--rooms 200] [--seconds 8] [--rounds 3]
    uv run --group dev python bench/cluster_load.py --pace 65 --rooms 64 [--rounds 3]

`--pace RATE` measures at a realistic pace instead of flat out: the rooms together offer RATE
actions/s (each client thinks rooms/RATE s on average), to one process on SQLite, the cluster
of one process and the cluster of two (`--workers 2`) on PostgreSQL and Redis, in turn; it
prints the server processes' CPU per action and memory per room of each (PostgreSQL's and
Redis's own CPU not counted), the medians of the rounds, and the cluster's ratios to SQLite.

Prints actions/s, p50/p99 and server CPU per action for each run, with the CPU per action of
the servers, the load's clients and PostgreSQL with Redis, which share the machine's cores (so
that a run says how many actions/s those cores allow at all), the ratio of the medians, the
two processes' p99 when paced at one process's median flat-out rate, the failover time from the
kill to the last of the dead node's rooms acting again, and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import uvloop
from redis.asyncio import Redis
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

import server_load
from server_load import Client, Run, Settle, cpu_s, family, game_run, load_parser, report
from tictac.cluster.services import Postgres, available
from tictac.cluster.services import Redis as RedisServer

LEASE_MS = 3000  # the default


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


async def first_view(ws: ClientConnection) -> dict[str, object]:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if message["type"] == "view":
            view: dict[str, object] = message["view"]
            return view


async def act_again(port: int, code: str, tokens: list[str]) -> float:
    """When the room next acknowledged an action: the seat to act, found through the host's
    view, plays its first legal move; any failure (the room is being taken over) is retried."""
    url = f"ws://127.0.0.1:{port}/ws/{code}"
    while True:
        try:
            async with connect(url, ping_interval=None) as host:
                await host.send(json.dumps({"type": "hello", "token": tokens[0]}))
                to_act = (await first_view(host))["to_act"]
            seat = to_act[0] if isinstance(to_act, list) and to_act else 0
            async with connect(url, ping_interval=None) as ws:
                await ws.send(json.dumps({"type": "hello", "token": tokens[seat]}))
                legal = (await first_view(ws))["legal"]
                assert isinstance(legal, list) and legal
                await ws.send(json.dumps({"type": "action", "action": legal[0], "id": 1}))
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if message["type"] == "ack":
                        return time.perf_counter()
                    if message["type"] == "error":
                        break
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
            pass
        await asyncio.sleep(0.05)


def failover(redis_url: str, found: dict[str, float]):  # type: ignore[no-untyped-def]
    async def kill_one(process: subprocess.Popen[bytes], port: int,
                       rooms: dict[str, list[str]]) -> None:
        redis = Redis.from_url(redis_url, decode_responses=True)
        codes = list(rooms)
        owners = await redis.mget([f"tictac:owner:{code}" for code in codes])
        await redis.aclose()
        # The victim: the worker owning the most rooms (a node's id is host.pid.random).
        node = Counter(owner for owner in owners if owner).most_common(1)[0][0]
        victim = int(node.split(".")[-2])
        assert victim in family(process.pid)
        dead = [code for code, owner in zip(codes, owners, strict=True) if owner == node]
        os.kill(victim, signal.SIGKILL)
        killed = time.perf_counter()
        acted = await asyncio.gather(*(act_again(port, code, rooms[code]) for code in dead))
        found.update(rooms=len(dead), seconds=max(acted) - killed if acted else float("nan"),
                     median=sorted(acted)[len(acted) // 2] - killed if acted else float("nan"))

    return kill_one


def settled(redis_url: str) -> Settle:
    """Waits until no room has changed owner for two leases (rooms spread over the nodes as
    they are made: measured meanwhile, a run would count the moves)."""
    async def settle(codes: list[str]) -> None:
        redis = Redis.from_url(redis_url, decode_responses=True)
        keys = [f"tictac:owner:{code}" for code in codes]
        started, moves = time.perf_counter(), -1
        try:
            owners = None
            while owners != (owners := await redis.mget(keys)):
                moves += 1
                await asyncio.sleep(2 * LEASE_MS / 1000)
        finally:
            await redis.aclose()
        nodes = Counter(owners)
        print(f"  settled in {time.perf_counter() - started:.1f} s ({moves} looks saw moves); "
              f"rooms per node {sorted(nodes.values())}")

    return settle


def with_services_cpu(postgres: Postgres, redis: RedisServer) -> None:
    """server_load's measure, also taking the CPU PostgreSQL (its postmaster and backends) and
    Redis spend: on a 2-core machine they, the load's clients and the servers share the same
    two cores, so what they take is what two processes cannot have."""
    measure = server_load.measure

    async def measured(clients: list[Client], run: Run, warmup: float, seconds: float,
                       pid: int, rss_before: int, rooms: int) -> dict[str, float]:
        assert redis.process is not None
        pids = [int((postgres.data / "postmaster.pid").read_text().split()[0]),
                redis.process.pid]
        started, before = time.perf_counter(), sum(cpu_s(pid) for pid in pids)
        result = await measure(clients, run, warmup, seconds, pid, rss_before, rooms)
        # over the warm-up and the measured window, the same steady load
        result["services_cpu"] = (sum(cpu_s(pid) for pid in pids) - before) / (
            time.perf_counter() - started)
        return result

    server_load.measure = measured  # game_run calls it by its module's name


def cpu_line(run: dict[str, float]) -> str:
    """CPU per action of the servers, the clients, PostgreSQL with Redis, and the actions/s the
    machine's cores could give were they all spent at those costs."""
    costs = [1000 * run[key] / run["actions_per_s"]
             for key in ("server_cpu", "client_cpu", "services_cpu")]
    return (f"CPU ms/action: servers {costs[0]:.2f}, clients {costs[1]:.2f}, PostgreSQL and "
            f"Redis {costs[2]:.2f}: {os.cpu_count()} cores allow at most "
            f"{1000 * (os.cpu_count() or 1) / sum(costs):.0f} actions/s")


def per_action_ms(run: dict[str, float]) -> float:
    """Server CPU per action: what the processes spent, whatever their number."""
    return 1000 * run["server_cpu"] / run["actions_per_s"]


def median_run(runs: list[dict[str, float]]) -> dict[str, float]:
    return sorted(runs, key=lambda run: run["actions_per_s"])[len(runs) // 2]


async def pace_side_by_side(args: argparse.Namespace, postgres: Postgres,
                            redis: RedisServer) -> None:
    think_s = args.rooms / args.pace
    setups: dict[str, tuple[str, ...]] = {"1 process, SQLite": (),
              "cluster, 1 process": ("--db", postgres.url, "--redis", redis.url),
              "cluster, 2 processes": ("--db", postgres.url, "--redis", redis.url,
                                       "--workers", "2")}
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in setups}
    for round_ in range(1, args.rounds + 1):  # interleaved: drift hits each alike
        for name, serve in setups.items():
            settle = settled(redis.url) if serve else None
            runs[name].append(await game_run(args, False, think_s, serve=serve, settle=settle))
            report(f"{name}, round {round_}", runs[name][-1])
    cpu = {name: statistics.median(per_action_ms(run) for run in found)
           for name, found in runs.items()}
    memory = {name: statistics.median(run["kib_per_room"] for run in found)
              for name, found in runs.items()}
    lone = "1 process, SQLite"
    print(f"paced at {args.pace:g} actions/s over {args.rooms} rooms, medians of {args.rounds} "
          f"rounds; load average {load()}")
    for name in setups:
        print(f"  {name:<22} {cpu[name]:.2f} ms CPU/action ({cpu[name] / cpu[lone]:.1f}x), "
              f"{memory[name]:.0f} KiB/room ({memory[name] / memory[lone]:.1f}x)")
    print("  goals: the cluster <= 2x one process's CPU per action, <= 1.5x its memory per room")


async def main(args: argparse.Namespace) -> None:
    missing = available()
    if missing is not None:
        sys.exit(f"cluster_load: {missing}")
    if args.pace:
        postgres = Postgres().init().start().create_database()
        with tempfile.TemporaryDirectory() as tmp:
            redis = RedisServer(Path(tmp)).start()
            try:
                await pace_side_by_side(args, postgres, redis)
            finally:
                redis.stop()
                postgres.remove()
        return
    print(f"{args.rooms} rooms x 5 clients, {args.warmup:g} s warm-up, {args.seconds:g} s "
          f"measured per run, {os.cpu_count()} cores; load average before: {load()}")
    postgres = Postgres().init().start().create_database()
    with tempfile.TemporaryDirectory() as tmp:
        redis = RedisServer(Path(tmp)).start()
        with_services_cpu(postgres, redis)
        try:
            def cluster(workers: int) -> tuple[str, ...]:
                # the later --db wins over server_load's SQLite file
                return ("--db", postgres.url, "--redis", redis.url, "--workers", str(workers))

            ones, twos = [], []
            for round_ in range(1, args.rounds + 1):  # interleaved: drift hits both alike
                ones.append(await game_run(args, False, serve=cluster(1)))
                report(f"1 process, round {round_}", ones[-1])
                print(f"  {cpu_line(ones[-1])}")
                twos.append(await game_run(args, False, serve=cluster(2)))
                report(f"2 processes, round {round_}", twos[-1])
                print(f"  {cpu_line(twos[-1])}")
                print(f"  ratio {twos[-1]['actions_per_s'] / ones[-1]['actions_per_s']:.2f}x; "
                      f"server CPU per action {per_action_ms(ones[-1]):.2f} and "
                      f"{per_action_ms(twos[-1]):.2f} ms; load average {load()}")
            one, two = median_run(ones), median_run(twos)
            found: dict[str, float] = {}
            paced = await game_run(args, False, args.rooms / one["actions_per_s"],
                                   serve=cluster(2), then=failover(redis.url, found))
            report(f"2 processes, {one['actions_per_s']:.0f}/s", paced)
            print(f"  load average: {load()}")
        finally:
            redis.stop()
            postgres.remove()
    print(f"2 processes / 1 process, medians of {args.rounds} rounds: "
          f"{two['actions_per_s']:.0f} / {one['actions_per_s']:.0f} = "
          f"{two['actions_per_s'] / one['actions_per_s']:.2f}x actions/s (goal 1.6x)")
    print(f"p99 of 2 processes paced at 1 process's saturation rate "
          f"({one['actions_per_s']:.0f} actions/s): {paced['p99_ms']:.1f} ms (goal < 50 ms)")
    print(f"failover: {found['rooms']:.0f} rooms of the killed worker acting again "
          f"{found['seconds']:.2f} s after SIGKILL (median room {found['median']:.2f} s; "
          f"lease {LEASE_MS} ms; goal < 5 s)")


if __name__ == "__main__":
    parser = load_parser(__doc__)
    parser.add_argument("--rounds", type=int, default=3,
                        help="1-process and 2-process runs, taken in turn; medians compared")
    parser.add_argument("--pace", type=float, default=0.0,
                        help="actions/s the rooms offer together: the paced comparison alone")
    uvloop.run(main(parser.parse_args()))
