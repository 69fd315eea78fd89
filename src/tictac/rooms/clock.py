"""The room's clock: wall time in ms and one-shot timers. Tests use `FakeClock`."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from typing import Protocol


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now_ms(self) -> int: ...

    def call_at(self, when_ms: int, callback: Callable[[], None]) -> Timer: ...


class RealClock:
    def now_ms(self) -> int:
        return time.time_ns() // 1_000_000

    def call_at(self, when_ms: int, callback: Callable[[], None]) -> Timer:
        delay = max(0.0, (when_ms - self.now_ms()) / 1000)
        return asyncio.get_running_loop().call_later(delay, callback)


class _FakeTimer:
    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """Time moves only when a test calls `advance`; due timers then fire in time order."""

    def __init__(self, start_ms: int = 1_700_000_000_000) -> None:
        self.now = start_ms
        self._timers: list[tuple[int, int, _FakeTimer, Callable[[], None]]] = []
        self._order = itertools.count()

    def now_ms(self) -> int:
        return self.now

    def call_at(self, when_ms: int, callback: Callable[[], None]) -> Timer:
        timer = _FakeTimer()
        heapq.heappush(self._timers, (when_ms, next(self._order), timer, callback))
        return timer

    def advance(self, ms: int) -> None:
        end = self.now + ms
        while self._timers and self._timers[0][0] <= end:
            when, _, timer, callback = heapq.heappop(self._timers)
            self.now = max(self.now, when)
            if not timer.cancelled:
                callback()
        self.now = end

    def next_timer_ms(self) -> int | None:
        live = [when for when, _, timer, _ in self._timers if not timer.cancelled]
        return min(live) if live else None
