"""The bus's supervision of its subscription, on a real Redis: whatever goes wrong in what it
calls when hearing changes, it goes on supervising (a node that stopped resubscribing would be
deaf for good and say nothing)."""

from __future__ import annotations

import asyncio
import time

import pytest
from redis.asyncio import Redis

from cluster import Services
from tictac.cluster.bus import Bus

pytestmark = pytest.mark.timeout(120)
PATIENCE_S = 60.0


async def until(condition: asyncio.Event, hearing: bool) -> None:
    deadline = time.monotonic() + PATIENCE_S
    while condition.is_set() != hearing:
        assert time.monotonic() < deadline, f"the bus did not come to hearing={hearing}"
        await asyncio.sleep(0.05)


async def test_a_failing_hearing_callback_does_not_end_the_supervision(
        services: Services) -> None:
    told: list[bool] = []

    def on_hearing(hearing: bool) -> None:
        told.append(hearing)
        raise RuntimeError("a bug in what the node does when hearing changes")

    redis = Redis.from_url(services.redis.url, decode_responses=True)
    bus = Bus(redis, "bus-test", lambda _: None, on_hearing, probe_s=0.2, echo_s=1.0)
    bus.start()
    try:
        await until(bus.hearing, True)
        for _ in range(2):  # deaf while Redis is down, hearing again once it is back
            services.redis.stop()
            await until(bus.hearing, False)
            services.redis.start()
            await until(bus.hearing, True)
    finally:
        await bus.stop()
        await redis.aclose()
    assert told == [True, False, True, False, True]
