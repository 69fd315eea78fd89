"""Where a room's randomness comes from: each new game's seed and the room's own generator
(bots, automatic moves). Like the clock, it is injected: the server draws from the operating
system, tests from a fixed seed so every run of a room test plays the very same game."""

from __future__ import annotations

import secrets
from typing import Protocol

from tictac.engine import Rng


class Chance(Protocol):
    def game_seed(self) -> str: ...

    def room_rng(self) -> Rng: ...


class SystemChance:
    def game_seed(self) -> str:
        return secrets.token_hex(8)

    def room_rng(self) -> Rng:
        return Rng(raw=secrets.randbits(64))


class SeededChance:
    """The same seeds and generators, in the same order, from the same `seed`."""

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = Rng(seed)

    def game_seed(self) -> str:
        return f"{self._rng.next64():016x}"

    def room_rng(self) -> Rng:
        return self._rng.fork()
