"""Bad input is answered with a stable code and leaves the state exactly as it was."""

from __future__ import annotations

from typing import Any

import pytest

from tictac.engine import IllegalAction
from tictac.games import timos_twist as game
from tictac.games.timos_twist import State

from .table import act, deal, give, on_pile, play


def start() -> State:
    """Seat 0 to play on a blue 5, holding a match, a miss and both black cards."""
    state = deal([[], [], []], "blue-5")
    give(state, 0, ["blue-1", "green-9", "joker", "plus4"])
    return state


def facing_plus2() -> State:
    state = start()
    give(state, 1, ["pink-7", "green-plus2", "orange-3"])
    play(state, 0, "plus4", color="blue")
    return state


def after_drawing() -> State:
    state = deal([[], [], []], "blue-5")
    give(state, 0, ["green-1", "pink-2"])
    on_pile(state, ["blue-7"])
    act(state, 0, "draw")
    return state


def in_grace() -> State:
    state = deal([[], [], []], "blue-5", timo_grace_ms=2000)
    give(state, 0, ["blue-1", "blue-2"])
    give(state, 1, ["blue-7", "blue-8", "blue-9"])
    play(state, 0, "blue-1", now=0)
    return state


def over() -> State:
    state = deal([[], []], "blue-5", target_score=1)
    give(state, 0, ["blue-1"])
    play(state, 0, "blue-1")
    return state


CASES: list[tuple[str, Any, int, Any, str]] = [
    ("not a dict", start, 0, ["play"], "malformed_action"),
    ("no type", start, 0, {"card": "blue-1"}, "malformed_action"),
    ("type not a string", start, 0, {"type": 3}, "malformed_action"),
    ("type a list", start, 0, {"type": ["play"]}, "malformed_action"),
    ("unknown type", start, 0, {"type": "shout"}, "unknown_action"),
    ("no such seat", start, 3, {"type": "draw"}, "bad_seat"),
    ("negative seat", start, -1, {"type": "draw"}, "bad_seat"),
    ("seat as text", start, "0", {"type": "draw"}, "bad_seat"),
    ("not your turn", start, 1, {"type": "play", "card": "blue-7"}, "not_your_turn"),
    ("draw out of turn", start, 2, {"type": "draw"}, "not_your_turn"),
    ("card missing", start, 0, {"type": "play"}, "missing_field"),
    ("card not a string", start, 0, {"type": "play", "card": 7}, "bad_field"),
    ("no such card", start, 0, {"type": "play", "card": "blue-10"}, "bad_field"),
    ("card not held", start, 0, {"type": "play", "card": "blue-2"}, "card_not_held"),
    ("card does not match", start, 0, {"type": "play", "card": "green-9"},
     "card_does_not_match"),
    ("black card without colour", start, 0, {"type": "play", "card": "joker"},
     "missing_field"),
    ("black card, unknown colour", start, 0,
     {"type": "play", "card": "joker", "color": "black"}, "bad_field"),
    ("coloured card naming a colour", start, 0,
     {"type": "play", "card": "blue-1", "color": "pink"}, "bad_field"),
    ("timo not a boolean", start, 0, {"type": "play", "card": "blue-1", "timo": 1},
     "bad_field"),
    ("timo leaving three cards", start, 0, {"type": "play", "card": "blue-1", "timo": True},
     "cannot_call_timo"),
    ("draw holding a playable card", start, 0, {"type": "draw"}, "has_playable_card"),
    ("pass without drawing", start, 0, {"type": "pass"}, "nothing_to_pass"),
    ("timo with seven cards", start, 1, {"type": "timo"}, "cannot_call_timo"),
    ("catch without target", start, 1, {"type": "catch"}, "missing_field"),
    ("catch target as text", start, 1, {"type": "catch", "target": "0"}, "bad_field"),
    ("catch target out of range", start, 1, {"type": "catch", "target": 3}, "bad_field"),
    ("catch target a boolean", start, 1, {"type": "catch", "target": True}, "bad_field"),
    ("catch nobody exposed", start, 1, {"type": "catch", "target": 0}, "nothing_to_catch"),
    ("catch yourself", start, 1, {"type": "catch", "target": 1}, "cannot_catch_yourself"),
    ("ignore a pending +4", facing_plus2, 1, {"type": "play", "card": "pink-7"},
     "must_stack_or_draw"),
    ("+2 on a +4", facing_plus2, 1, {"type": "play", "card": "green-plus2"},
     "must_stack_or_draw"),
    ("another card after drawing", after_drawing, 0, {"type": "play", "card": "green-1"},
     "only_drawn_card"),
    ("draw twice", after_drawing, 0, {"type": "draw"}, "already_drew"),
    ("act during the grace window", in_grace, 1, {"type": "play", "card": "blue-7"},
     "timo_grace"),
    ("draw during the grace window", in_grace, 1, {"type": "draw"}, "timo_grace"),
    ("anything once the game is over", over, 1, {"type": "draw"}, "game_over"),
]


@pytest.mark.parametrize(
    ("make", "seat", "action", "code"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_illegal_input_is_refused_with_its_code_and_the_state_unchanged(
    make: Any, seat: Any, action: Any, code: str
) -> None:
    state = make()
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, seat, action, 1000)
    assert refused.value.code == code
    assert refused.value.message
    assert state == before
    if type(seat) is int and 0 <= seat < state.players and code != "timo_grace":
        # legal_actions knows no clock: it lists what is allowed once a grace window is over.
        assert action not in game.legal_actions(state, seat)


def test_a_view_for_a_seat_that_does_not_exist_is_refused() -> None:
    with pytest.raises(IllegalAction) as refused:
        game.view(start(), 5)
    assert refused.value.code == "bad_seat"
