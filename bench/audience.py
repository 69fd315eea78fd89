"""An audience's cost (issue 25, item 4): one Time Bomb room of four connected players, a TV and
200 audience sockets against `tictac serve` in its own process, over real sockets. Measures,
per vote and per arrival, the server's CPU and the messages and bytes it sends (as its clients
receive them), against a baseline: a player's claim, which every one of the room's sockets
hears (what a vote would cost if it were told to everyone).

    uv run python bench/audience.py [--audience 200] [--rounds 5]

Bounded: `--audience` sockets (at most 500, the room's audience cap), `--rounds` votes each
(one a second, under the vote bucket's 2 a second), four claims a player (the game's limit is
five a round); the whole run takes about `rounds` + 15 seconds. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import uvloop

from server_load import TICTAC, connect_all, cpu_s, free_port, stop, wait_listening
from ws_client import Client, OnText

PLAYERS = 4
CLAIMS = 4  # each player's, the baseline
TALLY_S = 1.0  # the room's TALLY_MS: the counts reach the TV within this


@dataclass
class Heard:
    """What one group of sockets received."""

    messages: int = 0
    bytes: int = 0

    def on_text(self, client: Client, text: str) -> None:
        self.messages += 1
        self.bytes += len(text.encode())


@dataclass
class Latest:
    """A socket's latest view, and the messages it was answered with so far."""

    view: dict[str, Any] | None = None
    ballot: str | None = None
    answers: int = 0


def listener(heard: Heard, latest: Latest) -> OnText:
    def on_text(client: Client, text: str) -> None:
        heard.on_text(client, text)
        message = json.loads(text)
        if message["type"] == "view":
            latest.view = message["view"]
        elif message["type"] == "audience":
            latest.answers += 1
            ballot = message["audience"]["ballot"]
            latest.ballot = ballot and ballot["key"]
    return on_text


def new_view(seen: Latest, old: dict[str, Any]) -> Callable[[], bool]:
    return lambda: seen.view is not old


def totals(groups: dict[str, Heard]) -> tuple[int, int]:
    return (sum(group.messages for group in groups.values()),
            sum(group.bytes for group in groups.values()))


async def until(check: Callable[[], object], limit_s: float = 60.0) -> None:
    deadline = time.monotonic() + limit_s
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError("the server did not answer in time")
        await asyncio.sleep(0.02)


async def run(args: argparse.Namespace) -> None:
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        process = subprocess.Popen(
            [TICTAC, "serve", "--port", str(port), "--db", f"{tmp}/bench.sqlite3",
             "--rate", "1000", "--log-level", "warning", "--join-burst", "100000"],
            stdout=subprocess.DEVNULL)
        try:
            wait_listening(port, process)
            await measure(args, port, process.pid)
        finally:
            stop(process)


async def measure(args: argparse.Namespace, port: int, pid: int) -> None:
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        made = (await http.post("/api/rooms", json={"game": "time-bomb", "name": "P0"})).json()
        code = made["code"]
        players = [made["token"]] + [
            (await http.post(f"/api/rooms/{code}/join", json={"name": f"P{n}"})).json()["token"]
            for n in range(1, PLAYERS)]
        tv = (await http.post(f"/api/rooms/{code}/join",
                              json={"name": "TV", "spectator": True, "tv": True})).json()
        fans = [(await http.post(f"/api/rooms/{code}/join",
                                 json={"name": f"Fan {n}", "spectator": True})).json()["token"]
                for n in range(args.audience)]
    groups = {"players": Heard(), "tv": Heard(), "audience": Heard()}
    url = f"ws://127.0.0.1:{port}/ws/{code}"
    player_seen = [Latest() for _ in players]
    tv_seen = Latest()
    fan_seen = [Latest() for _ in fans]
    seated = await connect_all([url] * PLAYERS, [listener(groups["players"], seen)
                                                 for seen in player_seen], False, list(players))
    screen = (await connect_all([url], [listener(groups["tv"], tv_seen)], False,
                                [tv["token"]]))[0]
    seated[0].send('{"type":"lobby","op":"start"}')
    await until(lambda: all(seen.view for seen in player_seen))
    await asyncio.sleep(TALLY_S)

    # The audience arrives mid-game.
    before_cpu, before = cpu_s(pid), totals(groups)
    audience = await connect_all([url] * len(fans), [listener(groups["audience"], seen)
                                                     for seen in fan_seen], False, list(fans))
    await until(lambda: all(seen.answers for seen in fan_seen))
    await asyncio.sleep(TALLY_S * 1.5)
    arrivals = (cpu_s(pid) - before_cpu, *(a - b for a, b in zip(totals(groups), before,
                                                                  strict=True)))

    # Votes: each member once a second, `rounds` times, spread over each second.
    before_cpu, before = cpu_s(pid), totals(groups)
    tv_before = groups["tv"].messages
    answered = [seen.answers for seen in fan_seen]
    for round_ in range(args.rounds):
        started = time.monotonic()
        for number, (fan, seen) in enumerate(zip(audience, fan_seen, strict=True)):
            fan.send(json.dumps({"type": "vote", "ballot": seen.ballot,
                                 "choice": (number + round_) % PLAYERS}))
            await asyncio.sleep(max(0.0, started + (number + 1) / len(audience)
                                    - time.monotonic()))
    await until(lambda: all(seen.answers >= count + args.rounds
                            for seen, count in zip(fan_seen, answered, strict=True)))
    await asyncio.sleep(TALLY_S * 1.5)
    votes = args.rounds * len(audience)
    voting = (cpu_s(pid) - before_cpu, *(a - b for a, b in zip(totals(groups), before,
                                                                strict=True)))
    tallies = groups["tv"].messages - tv_before

    # The baseline: claims, which every socket of the room hears.
    before_cpu, before = cpu_s(pid), totals(groups)
    made_claims = 0
    for _ in range(CLAIMS):
        for client, seen in zip(seated, player_seen, strict=True):
            view = seen.view or {}
            claims = [action for action in view.get("legal", []) if action["type"] == "claim"]
            if not claims:
                continue
            client.send(json.dumps({"type": "action", "action": claims[0]}))
            made_claims += 1
            await until(new_view(seen, view))
    await asyncio.sleep(0.5)
    claiming = (cpu_s(pid) - before_cpu, *(a - b for a, b in zip(totals(groups), before,
                                                                  strict=True)))
    for client in [*seated, screen, *audience]:
        client.close()

    sockets = PLAYERS + 1 + len(audience)
    print(f"Time Bomb: {PLAYERS} players, a TV and {len(audience)} audience sockets "
          f"({sockets} in all), {os.cpu_count()} cores")
    for name, (cpu, messages, size), count in (
            ("an arrival", arrivals, len(audience)), ("a vote", voting, votes),
            ("baseline, a claim", claiming, made_claims)):
        print(f"  {name:18} x{count:5}: server CPU {1000 * cpu / count:6.3f} ms, "
              f"{messages / count:7.2f} messages, {size / count:9.0f} bytes sent, each")
    print(f"  the TV heard {tallies} tallies for {votes} votes over {args.rounds} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--audience", type=int, default=200, choices=range(1, 501),
                        metavar="1..500")
    parser.add_argument("--rounds", type=int, default=5, choices=range(1, 31), metavar="1..30")
    uvloop.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
