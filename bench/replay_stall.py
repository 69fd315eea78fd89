"""How much a replay of a long game holds up the event loop: replays computed inside the loop
(as the server once did) against `rooms.replays.fetch` (checked in the room's task, replayed on
a worker thread with the garbage collector held off, answers cached), side by side in one
process.

    uv run python bench/replay_stall.py [--actions 1500] [--requests 12]

A ticker sleeps 1 ms at a time and records how late it wakes; the figure is its worst lateness
while the replays run, in each mode (and for a second of nothing, the machine's own noise),
and the ratio of the two modes.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from tictac.rooms import Room, RoomManager, RoomSettings, lobby
from tictac.rooms.replays import Source, fetch, replay_steps
from tictac.store import open_store


class Quiet:
    """A connection that drops whatever it is sent."""

    def send(self, text: str) -> None:
        pass

    def close(self, code: int) -> None:
        pass


async def long_game(manager: RoomManager, actions: int) -> tuple[Room, str]:
    """A Timo's Twist room whose bots have played at least `actions` actions: the host sets the
    table up, leaves, and once counted gone a bot plays their seat too."""
    room, (token, _, _) = await manager.create("timos-twist", "Host",
                                              {"target_score": 10_000, "timo_grace_ms": 0})
    host = Quiet()
    await room.call(room.connect, host, token)
    for op, fields in [("add_bot", {"kind": None})] * 3 + [
            ("set_policy", {"policy": "bot", "after_s": 5}), ("start", {})]:
        await room.call(lobby.run_op, room, host, op, fields)
    await room.call(room.disconnect, host)
    while len(room.log) < actions and room.status == "playing":
        await asyncio.sleep(0.05)
    return room, token


async def worst_lateness(work: Callable[[], Awaitable[None]]) -> tuple[float, float]:
    """The ticker's worst and median lateness in ms while `work` runs."""
    late: list[float] = []
    done = False

    async def ticker() -> None:
        while not done:
            before = time.perf_counter()
            await asyncio.sleep(0.001)
            late.append((time.perf_counter() - before - 0.001) * 1000)

    ticking = asyncio.create_task(ticker())
    await asyncio.sleep(0.01)
    await work()
    done = True
    await ticking
    return max(late), statistics.median(late)


async def main(actions: int, requests: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
        manager = RoomManager(store, settings=RoomSettings(bot_pause_ms=0,
                                                           replays_per_min=10 * requests))
        room, token = await long_game(manager, actions)
        played = len(room.log)
        seats = [None, 0, 1, 2, 3]

        async def in_loop() -> None:
            source = Source(room.game_name, room.setup, room.started_ms, list(room.log), [], [])
            for index in range(requests):
                replay_steps(room.game, source, seats[index % len(seats)], True)
                await asyncio.sleep(0)

        async def fetched() -> None:
            for index in range(requests):
                await fetch(room, token, None, seats[index % len(seats)])

        async def idle() -> None:
            await asyncio.sleep(1.0)

        room.autopilot.cancel()  # the bots stop here: replays of a finished game follow
        room.record.status = "finished"
        quiet, quiet_median = await worst_lateness(idle)
        peer, peer_median = await worst_lateness(in_loop)
        ours, ours_median = await worst_lateness(fetched)
        print(f"{requests} replays of a {played}-action Timo's Twist game "
              f"({len(seats)} viewers, so the rest come from the cache)")
        print(f"  nothing running (1 s):      worst tick lateness {quiet:7.1f} ms "
              f"(median {quiet_median:.2f})")
        print(f"  computed in the event loop: worst tick lateness {peer:7.1f} ms "
              f"(median {peer_median:.2f})")
        print(f"  rooms.replays.fetch:        worst tick lateness {ours:7.1f} ms "
              f"(median {ours_median:.2f})")
        print(f"  ratio fetch / in-loop: {ours / peer:.2f}")
        await manager.close()
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=1500)
    parser.add_argument("--requests", type=int, default=12)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.actions, arguments.requests))
