"""How a stopping node's rooms change hands (node.py `drain`, `_hand_on`, `_take`), with every
node served in this test's event loop so that the order of events can be held and read: each
room goes to a node that takes rooms at the moment it is handed, and the node handed rooms
restores them one at a time, in the order it was told of them."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
import uvicorn
from redis.asyncio import Redis
from scripted import Player
from serverproc import PATIENCE_S
from test_drain import owner

from cluster import Front, Services, made_with_a_client
from conftest import LEASE_MS
from tictac.cluster.leases import ALIVE, NodeState
from tictac.cluster.node import Node
from tictac.cluster.services import free_port
from tictac.rooms import Room
from tictac.server.app import App, create_app
from tictac.server.settings import ServerSettings

pytestmark = pytest.mark.timeout(300)


def node_app(services: Services) -> App:
    return create_app(ServerSettings(db_url=services.postgres.url,
                                     redis_url=services.redis.url, lease_ms=LEASE_MS))


@contextlib.asynccontextmanager
async def served(services: Services) -> AsyncIterator[tuple[App, Front]]:
    """A node served over HTTP in this loop."""
    app = node_app(services)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free_port(),
                                           log_level="warning", lifespan="on"))
    serving = asyncio.create_task(server.serve())
    try:
        deadline = time.monotonic() + PATIENCE_S
        while not server.started:
            assert time.monotonic() < deadline and not serving.done(), "never served"
            await asyncio.sleep(0.05)
        yield app, Front(server.config.port)
    finally:
        server.should_exit = True
        await asyncio.wait_for(serving, PATIENCE_S)


@contextlib.asynccontextmanager
async def joined(services: Services) -> AsyncIterator[App]:
    """A node of the cluster without a socket of its own: it takes rooms handed to it."""
    app = node_app(services)
    async with app.router.lifespan_context(app):
        yield app


async def until(condition: Callable[[], Awaitable[bool]], what: str) -> None:
    deadline = time.monotonic() + PATIENCE_S
    while not await condition():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.01)


async def played_here(node: Node, entry: Front) -> tuple[str, Player]:
    """A room made on `node` (not over HTTP: the address's limit is the whole suite's), its
    maker connected through `entry` (a room nobody plays in is released at a drain)."""
    room, maker = await node.create("time-bomb", "P0", None)
    player = Player(entry.ws_base, room.code, maker.token, 0, "time-bomb")
    await player.connect()
    await player.until("room")
    return room.code, player


async def test_a_room_goes_to_a_node_taking_rooms_when_it_is_handed_not_when_the_drain_began(
        services: Services) -> None:
    """The stopping node's room is busy (a move under way) as its drain begins; meanwhile the
    node with the fewest rooms begins to stop too (a machine's two workers stop together).
    Before, the live nodes were read once as the drain began, and the room went to that
    stopping node, which released it (restored only at a client's next connection: 6.55 s
    for that room in a rolling upgrade)."""
    async with served(services) as (stopping, entry), joined(services) as stopping_too, \
            joined(services) as staying:
        node, other, taker = stopping.state.node, stopping_too.state.node, staying.state.node
        await taker.create("time-bomb", "P0", None)  # one room there, none on `other`

        async def counted() -> bool:
            states = await node.leases.others()
            return states[taker.id].rooms == 1 and states[other.id].taking
        await until(counted, "the nodes' beats never said their rooms")
        code, player = await made_with_a_client(entry, [])
        await player.until("room")  # (connected: a room nobody plays in is released instead)
        room: Room = stopping.state.manager.rooms[code]
        moving, moved = asyncio.Event(), asyncio.Event()

        async def a_move_under_way() -> None:
            moving.set()
            await moved.wait()

        room.post(a_move_under_way)
        await moving.wait()
        draining = asyncio.create_task(node.drain())

        async def hand_waits() -> bool:  # (the hand is queued behind the move)
            return len(room.inbox._mail) > 0
        await until(hand_waits, "the drain never came to the room")
        await other.drain()  # no room of its own: it stops taking rooms, and says so

        async def other_stops() -> bool:
            return not (await node.leases.others())[other.id].taking
        await until(other_stops, "the other node's beat never said it stops")
        moved.set()
        await asyncio.wait_for(draining, PATIENCE_S)
        assert owner(services, code) == taker.id  # before: `other` (which then released it)
        await player.close()


async def test_rooms_handed_to_a_node_are_restored_one_at_a_time_in_the_order_heard(
        services: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before, each `take` began its restore at once, and the node restored every room handed
    to it side by side on its loop (51 in a rolling upgrade, the last 1.5 s after the SIGTERM):
    their claims and restores interleaved."""
    rooms = 5
    async with served(services) as (stopping, entry), joined(services) as taker:
        events: list[tuple[str, str]] = []
        store, manager = taker.state.manager.store, taker.state.manager
        claim, adopt = store.claim, manager.adopt

        async def claimed(code: str) -> int:
            events.append(("claim", code))
            return await claim(code)

        def adopted(dump: Any) -> Room:
            room = adopt(dump)
            events.append(("restored", room.code))
            return room

        monkeypatch.setattr(store, "claim", claimed)
        monkeypatch.setattr(manager, "adopt", adopted)
        players = [await made_with_a_client(entry, []) for _ in range(rooms)]
        for _, player in players:  # (connected: a room nobody plays in is released instead)
            await player.until("room")
        await stopping.state.node.drain()

        deadline = time.monotonic() + PATIENCE_S
        while sum(kind == "restored" for kind, _ in events) < rooms:
            assert time.monotonic() < deadline, f"not every room was restored: {events}"
            await asyncio.sleep(0.01)
        order = [code for kind, code in events if kind == "claim"]
        assert sorted(order) == sorted(code for code, _ in players)
        # before: the claims and restores interleaved
        assert events == [(kind, code) for code in order for kind in ("claim", "restored")]
        for _, player in players:
            await player.close()


async def test_a_handed_room_whose_restore_fails_leaves_the_others_restored_and_counted(
        services: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first room handed fails to restore, once every `take` is heard. Before, the loop
    that restores them one at a time ended there: the rooms queued after it waited for their
    first client, counted in the node's beats as being taken all along."""
    rooms = 3
    async with served(services) as (stopping, entry), joined(services) as taker_app:
        taker = taker_app.state.node
        acquire = taker.leases.acquire
        failed: list[str] = []

        async def all_heard() -> bool:
            return len(taker._to_restore) == rooms - 1

        async def acquired(code: str) -> str | None:
            if not failed:
                failed.append(code)
                await until(all_heard, "the other rooms were never handed")
                raise ValueError("a restore that fails")
            return await acquire(code)

        monkeypatch.setattr(taker.leases, "acquire", acquired)
        players = [await made_with_a_client(entry, []) for _ in range(rooms)]
        for _, player in players:  # (connected: a room nobody plays in is released instead)
            await player.until("room")
        await stopping.state.node.drain()

        others = {code for code, _ in players} - set(failed)

        async def restored() -> bool:
            return others <= set(taker.manager.rooms) and not taker._restoring
        await until(restored, "the rooms handed after the failed one were never restored")
        assert not taker._taking and not taker._to_restore  # before: the two queued
        for _, player in players:
            await player.close()


async def test_a_drain_hands_its_played_rooms_first_on_one_read_of_the_live_nodes(
        services: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before, every room read the live nodes on its own (a scan of Redis's keys each), and
    the idle rooms were released side by side with the played ones' hands: a worker of 49
    rooms closed its played rooms' clients 0.3 to 0.75 s into its drain."""
    played, idle = 4, 3
    async with served(services) as (stopping, entry), joined(services):
        node = stopping.state.node
        events: list[tuple[str, str]] = []
        others, hand, release = node.leases.others, node.leases.hand, node.leases.release

        async def read() -> Any:
            events.append(("read", ""))
            return await others()

        async def handed(code: str, target: str) -> None:
            events.append(("hand", code))
            await hand(code, target)

        async def released(code: str) -> None:
            events.append(("release", code))
            await release(code)

        players = [await played_here(node, entry) for _ in range(played)]
        idle_codes = [(await node.create("time-bomb", "P0", None))[0].code for _ in range(idle)]
        monkeypatch.setattr(node.leases, "others", read)
        monkeypatch.setattr(node.leases, "hand", handed)
        monkeypatch.setattr(node.leases, "release", released)
        await node.drain()

        # (each room is released again as it closes, handed or not: its first event counts)
        first = [event for index, event in enumerate(events) if event[0] == "read"
                 or event[1] not in {code for _, code in events[:index]}]
        # before: a read for each played room, and the idle rooms released before the hands
        assert [kind for kind, _ in first] == ["read", *["hand"] * played, *["release"] * idle]
        assert {code for kind, code in first if kind == "hand"} == {code for code, _ in players}
        assert {code for kind, code in first if kind == "release"} == set(idle_codes)
        for _, player in players:
            await player.close()


async def test_a_stopping_node_counts_the_rooms_another_stopping_node_hands_on(
        services: Services) -> None:
    """Another node stops at the same moment (a machine's other worker) with 4 rooms; of the
    two nodes taking rooms, one has 4 and the other none. Before, every room went to the one
    with none, as the other stopping node's did: it then restored all of them one after
    another (32 rooms, until 2.28 s after the SIGTERM, in a rolling upgrade) while the other
    took none."""
    played = 4
    async with served(services) as (stopping, entry), joined(services) as fuller, \
            joined(services) as emptier, Redis.from_url(services.redis.url) as redis:
        node, full, empty = stopping.state.node, fuller.state.node, emptier.state.node
        other = f"stopping-too.{secrets.token_hex(3)}"  # (its beat alone: a node as it stops)
        await redis.set(ALIVE + other, NodeState(True, False, played).said(), px=60_000)
        try:
            for _ in range(played):
                await full.create("time-bomb", "P0", None)

            async def counted() -> bool:
                states = await node.leases.others()
                return states[full.id].rooms == played and states[empty.id].rooms == 0
            await until(counted, "the nodes' beats never said their rooms")
            players = [await played_here(node, entry) for _ in range(played)]
            await node.drain()
            owners = [owner(services, code) for code, _ in players]
            # before: all to the node that had none
            assert owners.count(full.id) == owners.count(empty.id) == played // 2
            for _, player in players:
                await player.close()
        finally:
            await redis.delete(ALIVE + other)
