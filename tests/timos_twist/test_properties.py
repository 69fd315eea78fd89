"""Invariants over random games: cards conserved, secrets kept, replays exact, rounds that end."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tictac.engine import SetupArgs, replay
from tictac.games import timos_twist as game
from tictac.games.timos_twist.cards import DECK_SIZE, IDS

from .table import random_play

OPTIONS = st.fixed_dictionaries(
    {
        "stacking": st.booleans(),
        "draw_anytime": st.booleans(),
        "target_score": st.sampled_from([1, 60, 300]),
        "timo_grace_ms": st.sampled_from([0, 2000]),
        "last_draw_counts": st.booleans(),
    }
)
GAMES = {
    "players": st.integers(2, 6),
    "seed": st.integers(0, 10**6),
    "options": OPTIONS,
    "length": st.integers(0, 300),
}


def strings_in(view: Any) -> set[str]:
    if isinstance(view, str):
        return {view}
    if isinstance(view, dict):
        return set().union(*map(strings_in, view.values())) if view else set()
    if isinstance(view, list):
        return set().union(*map(strings_in, view)) if view else set()
    return set()


@settings(max_examples=40)
@given(**GAMES)
def test_all_54_cards_are_always_accounted_for(
    players: int, seed: int, options: dict[str, Any], length: int
) -> None:
    state = game.setup(players, options, seed)
    for entry in random_play(players, seed, options, max_actions=length)[1]:
        game.apply(state, entry.seat, entry.action, entry.now_ms)
        cards = [*(c for hand in state.hands for c in hand), *state.pile, *state.discard]
        assert sorted(cards) == list(range(DECK_SIZE))
        for seat, hand in enumerate(state.hands):
            assert not state.called[seat] or len(hand) == 1
        assert state.exposed == -1 or len(state.hands[state.exposed]) == 1


@settings(max_examples=25)
@given(**GAMES)
def test_no_view_holds_another_seats_card(
    players: int, seed: int, options: dict[str, Any], length: int
) -> None:
    state, _ = random_play(players, seed, options, max_actions=length)
    for seat in [*range(players), None]:
        view = game.view(state, seat)
        json.dumps(view)
        seen = strings_in(view)
        for other in range(players):
            if other != seat:
                assert not seen & {IDS[card] for card in state.hands[other]}
        assert not seen & {IDS[card] for card in state.pile}
    assert game.view(state, None)["hand"] is None


@settings(max_examples=25)
@given(**GAMES)
def test_replaying_the_log_gives_an_identical_state(
    players: int, seed: int, options: dict[str, Any], length: int
) -> None:
    state, log = random_play(players, seed, options, max_actions=length)
    assert replay(game, SetupArgs(players, options, seed), log) == state
    copy = state.clone()
    assert copy == state
    if game.to_act(state):
        seat = game.to_act(state)[0]
        now = max(log[-1].now_ms if log else 0, state.grace_until)
        game.apply(copy, seat, game.legal_actions(copy, seat)[0], now)
        assert copy != state  # the clone shares nothing with the original


@settings(max_examples=25)
@given(**GAMES)
def test_every_legal_action_is_accepted(
    players: int, seed: int, options: dict[str, Any], length: int
) -> None:
    state, log = random_play(players, seed, options, max_actions=length)
    now = max(log[-1].now_ms if log else 0, state.grace_until)
    for seat in range(players):
        for action in game.legal_actions(state, seat):
            game.apply(state.clone(), seat, action, now)


def play_rounds(seeds: range, draw_anytime: bool) -> None:
    """Plain loop: the seat to act plays a random legal action until the round ends."""
    legal_actions, apply = game.legal_actions, game.apply
    for seed in seeds:
        players = 2 + seed % 5
        options = {"stacking": seed % 2 == 0, "draw_anytime": draw_anytime, "timo_grace_ms": 0}
        state = game.setup(players, options, seed)
        choice = random.Random(seed).choice
        for _ in range(50_000):
            seat = state.turn
            apply(state, seat, choice(legal_actions(state, seat)), 0)
            if state.rounds:
                break
        assert state.rounds, f"the round of seed {seed} did not end"


def test_10000_random_rounds_all_end() -> None:
    play_rounds(range(10_000), draw_anytime=False)


def test_random_rounds_with_draw_anytime_end() -> None:
    # Drawing at will makes random rounds about ten times longer, hence fewer of them.
    play_rounds(range(10_000, 10_300), draw_anytime=True)
