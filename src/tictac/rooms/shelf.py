"""The replays a process keeps, as answered, and how many each requester of a room asked for
lately (see replays.py, which makes them). What is kept is bounded in bytes for the whole
process (`Shelf`), never in answers: one flooded game's replay was 95 MB, and six of them per
room held the server's memory for good."""

from __future__ import annotations

import itertools
import json
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from tictac.rooms.buckets import Buckets
from tictac.rooms.settings import RoomSettings

SHELF_BYTES = 64 * 2**20  # replay text kept for every room of the process together

Key = tuple[int, int | None, bool, int]  # game index, seat, with actions, version


@dataclass(frozen=True)
class Replay:
    text: str  # the answer as JSON, encoded once, off the loop

    def encoded(self) -> str:
        return self.text

    @property
    def answer(self) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(self.text)
        return answer


class Shelf:
    """Replays kept for every room of the process: at most `max_bytes` of text in all, the one
    asked for least recently going first. A replay bigger than that is answered, not kept."""

    def __init__(self, max_bytes: int = SHELF_BYTES) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._kept: OrderedDict[tuple[int, Key], Replay] = OrderedDict()

    def get(self, key: tuple[int, Key]) -> Replay | None:
        replay = self._kept.get(key)
        if replay is not None:
            self._kept.move_to_end(key)
        return replay

    def put(self, key: tuple[int, Key], replay: Replay) -> None:
        if len(replay.text) > self.max_bytes or key in self._kept:
            return
        self._kept[key] = replay
        self.bytes += len(replay.text)
        while self.bytes > self.max_bytes:
            _, dropped = self._kept.popitem(last=False)
            self.bytes -= len(dropped.text)

    def __len__(self) -> int:
        return len(self._kept)


SHELF = Shelf()
_caches = itertools.count()  # tells apart the rooms sharing the shelf, even with one code


class ReplayCache:
    """The replays a room recently answered, and how many each requester asked for lately."""

    def __init__(self, shelf: Shelf = SHELF,
                 per_min: int = RoomSettings.replays_per_min) -> None:
        self.shelf = shelf
        self._id = next(_caches)
        self.per_min = per_min
        self._asked = Buckets(per_min / 60, per_min)  # by requester, on the room's clock

    def get(self, key: Key) -> Replay | None:
        return self.shelf.get((self._id, key))

    def put(self, key: Key, answer: Replay) -> None:
        self.shelf.put((self._id, key), answer)

    def allow(self, requester: Hashable, now_ms: int) -> bool:
        """At most `per_min` requests per requester a minute (as many at once)."""
        return self._asked.take(requester, now_ms / 1000)
