"""Timo's Twist: a 54-card shedding game for 2-6 players, by its booklet and
docs/rulings.md. The rules, codes, events and view are documented in docs/games/timos-twist.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tictac.engine import IllegalAction, Option, Rng, resolve
from tictac.engine.errors import BAD_SETUP
from tictac.engine.options import check_players
from tictac.games.timos_twist.cards import DECK_SIZE, INDEX
from tictac.games.timos_twist.moves import (
    ALREADY_DREW,
    CANNOT_CALL_TIMO,
    CANNOT_CATCH_YOURSELF,
    CARD_DOES_NOT_MATCH,
    CARD_NOT_HELD,
    HAS_PLAYABLE_CARD,
    MUST_STACK_OR_DRAW,
    NOTHING_TO_CATCH,
    NOTHING_TO_PASS,
    ONLY_DRAWN_CARD,
    TIMO_GRACE,
    apply,
    legal_actions,
)
from tictac.games.timos_twist.state import NOBODY, State
from tictac.games.timos_twist.table import deal_round, shuffle
from tictac.games.timos_twist.views import (
    NAME,
    auto_action,
    deadline,
    outcome,
    seat_view,
    timeout_action,
    to_act,
    view,
)

TITLE = "Timo's Twist"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
OPTIONS = [
    Option("stacking", "bool", True, "a +2 or +4 may answer a +2 and pass the total on"),
    Option("draw_anytime", "bool", False, "a player may draw even when holding a playable card"),
    Option("target_score", "int", 300, "the game ends when a player reaches this score",
           low=1, high=10_000),
    Option("timo_grace_ms", "int", 2000,
           "after a missed TIMO, ms before the next player may act, so others can catch it",
           low=0, high=30_000),
    Option("last_draw_counts", "bool", True,
           "a +2 or +4 played as the last card is drawn by its target before the round is scored"),
]

__all__ = [
    "ALREADY_DREW",
    "CANNOT_CALL_TIMO",
    "CANNOT_CATCH_YOURSELF",
    "CARD_DOES_NOT_MATCH",
    "CARD_NOT_HELD",
    "HAS_PLAYABLE_CARD",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MUST_STACK_OR_DRAW",
    "NAME",
    "NOTHING_TO_CATCH",
    "NOTHING_TO_PASS",
    "ONLY_DRAWN_CARD",
    "OPTIONS",
    "TIMO_GRACE",
    "TITLE",
    "State",
    "apply",
    "auto_action",
    "deadline",
    "legal_actions",
    "outcome",
    "seat_view",
    "setup",
    "timeout_action",
    "to_act",
    "view",
]


def setup(
    players: int,
    options: Mapping[str, Any] | None,
    seed: int | str,
    stacked: Sequence[Any] | None = None,
) -> State:
    """A new game, round 1 dealt with the last seat as dealer. `stacked` lists card ids from the
    top of the deck down; it may be a prefix, the cards it leaves out follow in shuffled order."""
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    chosen = resolve(OPTIONS, options)
    rng = Rng(seed)
    top = _stacked_cards(stacked or [])
    placed = set(top)
    rest = [card for card in range(DECK_SIZE) if card not in placed]
    shuffle(rng, rest)
    state = State(
        players, chosen["stacking"], chosen["draw_anytime"], chosen["target_score"],
        chosen["timo_grace_ms"], chosen["last_draw_counts"], rng, [], [], [], 0, 0, 1, 0,
        NOBODY, [], NOBODY, 0, [0] * players, players - 1, [], NOBODY, [],
    )
    deal_round(state, top + rest, [])
    return state


def _stacked_cards(stacked: Sequence[Any]) -> list[int]:
    cards = []
    for card_id in stacked:
        card = INDEX.get(card_id) if isinstance(card_id, str) else None
        if card is None:
            raise IllegalAction(BAD_SETUP, f"no card {card_id!r} in the deck")
        cards.append(card)
    if len(set(cards)) != len(cards):
        raise IllegalAction(BAD_SETUP, "a stacked deck holds every card at most once")
    return cards
