"""Rooms spread back over the live nodes (node.py `_spread`) with the fewest moves: many rooms
made at once on two of three nodes end a third on each, each moved at most once, the moves no
more than the balance needs. (Each node used to compare its own live count with the others'
older beats, so rooms made at once bounced between nodes: 118 moves for 64 rooms.)"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections import Counter
from collections.abc import Iterator

import pytest
from redis import Redis as RedisClient
from serverproc import ServerProcess

from cluster import Services, made_with_a_client, stay
from conftest import LEASE_MS, start_nodes
from tictac.cluster.leases import OWNER
from tictac.cluster.node import SLACK, SPREAD

pytestmark = pytest.mark.timeout(300)

MADE = (24, 24, 0)  # rooms made on each node, all at once
SETTLED_S = 6 * LEASE_MS / 1000  # no move for this long: spreading is over
PATIENCE_S = 120.0  # generous: the test asserts on counts, never on speed


@pytest.fixture(scope="module")
def nodes(services: Services, tmp_path_factory: pytest.TempPathFactory,
          ) -> Iterator[list[ServerProcess]]:
    started = start_nodes(services, tmp_path_factory.mktemp("spreading"), 3,
                          "--log-level", "info")  # (each spreading tick says what it saw)
    yield started
    for node in started:
        node.stop()


def moves(nodes: list[ServerProcess]) -> Counter[str]:
    found: Counter[str] = Counter()
    for node in nodes:
        assert node.output is not None
        found.update(re.findall(rf"room (\w+): {SPREAD}", node.output.read_text()))
    return found


def owned(services: Services, codes: list[str]) -> Counter[str | None]:
    with RedisClient.from_url(services.redis.url, decode_responses=True) as redis:
        return Counter(redis.get(OWNER + code) for code in codes)


async def test_rooms_made_at_once_spread_with_the_fewest_moves(
        services: Services, nodes: list[ServerProcess]) -> None:
    bases = [node.ws_base for node in nodes]
    made = await asyncio.gather(*(made_with_a_client(node, bases)
                                  for node, count in zip(nodes, MADE, strict=True)
                                  for _ in range(count)))
    codes = [code for code, _ in made]
    staying = [asyncio.create_task(stay(player, bases)) for _, player in made]
    try:
        fair = -(-len(codes) // len(nodes))
        began = last_change = time.monotonic()
        seen = moves(nodes)
        while time.monotonic() - last_change < SETTLED_S:
            assert time.monotonic() - began < PATIENCE_S, f"spreading never ended: {seen}"
            await asyncio.sleep(0.2)
            now = moves(nodes)
            if now != seen:
                seen, last_change = now, time.monotonic()
        counts = owned(services, codes)
        print(f"\n{len(codes)} rooms made {MADE}: {sum(seen.values())} moves, "
              f"owned {sorted(counts.values())}")
        assert None not in counts and len(counts) == len(nodes), counts
        assert max(counts.values()) <= fair + SLACK - 1, counts
        assert max(seen.values()) == 1, seen  # no room moved twice
        assert sum(seen.values()) <= sum(max(0, count - fair) for count in MADE), seen
    finally:
        for task in staying:
            task.cancel()
        await asyncio.gather(*staying, return_exceptions=True)
        for _, player in made:
            with contextlib.suppress(Exception):
                await player.close()
