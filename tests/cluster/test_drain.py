"""A stopping node's drain (node.py `drain`) hands on the rooms its clients play in, and only
those: a room nobody is connected to (a game over, kept until it expires) is released, and
restored by the first node a client asks for it. Handed, each was restored at once by its new
owner: in a long chaos run hundreds of finished games, while the rooms being played waited for
that node's event loop (the rolling upgrade's stall of 1 to 3 s)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

import httpx
import pytest
from redis import Redis as RedisClient
from serverproc import PATIENCE_S

from cluster import Services, made_with_a_client, post, stay
from conftest import start_nodes
from tictac.cluster.leases import OWNER

pytestmark = pytest.mark.timeout(300)


def owner(services: Services, code: str) -> str | None:
    with RedisClient.from_url(services.redis.url, decode_responses=True) as redis:
        found = redis.get(OWNER + code)
    return None if found is None else str(found)


async def test_a_stopping_node_hands_on_the_rooms_played_and_releases_the_idle_ones(
        services: Services, tmp_path: Path) -> None:
    stopping, staying = start_nodes(services, tmp_path, 2, "--log-level", "info")
    played_code, player = await made_with_a_client(stopping, [])
    playing = asyncio.create_task(stay(player, [staying.ws_base]))
    try:
        async with httpx.AsyncClient(timeout=30) as http:  # made there, nobody connected
            idle_code = (await post(http, stopping.base + "/api/rooms",
                                    {"game": "time-bomb", "name": "P0"}))["code"]
        assert staying.process is not None and stopping.process is not None
        theirs = f".{staying.process.pid}."
        mine = f".{stopping.process.pid}."
        assert mine in str(owner(services, played_code)) and \
            mine in str(owner(services, idle_code))

        stopping.stop()  # SIGTERM: drained, then ended
        assert stopping.process.poll() is not None
        deadline = time.monotonic() + PATIENCE_S
        while theirs not in str(owner(services, played_code)):
            assert time.monotonic() < deadline, "the played room was never taken"
            await asyncio.sleep(0.05)
        assert owner(services, idle_code) is None  # released: before, handed (and restored)
        assert staying.output is not None
        assert f"room {idle_code} restored here" not in staying.output.read_text()

        async with httpx.AsyncClient(timeout=30) as http:  # restored when asked for
            summary = await http.get(f"{staying.base}/api/rooms/{idle_code}")
        assert summary.status_code == 200, summary.text
        assert theirs in str(owner(services, idle_code))
    finally:
        playing.cancel()
        await asyncio.gather(playing, return_exceptions=True)
        with contextlib.suppress(Exception):
            await player.close()
        for node in (stopping, staying):
            node.stop()
