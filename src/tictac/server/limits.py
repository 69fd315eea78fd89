"""Rate limits: a token bucket refilled continuously, one per connection or per client address."""

from __future__ import annotations

import time


class TokenBucket:
    __slots__ = ("burst", "last", "level", "rate")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.level = float(burst)
        self.last = time.monotonic()

    def _refill(self, now: float) -> None:
        # `now` may be a moment older than a new bucket: never drain it for that
        self.level = min(self.burst, self.level + max(0.0, now - self.last) * self.rate)
        self.last = max(now, self.last)

    def take(self, now: float | None = None) -> bool:
        self._refill(time.monotonic() if now is None else now)
        if self.level < 1:
            return False
        self.level -= 1
        return True

    def wait_s(self) -> float:
        """Seconds until the next token (after a refused `take`)."""
        return (1 - self.level) / self.rate if self.rate > 0 else float("inf")

    def full(self, now: float) -> bool:
        self._refill(now)
        return self.level >= self.burst


class PerAddress:
    """One bucket per client address. A full bucket says nothing a new one would not, so full
    ones are dropped now and then: the table stays as big as the addresses recently active."""

    def __init__(self, rate_per_min: float, burst: int) -> None:
        self.rate = rate_per_min / 60
        self.burst = burst
        self.buckets: dict[str, TokenBucket] = {}
        self._prune_at = 1024

    def wait_s(self, address: str) -> float:
        """0 if `address` may go on now (a token is taken), else the seconds until it may."""
        now = time.monotonic()
        if len(self.buckets) >= self._prune_at:
            self.buckets = {key: bucket for key, bucket in self.buckets.items()
                            if not bucket.full(now)}
            self._prune_at = max(1024, 2 * len(self.buckets))
        bucket = self.buckets.get(address)
        if bucket is None:
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst)
        return 0.0 if bucket.take(now) else bucket.wait_s()
