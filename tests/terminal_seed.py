"""What the terminal games' tests share about the seed."""

from __future__ import annotations


def seed_told_at_the_end(out: str, end: str) -> str:
    """The random seed a terminal game tells once it is over (after the text `end`); it must
    appear nowhere before, as it rebuilds every hidden card, role and wire."""
    over = out.index(end)
    seed = out[over:].split("This game's seed was ")[1].split(":")[0]
    assert seed.isdigit() and seed not in out[:over]
    return seed
