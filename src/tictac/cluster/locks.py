"""One asyncio lock per key (a room's code), kept only while a task holds it or waits for it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator


class _Entry:
    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0  # the task holding the lock and those waiting for it


class PerKey:
    """Dropping a key's lock as soon as it was released, while another task still waited for
    it, let a third task make a new lock for the key and run beside the second: two nodes'
    worth of `locate` on one node, each adopting the room. A lock is dropped only once nobody
    holds it or waits for it."""

    def __init__(self) -> None:
        self._entries: dict[str, _Entry] = {}

    def __len__(self) -> int:
        return len(self._entries)

    @contextlib.asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = _Entry()
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            if not entry.users:
                del self._entries[key]
