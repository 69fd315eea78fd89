"""Set up any Timo's Twist position by stacking the deck, and short ways to act on it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tictac.engine import Event, LoggedAction
from tictac.games import timos_twist as game
from tictac.games.timos_twist import State
from tictac.games.timos_twist.cards import DECK_SIZE, IDS, INDEX

FILLER = [card_id for card_id in IDS if card_id not in ("joker", "plus4")]


def stack(hands: Sequence[Sequence[str]], top: str, pile: Sequence[str] = ()) -> list[str]:
    """A deck (top first) that deals `hands` (seat 0 first, as in round 1: the dealer is the last
    seat) and then turns `top`; `pile` lies under it. Hands of fewer than 7 cards are filled up
    with numbers nobody named."""
    named = {*(card for hand in hands for card in hand), top, *pile}
    spare = iter(card for card in FILLER if card not in named)
    full = [[*hand, *(next(spare) for _ in range(7 - len(hand)))] for hand in hands]
    dealt = [full[seat][index] for index in range(7) for seat in range(len(hands))]
    return [*dealt, top, *pile]


def deal(
    hands: Sequence[Sequence[str]], top: str, pile: Sequence[str] = (), **options: Any
) -> State:
    return game.setup(len(hands), {"timo_grace_ms": 0, **options}, "table", stack(hands, top, pile))


def give(state: State, seat: int, cards: Sequence[str]) -> None:
    """Make `seat` hold exactly `cards`, taking them from wherever they lie and putting what it
    held at the bottom of the pile: every card stays in the game."""
    wanted = [INDEX[card] for card in cards]
    if state.discard[-1] in wanted:
        raise ValueError("the top card cannot be given")
    held_before = [card for card in state.hands[seat] if card not in wanted]
    for place in [*state.hands, state.pile]:
        place[:] = [card for card in place if card not in wanted]
    state.discard[:-1] = [card for card in state.discard[:-1] if card not in wanted]
    state.hands[seat] = wanted
    state.pile[:0] = held_before
    assert len(all_cards(state)) == DECK_SIZE


def on_pile(state: State, cards: Sequence[str]) -> None:
    """Put `cards` on top of the pile, the first one to be drawn first."""
    wanted = [INDEX[card] for card in cards]
    state.pile = [card for card in state.pile if card not in wanted] + wanted[::-1]


def all_cards(state: State) -> set[int]:
    cards = [*(c for hand in state.hands for c in hand), *state.pile, *state.discard]
    assert len(cards) == len(set(cards))
    return set(cards)


def hand(state: State, seat: int) -> list[str]:
    return [IDS[card] for card in state.hands[seat]]


def top(state: State) -> str:
    return IDS[state.discard[-1]]


def play(state: State, seat: int, card: str, now: int = 0, **extra: Any) -> list[Event]:
    return game.apply(state, seat, {"type": "play", "card": card, **extra}, now)[1]


def act(state: State, seat: int, kind: str, now: int = 0, **extra: Any) -> list[Event]:
    return game.apply(state, seat, {"type": kind, **extra}, now)[1]


def plays(state: State, seat: int) -> set[str]:
    """The cards `seat` may play now."""
    return {a["card"] for a in game.legal_actions(state, seat) if a["type"] == "play"}


def random_play(
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    max_actions: int = 400,
    others: float = 0.3,
) -> tuple[State, list[LoggedAction]]:
    """A game of random legal actions; with chance `others` a random seat that is not to act
    takes one of its optional actions (a TIMO call or a catch) first. The clock moves 500 ms an
    action and waits out a grace window."""
    rnd = random.Random(seed)
    state = game.setup(players, options, seed)
    log: list[LoggedAction] = []
    now = 0
    while state.winner == -1 and len(log) < max_actions:
        seat = state.turn
        if rnd.random() < others:
            offered = [s for s in range(players) if s != seat and game.legal_actions(state, s)]
            seat = rnd.choice(offered) if offered else seat
        if seat == state.turn:
            now = max(now, state.grace_until)
        action = rnd.choice(game.legal_actions(state, seat))
        game.apply(state, seat, action, now)
        log.append(LoggedAction(seat, action, now))
        now += 500
    return state, log
