"""Issue 48: on two processes under load, some hosts were told `not_host` at their `start` and
their rooms never played. The rooms had been made and joined over HTTP long before anyone's
socket opened; the host had turned gone while nobody was connected (and kept host rights), but
the next seat to turn gone handed them to whoever had connected first, a moment before the
host's own socket came. A real table: the host who made the room taps Start and is told only
the host may start. Here each step of that order is held on an event, for rooms made on both
nodes at once and played through the other one (relayed)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from scripted import Player, start
from serverproc import ServerProcess

from cluster import LASTING, Services, post
from conftest import start_nodes

pytestmark = pytest.mark.timeout(300)

GAME = "timos-twist"
# Rooms made on each node: however their making interleaves, no node is ever `SLACK` rooms
# above its fair share, so none moves (a move would close the sockets the test holds).
ROOMS_PER_NODE = 3


@pytest.fixture(scope="module")
def nodes(services: Services, tmp_path_factory: pytest.TempPathFactory,
          ) -> Iterator[list[ServerProcess]]:
    # a short grace: the test waits for seats to turn gone
    started = start_nodes(services, tmp_path_factory.mktemp("host-rights"), 2,
                          "--gone-after-s", "1")
    yield started
    for node in started:
        node.stop()


async def until_room(player: Player, holds: Callable[[dict[str, Any]], bool],
                     ) -> dict[str, Any]:
    """The first `room` message `player` hears in which `holds` is true."""
    while not holds(room := (await player.until("room", timeout=60))["room"]):
        pass
    return room


def gone(*seats: int) -> Callable[[dict[str, Any]], bool]:
    return lambda room: all(seat < len(room["seats"]) and room["seats"][seat]["presence"] == "gone"
                            for seat in seats)


async def host_starts(maker: ServerProcess, through: ServerProcess) -> dict[str, Any]:
    """A room made on `maker`, its people joining and connecting through `through`; what its
    host is told after `start`: the room playing, or an error."""
    async with httpx.AsyncClient(timeout=30) as http:
        made = await post(http, maker.base + "/api/rooms",
                          {"game": GAME, "name": "P0", "options": LASTING})
        code = made["code"]

        async def join(name: str, spectator: bool = False) -> Player:
            joined = await post(http, f"{through.base}/api/rooms/{code}/join",
                                {"name": name, "spectator": spectator})
            return Player(through.ws_base, code, joined["token"], joined["seat"], GAME)

        bea = await join("Bea")
        watcher = await (await join("Watcher", spectator=True)).connect()
        await until_room(watcher, gone(0, 1))  # nobody seated was there: the host stays host
        await bea.connect()
        await bea.until("room")
        await join("Cy")
        await until_room(bea, gone(2))  # Cy's grace ran out while Bea was connected
    host = await Player(through.ws_base, code, made["token"], made["seat"], GAME).connect()
    try:
        await host.until("room")
        await start(host)
        while (said := await host.recv(60))["type"] != "error":
            if said["type"] == "room" and said["room"]["status"] == "playing":
                break
        return said
    finally:
        for player in (host, bea, watcher):
            await player.close()


async def test_a_host_gone_while_nobody_was_there_starts_the_game(
        nodes: list[ServerProcess]) -> None:
    first, second = nodes
    told = await asyncio.gather(*(host_starts(maker, through)
                                  for maker, through in [(first, second), (second, first)]
                                  for _ in range(ROOMS_PER_NODE)))
    assert [said["code"] for said in told if said["type"] == "error"] == []
