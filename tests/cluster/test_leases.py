"""The room leases' Lua scripts (cluster/leases.py) against a real `redis-server` on a loopback
port of the test's own, each guard by name: ACQUIRE takes a free room, keeps its own, leaves a
live owner's and takes a dead owner's; TAKE takes the room from the node seen dead only, not
from one it passed to meanwhile; RELEASE frees the node's own room only. And the alive key a
beat sets lives `lease_ms`."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from redis.asyncio import Redis as Client

from tictac.cluster.leases import OWNER, Leases
from tictac.cluster.services import Redis, available

LEASE_MS = 60_000  # long: no key runs out while a test looks at it


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Redis]:
    if available() is not None:
        pytest.fail(f"these tests need {available()}; ./scripts/test installs it")
    started = Redis(tmp_path_factory.mktemp("redis")).start()
    yield started
    started.stop()


@pytest.fixture
async def redis(server: Redis) -> AsyncIterator[Client]:
    client = Client.from_url(server.url, decode_responses=True)
    await client.flushdb()
    yield client
    await client.aclose()


def leases(redis: Client, node: str) -> Leases:
    return Leases(redis, node, LEASE_MS)


async def owner(redis: Client, code: str) -> str | None:
    found: str | None = await redis.get(OWNER + code)
    return found


async def test_acquire_takes_a_free_room(redis: Client) -> None:
    assert await leases(redis, "a").acquire("ROOM1") == "a"
    assert await owner(redis, "ROOM1") == "a"


async def test_acquire_keeps_the_nodes_own_room(redis: Client) -> None:
    a = leases(redis, "a")
    await a.beat()
    await a.acquire("ROOM1")
    assert await a.acquire("ROOM1") == "a"


async def test_acquire_leaves_a_live_owners_room(redis: Client) -> None:
    a, b = leases(redis, "a"), leases(redis, "b")
    await a.beat()
    await a.acquire("ROOM1")
    assert await b.acquire("ROOM1") == "a"
    assert await owner(redis, "ROOM1") == "a"


async def test_acquire_takes_a_dead_owners_room(redis: Client) -> None:
    a, b = leases(redis, "a"), leases(redis, "b")
    await a.beat()
    await a.acquire("ROOM1")
    await a.leave()  # its alive key is gone: as after lease_ms without a beat
    assert await b.acquire("ROOM1") == "b"
    assert await owner(redis, "ROOM1") == "b"


async def test_take_takes_the_room_from_the_node_seen_dead(redis: Client) -> None:
    a, b = leases(redis, "a"), leases(redis, "b")
    await a.beat()
    await a.acquire("ROOM1")
    assert await b.take("ROOM1", "a") == "b"  # seen dead sooner than its key runs out
    assert await owner(redis, "ROOM1") == "b"


async def test_take_leaves_a_room_that_changed_hands_meanwhile(redis: Client) -> None:
    b, c = leases(redis, "b"), leases(redis, "c")
    await c.acquire("ROOM1")  # c took it from the dead node first
    assert await b.take("ROOM1", "a") == "c"
    assert await owner(redis, "ROOM1") == "c"


async def test_take_takes_a_room_nobody_owns(redis: Client) -> None:
    assert await leases(redis, "b").take("ROOM1", "a") == "b"


async def test_release_frees_the_nodes_own_room(redis: Client) -> None:
    a = leases(redis, "a")
    await a.acquire("ROOM1")
    await a.release("ROOM1")
    assert await owner(redis, "ROOM1") is None


async def test_release_leaves_another_nodes_room(redis: Client) -> None:
    a, b = leases(redis, "a"), leases(redis, "b")
    await b.acquire("ROOM1")
    await a.release("ROOM1")
    assert await owner(redis, "ROOM1") == "b"


async def test_a_beat_keeps_the_node_alive_for_a_lease(redis: Client) -> None:
    a = leases(redis, "a")
    assert await a.left_ms("a") == 0
    await a.beat()
    assert 0 < await a.left_ms("a") <= LEASE_MS
    await a.leave()
    assert await a.left_ms("a") == 0

