"""A queue with one consumer: a deque, and a future the consumer sleeps on only while it is
empty. asyncio.Queue's bookkeeping per item was a visible share of an action's time, and a room
puts one item per action (and a connection one per message). The deque is made at the first
item: an empty one takes 600 bytes, and most connections' outboxes never hold anything (their
messages go to the socket at once); it is let go again once emptied, since a mailbox that held
a few items once (a socket's hello, a client that was slow for a moment) lives for hours."""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


class Mailbox(Generic[T]):
    __slots__ = ("_items", "_wake")

    def __init__(self) -> None:
        self._items: deque[T] | None = None
        self._wake: asyncio.Future[None] | None = None

    def __len__(self) -> int:
        return 0 if self._items is None else len(self._items)

    def put(self, item: T) -> None:
        if self._items is None:
            self._items = deque()
        self._items.append(item)
        if self._wake is not None and not self._wake.done():
            self._wake.set_result(None)

    async def get(self) -> T:
        """The oldest item, waiting for one if there is none."""
        while not self._items:
            self._wake = asyncio.get_running_loop().create_future()
            await self._wake
        items = self._items
        assert items is not None  # (put made it)
        item = items.popleft()
        if not items:
            self._items = None
        return item

    def arrival(self) -> asyncio.Future[None]:
        """A future done once the mailbox holds an item (left in it): what a consumer that
        only waits for one awaits, without a coroutine kept for the wait."""
        wake = asyncio.get_running_loop().create_future()
        if self._items:
            wake.set_result(None)
        else:
            self._wake = wake
        return wake

    def take_all(self) -> list[T]:
        """Empties the mailbox without waiting: what was left in it, oldest first."""
        if not self._items:
            return []
        items = list(self._items)
        self._items = None
        return items
