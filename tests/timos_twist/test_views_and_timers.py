"""What each seat sees, and the moves a room's clock makes (turn timer, grace window)."""

from __future__ import annotations

import json

from tictac.engine import Rng
from tictac.games import timos_twist as game

from .table import act, deal, give, on_pile, play


def test_a_seat_sees_its_own_hand_and_everyones_public_state() -> None:
    state = deal([["blue-1", "blue-2"], [], []], "blue-5")
    give(state, 0, ["blue-1", "blue-2"])
    play(state, 0, "blue-1", timo=True)
    view = game.view(state, 0)
    json.dumps(view)
    assert view["hand"] == ["blue-2"]
    assert view["hand_sizes"] == [1, 7, 7]
    assert view["timo"] == [True, False, False]
    assert view["top"] == "blue-1" and view["color"] == "blue"
    assert view["direction"] == 1 and view["penalty"] == 0
    assert view["pile_size"] == 54 - 15 - 2 and view["discard_size"] == 2
    assert view["turn"] == 1 and view["to_act"] == [1]
    assert view["scores"] == [0, 0, 0] and view["target_score"] == 300
    assert view["legal"] == [] and view["over"] is False and view["outcome"] is None
    assert game.view(state, 1)["legal"] == game.legal_actions(state, 1)


def test_a_spectator_sees_no_hand() -> None:
    state = deal([[], []], "blue-5")
    view = game.view(state, None)
    assert view["hand"] is None and view["drawn"] is None and view["legal"] == []
    assert view["hand_sizes"] == [7, 7]


def test_the_view_shows_a_pending_penalty_and_a_catchable_seat() -> None:
    state = deal([[], [], []], "blue-5")
    give(state, 0, ["blue-plus2", "blue-3"])
    play(state, 0, "blue-plus2")
    view = game.view(state, 2)
    assert view["penalty"] == 2 and view["catchable"] == 0
    assert view["legal"] == [{"type": "catch", "target": 0}]


def test_auto_action_takes_a_pending_penalty() -> None:
    state = deal([[], []], "blue-5")
    give(state, 0, ["blue-plus2", "blue-3", "blue-4"])
    give(state, 1, ["green-plus2", "green-1"])
    play(state, 0, "blue-plus2")
    assert game.auto_action(state, 1, Rng(1)) == {"type": "draw"}


def test_auto_action_draws_then_passes() -> None:
    state = deal([[], []], "blue-5")
    give(state, 0, ["green-1", "pink-2"])
    on_pile(state, ["blue-7"])
    assert game.auto_action(state, 0, Rng(1)) == {"type": "draw"}
    act(state, 0, "draw")
    assert game.auto_action(state, 0, Rng(1)) == {"type": "pass"}


def test_auto_action_plays_when_drawing_is_not_allowed_and_calls_timo() -> None:
    state = deal([[], []], "blue-5")
    give(state, 0, ["blue-1", "green-2"])
    assert game.auto_action(state, 0, Rng(1)) == {"type": "play", "card": "blue-1", "timo": True}
    state = deal([[], []], "blue-5", draw_anytime=True)
    assert game.auto_action(state, 0, Rng(1)) == {"type": "draw"}


def test_auto_action_is_none_for_a_seat_not_to_act() -> None:
    state = deal([[], []], "blue-5")
    assert game.auto_action(state, 1, Rng(1)) is None


def test_no_deadline_and_no_timeout_without_a_grace_window() -> None:
    state = deal([["blue-1", "blue-2"], []], "blue-5")
    give(state, 0, ["blue-1", "blue-2"])
    play(state, 0, "blue-1")
    assert game.deadline(state) is None and game.timeout_action(state) is None
