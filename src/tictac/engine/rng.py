"""A small seeded random generator whose whole state is one integer, so it lives in a game state.

SplitMix64: fast in pure Python, cheap to copy and compare, identical on every platform.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def seed_to_int(seed: int | str) -> int:
    """Any int or string seed gives a well-mixed 64-bit starting state."""
    digest = hashlib.sha256(str(seed).encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Rng:
    __slots__ = ("s",)

    def __init__(self, seed: int | str = 0, *, raw: int | None = None) -> None:
        self.s = raw if raw is not None else seed_to_int(seed)

    def next64(self) -> int:
        self.s = s = (self.s + 0x9E3779B97F4A7C15) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A number in [0, n). The modulo bias is under 2**-50 for any n a game uses."""
        return self.next64() % n

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) / 9007199254740992.0

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent generator drawn from this one (bots, sub-games)."""
        return Rng(raw=self.next64())

    def clone(self) -> Rng:
        return Rng(raw=self.s)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.s == self.s

    def __hash__(self) -> int:
        return hash(self.s)

    def __repr__(self) -> str:
        return f"Rng(raw={self.s})"
