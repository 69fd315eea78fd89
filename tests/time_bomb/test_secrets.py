"""Secrets: no view (nor event) holds a role or a wire position it must not.

Two searches at every step of many random games, for every seat and the spectator:
- the serialised view names no role but the seat's own (none for the spectator) until the end;
- the serialised view is byte for byte the same as the view of a twin game whose hidden facts
  the seat cannot know are dealt otherwise: its own face-down wires in other positions, the other
  seats' face-down wires shuffled among their rows, the other roles (and the set-aside card)
  swapped. Anything the view held of those facts would show up as a difference.
"""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tictac.engine import Rng
from tictac.games import time_bomb as game
from tictac.games.time_bomb.state import State
from tictac.games.time_bomb.table import CUT, KINDS, TEAMS

from .support import random_steps

LEAK_GAMES = 1000


def twin(state: State, seat: int | None, rng: Rng) -> State:
    """The same game as `seat` sees it, with every fact hidden from `seat` dealt again."""
    other = state.clone()
    others = [s for s in range(state.players) if s != seat]
    for group in ([seat] if seat is not None else [], others):
        slots = [(s, p) for s in group for p, wire in enumerate(other.rows[s]) if wire != CUT]
        wires = [other.rows[s][p] for s, p in slots]
        rng.shuffle(wires)
        for (s, p), wire in zip(slots, wires, strict=True):
            other.rows[s][p] = wire
    cards = [other.roles[s] for s in others] + ([other.set_aside] if other.set_aside else [])
    rng.shuffle(cards)
    for s, card in zip(others, cards, strict=False):
        other.roles[s] = card
    if other.set_aside:
        other.set_aside = cards[-1]
    return other


def dump(view: object) -> str:
    return json.dumps(view, sort_keys=True)


def search_view(state: State, seat: int | None) -> None:
    """The serialised view names no role but the seat's own, once, and holds its own counts."""
    shown = game.view(state, seat)
    text = dump(shown)
    own = None if seat is None else state.roles[seat]
    for team in TEAMS:
        assert text.count(f'"{team}"') == (team == own), f"{team} in the view of seat {seat}"
    if seat is not None:
        hidden = Counter(KINDS[w] for w in state.rows[seat] if w != CUT)
        assert shown["you"] == {"role": own, "face_down": {k: hidden[k] for k in KINDS}}


def compare_with_twin(state: State, seat: int | None, rng: Rng) -> None:
    assert game.view(state, seat) == game.view(twin(state, seat, rng), seat)


@settings(max_examples=LEAK_GAMES)
@given(players=st.integers(4, 8), seed=st.integers(0, 2**32))
def test_no_view_leaks_a_role_or_a_wire_position(players: int, seed: int) -> None:
    """Every view at every step is searched; each step one viewer in turn is also compared with
    its twin (a twin for every viewer at every step would cost several times more)."""
    rng = Rng(seed)
    viewers: list[int | None] = [None, *range(players)]
    state = game.setup(players, None, seed)
    for step, (state, _, events) in enumerate(random_steps(players, seed, claim_chance=0.1)):
        if game.outcome(state) is not None:
            break
        for seat in viewers:
            search_view(state, seat)
        compare_with_twin(state, viewers[step % len(viewers)], rng)
        assert not any(team in dump(event) for event in events for team in TEAMS)


@settings(max_examples=100)
@given(players=st.integers(4, 8), seed=st.integers(0, 2**32))
def test_every_viewer_matches_its_twin_at_every_step(players: int, seed: int) -> None:
    rng = Rng(seed)
    for state, _, _ in random_steps(players, seed):
        if game.outcome(state) is not None:
            break
        for seat in [None, *range(players)]:
            compare_with_twin(state, seat, rng)


@settings(max_examples=100)
@given(players=st.integers(4, 8), seed=st.integers(0, 2**32))
def test_events_hold_no_hidden_wire_and_roles_only_once_over(players: int, seed: int) -> None:
    for state, _, events in random_steps(players, seed):
        for event in events:
            if event["type"] == "cut":
                assert event["kind"] == KINDS[state.revealed[-1][5]]
            else:
                assert set(event.values()).isdisjoint(KINDS)
        over = game.outcome(state) is not None
        assert any(e["type"] == "game_over" for e in events) == over
    final = game.view(state, None)
    assert final["roles"] == state.roles and final["set_aside"] == state.set_aside


def test_the_twin_of_a_state_differs_where_the_seat_cannot_see() -> None:
    """The search above would find nothing if the twin were the same game: it is not."""
    state = game.setup(6, None, 5)
    rng = Rng(1)
    twins = [twin(state, seat, rng) for seat in (None, 2) for _ in range(5)]
    assert any(t.rows != state.rows for t in twins)
    assert any(t.roles != state.roles for t in twins)
    mine = [sorted(t.rows[2]) for t in twins[5:]]
    assert all(row == sorted(state.rows[2]) for row in mine)
    assert all(t.roles[2] == state.roles[2] for t in twins[5:])
