"""The cluster's per-address buckets on a real Redis (issue 21, item 5): the same arithmetic as a
node's own buckets (tictac.rooms.buckets), a bucket that expires once it would be full again,
and the node's own answer, logged, when Redis does not answer."""

from __future__ import annotations

import logging

import pytest
from redis.asyncio import Redis
from serverproc import free_port

from cluster import Services
from tictac.cluster.shared_buckets import PREFIX, SharedBuckets


async def test_a_shared_bucket_takes_its_burst_then_says_how_long_to_wait(
        services: Services) -> None:
    redis = Redis.from_url(services.redis.url, decode_responses=True)
    try:
        shared = SharedBuckets(redis)
        rate, burst = 1 / 60, 3  # a minute per token
        waits = [await shared.wait("join", "10.21.9.1", rate, burst, here=-1.0)
                 for _ in range(burst + 1)]
        assert waits[:burst] == [0.0] * burst
        assert 59 < waits[-1] <= 60
        # Kept no longer than it takes to fill up again: three minutes.
        ttl = await redis.pttl(f"{PREFIX}join:{rate:g}:{burst}:10.21.9.1")
        assert 170_000 < ttl <= 181_000
        # Another address, or the same limit set otherwise, is another bucket.
        assert await shared.wait("join", "10.21.9.2", rate, burst, here=-1.0) == 0.0
        assert await shared.wait("join", "10.21.9.1", rate, burst + 1, here=-1.0) == 0.0
    finally:
        await redis.aclose()


async def test_without_redis_the_nodes_own_answer_stands_and_is_logged(
        caplog: pytest.LogCaptureFixture) -> None:
    redis = Redis(port=free_port(), socket_connect_timeout=2)  # nobody listens there
    try:
        shared = SharedBuckets(redis)
        with caplog.at_level(logging.WARNING, "tictac.cluster.shared_buckets"):
            assert await shared.wait("create", "10.21.9.3", 1.0, 1, here=0.0) == 0.0
            assert await shared.wait("create", "10.21.9.3", 1.0, 1, here=7.5) == 7.5
        warned = [record for record in caplog.records if "did not answer" in record.message]
        assert len(warned) == 1  # once per outage, not once per request
    finally:
        await redis.aclose()
