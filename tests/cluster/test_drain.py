"""A stopping node's drain (node.py `drain`) hands on the rooms its clients play in, and only
those: a room nobody is connected to (a game over, kept until it expires) is released, and
restored by the first node a client asks for it. Handed, each was restored at once by its new
owner: in a long chaos run hundreds of finished games, while the rooms being played waited for
that node's event loop (the rolling upgrade's stall of 1 to 3 s)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from pathlib import Path

import httpx
import pytest
import uvicorn
import websockets
from redis import Redis as RedisClient
from serverproc import PATIENCE_S
from websockets.exceptions import ConnectionClosed

from cluster import Services, made_with_a_client, post, stay
from conftest import LEASE_MS, start_nodes
from tictac.cluster.leases import OWNER
from tictac.cluster.services import free_port
from tictac.rooms.room import CLOSE_MOVED
from tictac.server.app import create_app
from tictac.server.settings import ServerSettings

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


async def test_a_stopping_node_sends_a_new_client_on_at_once_rather_than_relay_it(
        services: Services, tmp_path: Path) -> None:
    """A client that reaches a node once its drain has begun (accepted by its machine just as
    it stopped) is closed with 1012 at once, before anything of the room: relayed, it waited
    there until the drain ended and was then closed all the same (1.5 s in a rolling upgrade,
    for a room that had moved off that machine a moment before). Here the draining node is
    served in this test's loop and kept draining (its server not stopped)."""
    [owner] = start_nodes(services, tmp_path, 1)
    app = create_app(ServerSettings(db_url=services.postgres.url,
                                    redis_url=services.redis.url, lease_ms=LEASE_MS))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free_port(),
                                           log_level="warning", lifespan="on"))
    serving = asyncio.create_task(server.serve())
    try:
        code, player = await made_with_a_client(owner, [])  # the room lives on `owner`
        await player.close()
        deadline = time.monotonic() + PATIENCE_S
        while not server.started:
            assert time.monotonic() < deadline and not serving.done(), "never served"
            await asyncio.sleep(0.05)
        await app.state.node.drain()  # no room of its own: it drains and stays draining
        async with websockets.connect(f"ws://127.0.0.1:{server.config.port}/ws/{code}") as ws:
            with contextlib.suppress(ConnectionClosed):  # (refused first, now)
                await ws.send(json.dumps({"type": "hello", "token": player.token}))
            heard: list[dict[str, str]] = []
            with contextlib.suppress(ConnectionClosed):  # read to the close, or to the room
                while not heard or heard[-1]["type"] != "room":  # (relayed: kept open)
                    heard.append(json.loads(await ws.recv()))
        # before: the room, relayed from its owner (and the close only once the drain ended)
        assert [(message["type"], message.get("code")) for message in heard] == \
            [("error", "room_unavailable")]
        assert ws.close_code == CLOSE_MOVED
    finally:
        server.should_exit = True
        await asyncio.wait_for(serving, PATIENCE_S)
        owner.stop()
