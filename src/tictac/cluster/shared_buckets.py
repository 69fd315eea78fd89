"""The per-address limits of a cluster, kept in Redis: behind a load balancer one client reaches
every node, and each node's own buckets (`tictac.rooms.buckets`) would give it the budget of
them all together.

A bucket is a Redis hash, `tictac:limit:<limit>:<rate>:<burst>:<address>` (a limit set
otherwise on some node is another bucket): its tokens and when it was last used. One Lua script
refills it and takes a token, so a take is atomic and one round trip, on Redis's clock (the
nodes' clocks need not agree). It expires once it would be full again: a full bucket is the
same as none.

Redis not answering (down, restarting, cut off) must neither refuse every client nor hold
them up: the node's own buckets, which count every request too, answer instead, and Redis is
not asked again for RETRY_S. Both moments are logged.
"""

from __future__ import annotations

import asyncio
import logging

from redis.asyncio import Redis
from redis.exceptions import RedisError

log = logging.getLogger(__name__)
PREFIX = "tictac:limit:"
TIMEOUT_S = 2.0  # longer than any round trip of a Redis that answers, on a busy machine
RETRY_S = 5.0

# KEYS[1]: the bucket; ARGV: tokens gained a second, the burst. Answers the seconds to wait
# (0: a token was taken), as text: Redis would cut a Lua number to an integer.
TAKE = """
local now = redis.call('TIME')
now = tonumber(now[1]) + tonumber(now[2]) / 1e6
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local held = redis.call('HMGET', KEYS[1], 'level', 'last')
local level, last = tonumber(held[1]) or burst, tonumber(held[2]) or now
level = math.min(burst, level + math.max(0, now - last) * rate)
local wait = 0
if level >= 1 then level = level - 1 else wait = (1 - level) / rate end
redis.call('HSET', KEYS[1], 'level', tostring(level), 'last', tostring(math.max(now, last)))
if rate > 0 then redis.call('PEXPIRE', KEYS[1], math.ceil((burst - level) / rate * 1000) + 1000) end
return tostring(wait)
"""


class SharedBuckets:
    def __init__(self, redis: Redis) -> None:
        self._take = redis.register_script(TAKE)
        self._retry_at: float | None = None  # while Redis does not answer: when to ask again

    async def wait(self, limit: str, address: str, rate: float, burst: int,
                   here: float) -> float:
        """The seconds `address` waits under the cluster's bucket of `limit` (0: it goes on,
        a token is taken), or `here`, the node's own answer, while Redis does not answer."""
        now = asyncio.get_running_loop().time()
        if self._retry_at is not None and now < self._retry_at:
            return here
        try:
            answer = await asyncio.wait_for(
                self._take(keys=[f"{PREFIX}{limit}:{rate:g}:{burst}:{address}"],
                           args=[rate, burst]), TIMEOUT_S)
        except (RedisError, OSError, TimeoutError) as failure:
            if self._retry_at is None:
                log.warning("limits: Redis did not answer (%s); each node counts clients "
                            "on its own until it does", failure or type(failure).__name__)
            self._retry_at = now + RETRY_S
            return here
        if self._retry_at is not None:
            log.info("limits: Redis answers again; the limits are the cluster's")
            self._retry_at = None
        return float(answer)
