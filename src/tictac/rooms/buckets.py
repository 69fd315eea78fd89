"""The one rate limit every limit of the server uses: a token bucket, refilled continuously, and
a table of them by key (a client address, a player's place, a room, a replay's requester).

A bucket holds at most `burst` tokens and gains `rate` a second; each request takes one, and a
request that finds less than one is refused and told how long until there is one (the
`Retry-After` of HTTP answers). The caller gives the time (seconds, any steady origin): a room's
clock for the rooms' limits, `time.monotonic()` for the server's. In a cluster the per-address
limits keep the same buckets in Redis (`tictac.cluster.shared_buckets`), with these as the
node's own when Redis does not answer.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

FORGET_AT = 1024  # buckets kept before the full ones are forgotten


class Bucket:
    __slots__ = ("burst", "last", "level", "rate")

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.level = float(burst)
        self.last = now

    def _refill(self, now: float) -> None:
        # `now` may be a moment older than the bucket's last use: never drain it for that
        self.level = min(self.burst, self.level + max(0.0, now - self.last) * self.rate)
        self.last = max(now, self.last)

    def wait(self, now: float) -> float:
        """0 if a token was taken now, else the seconds until there is one."""
        self._refill(now)
        if self.level >= 1:
            self.level -= 1
            return 0.0
        return (1 - self.level) / self.rate if self.rate > 0 else float("inf")

    def take(self, now: float) -> bool:
        return not self.wait(now)

    def full(self, now: float) -> bool:
        self._refill(now)
        return self.level >= self.burst


class Buckets:
    """A bucket per key, made full on first use. A full bucket says nothing a new one would
    not, so full ones are dropped whenever the table outgrows FORGET_AT (or twice what it kept
    last time): it stays as big as the keys recently active."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: dict[Hashable, Bucket] = {}
        self._forget_at = FORGET_AT

    def wait(self, key: Hashable, now: float) -> float:
        """0 if `key` may go on now (a token is taken), else the seconds until it may."""
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self._forget_at:
                self._buckets = {held: bucket for held, bucket in self._buckets.items()
                                 if not bucket.full(now)}
                self._forget_at = max(FORGET_AT, 2 * len(self._buckets))
            bucket = self._buckets[key] = Bucket(self.rate, self.burst, now)
        return bucket.wait(now)

    def take(self, key: Hashable, now: float) -> bool:
        return not self.wait(key, now)

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._buckets)

    def __len__(self) -> int:
        return len(self._buckets)
