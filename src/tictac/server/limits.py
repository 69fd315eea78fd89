"""Per-connection rate limit: a token bucket, refilled continuously."""

from __future__ import annotations

import time


class TokenBucket:
    __slots__ = ("burst", "last", "level", "rate")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.level = float(burst)
        self.last = time.monotonic()

    def take(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.level = min(self.burst, self.level + (now - self.last) * self.rate)
        self.last = now
        if self.level < 1:
            return False
        self.level -= 1
        return True
