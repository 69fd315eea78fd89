"""The 54 cards of Timo's Twist: stable string ids outside, small ints inside.

Card `c` is a number 0..53: coloured cards are `colour * 13 + rank` (ranks 0-9 are the
numbers, then Skip, Twist, +2), the two black cards come last. Tables indexed by card number
keep matching and scoring to one list lookup each.
"""

from __future__ import annotations

COLORS = ("blue", "green", "orange", "pink")
BLACK = 4  # the colour slot of the black cards

SKIP, TWIST, PLUS2, JOKER, PLUS4 = 10, 11, 12, 13, 14
RANK_NAMES = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "skip", "twist", "plus2")

PLUS4_CARD = 53
DECK_SIZE = 54
HAND_SIZE = 7

IDS: tuple[str, ...] = (
    *(f"{color}-{rank}" for color in COLORS for rank in RANK_NAMES),
    "joker",
    "plus4",
)
INDEX: dict[str, int] = {card_id: card for card, card_id in enumerate(IDS)}

COLOR: tuple[int, ...] = (*(card // 13 for card in range(52)), BLACK, BLACK)
RANK: tuple[int, ...] = (*(card % 13 for card in range(52)), JOKER, PLUS4)
IS_BLACK: tuple[bool, ...] = tuple(color == BLACK for color in COLOR)
# What the next player must draw when this card is played: +2 and +4 only.
DRAWS: tuple[int, ...] = tuple(2 if r == PLUS2 else 4 if r == PLUS4 else 0 for r in RANK)
VALUE: tuple[int, ...] = tuple(r if r < 10 else 20 if r < JOKER else 50 for r in RANK)
COLOR_INDEX: dict[str, int] = {color: index for index, color in enumerate(COLORS)}
# MATCHING[colour * 16 + rank]: the cards playable on a top card of that rank when that colour
# is to follow (black cards included): one set lookup a card when listing legal plays.
MATCHING: tuple[frozenset[int], ...] = tuple(
    frozenset(c for c in range(DECK_SIZE) if IS_BLACK[c] or COLOR[c] == color or RANK[c] == rank)
    for color in range(len(COLORS))
    for rank in range(16)
)


def hand_points(hand: list[int]) -> int:
    """What a hand left at the end of a round is worth to the round's winner."""
    return sum(VALUE[card] for card in hand)
