"""Failover: a node owning every room of the bench (20 by default, 5 seats of Timo's Twist each)
is killed with SIGKILL while they play, and every room is asked for an action again through a
surviving node at once, as a client whose socket closed does; the time from the kill to each
room's acknowledgement is the room's failover (docs/deploy.md gives the budget it is made of).

    uv run --group dev python bench/failover.py [--rooms 20] [--rounds 3]

Two single-process nodes on PostgreSQL and Redis (started here from Debian's packages) with
the default lease (for a loaded machine, run busy loops beside: `python3 -c 'while True:
pass' &`).
Prints each round's median and max, and the median and max over every room of every round.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import uvloop
from websockets.asyncio.client import connect

from cluster_load import act_again, first_view, load
from server_load import SEATS, TICTAC, free_port, wait_listening
from tictac.cluster.services import Postgres, available
from tictac.cluster.services import Redis as RedisServer

LEASE_MS = 3000  # the default


def node(port: int, postgres: str, redis: str) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [TICTAC, "serve", "--port", str(port), "--db", postgres, "--redis", redis,
         "--lease-ms", str(LEASE_MS), "--bot-pause-ms", "0", "--rate", "1000",
         "--log-level", "warning", "--create-burst", "100000", "--join-burst", "100000"],
        stdout=subprocess.DEVNULL)
    wait_listening(port, process)
    return process


async def tables(port: int, rooms: int) -> dict[str, list[str]]:
    """`rooms` rooms made on the node of `port`, every seat taken: code -> seat tokens."""
    made: dict[str, list[str]] = {}
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
        for _ in range(rooms):
            room = (await http.post("/api/rooms", json={"game": "timos-twist", "name": "P0",
                    "options": {"target_score": 10000, "timo_grace_ms": 0}})).json()
            made[room["code"]] = [room["token"]]
            for seat in range(1, SEATS):
                joined = await http.post(f"/api/rooms/{room['code']}/join",
                                         json={"name": f"P{seat}"})
                made[room["code"]].append(joined.json()["token"])
    for code, tokens in made.items():  # the host starts each game
        async with connect(f"ws://127.0.0.1:{port}/ws/{code}", ping_interval=None) as host:
            await host.send(json.dumps({"type": "hello", "token": tokens[0]}))
            await host.send(json.dumps({"type": "lobby", "op": "start"}))
            await first_view(host)  # the game's first view: it has begun
    return made


async def play(port: int, code: str, tokens: list[str]) -> None:
    while True:
        await act_again(port, code, tokens)


async def one_round(postgres: str, redis: str, rooms: int) -> list[float]:
    """Seconds from the kill to each room's acknowledgement through the surviving node."""
    victim_port, other_port = free_port(), free_port()
    victim = node(victim_port, postgres, redis)
    other = node(other_port, postgres, redis)
    try:
        made = await tables(victim_port, rooms)
        playing = [asyncio.create_task(play(victim_port, code, tokens))
                   for code, tokens in made.items()]
        await asyncio.sleep(3)
        victim.kill()
        killed = time.perf_counter()
        for task in playing:
            task.cancel()
        acted = await asyncio.wait_for(asyncio.gather(
            *(act_again(other_port, code, tokens) for code, tokens in made.items())), 120)
        return sorted(moment - killed for moment in acted)
    finally:
        for process in (victim, other):
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGTERM)
            process.wait(30)


def summary(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    return f"median {ordered[len(ordered) // 2]:.2f} s, max {ordered[-1]:.2f} s"


async def main(args: argparse.Namespace) -> None:
    missing = available()
    if missing is not None:
        sys.exit(f"failover: {missing}")
    postgres = Postgres().init().start().create_database()
    every: list[float] = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            redis = RedisServer(Path(tmp)).start()
            try:
                print(f"{args.rooms} rooms on the killed node, lease {LEASE_MS} ms, "
                      f"{os.cpu_count()} cores, load average {load()}")
                for round_ in range(1, args.rounds + 1):
                    seconds = await one_round(postgres.url, redis.url, args.rooms)
                    every += seconds
                    print(f"round {round_}: {summary(seconds)}; load average {load()}")
            finally:
                redis.stop()
    finally:
        postgres.remove()
    print(f"every room of {args.rounds} rounds: {summary(every)} (goal: max < 5 s)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    uvloop.run(main(parser.parse_args()))
