"""Calling and catching TIMO (booklet "N'oublie pas de crier « TIMO ! »"; docs/rulings.md,
"TIMO")."""

from __future__ import annotations

import pytest

from tictac.engine import IllegalAction
from tictac.games import timos_twist as game

from .table import act, deal, give, play

TWO_LEFT = ["blue-1", "blue-2"]


def down_to_one(timo: bool = False, players: int = 3, **options: object) -> game.State:
    state = deal([TWO_LEFT] + [[]] * (players - 1), "blue-5", **options)
    give(state, 0, TWO_LEFT)
    play(state, 0, "blue-1", now=1000, **({"timo": True} if timo else {}))
    return state


def test_timo_called_with_the_play_cannot_be_caught() -> None:
    state = down_to_one(timo=True)
    assert state.called[0] and state.exposed == -1
    assert game.view(state, 1)["timo"] == [True, False, False]
    assert all(a["type"] != "catch" for a in game.legal_actions(state, 2))


def test_timo_may_be_called_after_the_play_before_the_next_player_acts() -> None:
    state = down_to_one()
    assert game.legal_actions(state, 0) == [{"type": "timo"}]
    events = act(state, 0, "timo")
    assert events == [{"type": "timo", "seat": 0}]
    assert state.called[0] and state.exposed == -1
    assert all(a["type"] != "catch" for a in game.legal_actions(state, 1))


def test_a_missed_timo_caught_before_the_next_player_acts_costs_2_cards() -> None:
    state = down_to_one()
    assert {"type": "catch", "target": 0} in game.legal_actions(state, 2)
    events = act(state, 2, "catch", target=0)
    assert {"type": "caught", "seat": 2, "target": 0, "count": 2} in events
    assert len(state.hands[0]) == 3
    assert state.exposed == -1 and not state.called[0]


def test_the_next_player_may_catch_before_acting() -> None:
    state = down_to_one()
    act(state, 1, "catch", target=0)
    assert len(state.hands[0]) == 3 and state.turn == 1


def test_the_catch_window_closes_when_the_next_player_plays() -> None:
    state = down_to_one()
    give(state, 1, ["blue-7", "green-7", "pink-7"])
    play(state, 1, "blue-7")
    assert all(a["type"] != "catch" for a in game.legal_actions(state, 2))
    with pytest.raises(IllegalAction) as refused:
        act(state, 2, "catch", target=0)
    assert refused.value.code == "nothing_to_catch"
    with pytest.raises(IllegalAction) as late:
        act(state, 0, "timo")
    assert late.value.code == "cannot_call_timo"


def test_the_catch_window_closes_when_the_next_player_draws() -> None:
    state = down_to_one()
    give(state, 1, ["green-8"])
    act(state, 1, "draw")
    assert state.exposed == -1


def test_a_wrong_catch_costs_nothing() -> None:
    state = deal([[], [], []], "blue-5")
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, "catch", target=0)
    assert refused.value.code == "nothing_to_catch"
    assert state == before


def test_a_player_cannot_catch_themselves() -> None:
    state = down_to_one()
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "catch", target=0)
    assert refused.value.code == "cannot_catch_yourself"


def test_timo_with_the_play_only_when_it_leaves_one_card() -> None:
    state = deal([["blue-1", "blue-2", "blue-3"], []], "blue-5")
    give(state, 0, ["blue-1", "blue-2", "blue-3"])
    assert all("timo" not in a for a in game.legal_actions(state, 0))
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "blue-1", timo=True)
    assert refused.value.code == "cannot_call_timo"


def test_the_grace_window_holds_the_next_player_back_so_others_can_catch() -> None:
    state = down_to_one(timo_grace_ms=2000)
    assert state.grace_until == 3000
    assert game.deadline(state) == 3000 and game.timeout_action(state) is None
    give(state, 1, ["blue-7", "green-7", "pink-7"])
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        play(state, 1, "blue-7", now=2999)
    assert refused.value.code == "timo_grace"
    assert state == before
    act(state, 2, "catch", target=0, now=2500)
    assert game.deadline(state) is None
    play(state, 1, "blue-7", now=2600)  # nothing left to catch: no need to wait


def test_the_next_player_acts_once_the_grace_window_is_over() -> None:
    state = down_to_one(timo_grace_ms=2000)
    give(state, 1, ["blue-7", "green-7", "pink-7"])
    play(state, 1, "blue-7", now=3000)
    assert state.exposed == -1 and len(state.hands[0]) == 1


def test_calling_timo_ends_the_grace_window() -> None:
    state = down_to_one(timo_grace_ms=2000)
    act(state, 0, "timo", now=1200)
    assert game.deadline(state) is None and state.grace_until == 0


def test_no_grace_window_after_a_called_timo() -> None:
    state = down_to_one(timo=True, timo_grace_ms=2000)
    assert state.grace_until == 0 and game.deadline(state) is None


def test_timo_status_is_cleared_when_the_player_draws_again() -> None:
    state = down_to_one(timo=True, players=2)
    give(state, 1, ["blue-plus2", "green-3"])
    play(state, 1, "blue-plus2")
    act(state, 0, "draw")
    assert len(state.hands[0]) == 3 and state.called == [False, False]


def test_a_penalty_drawn_at_once_does_not_close_the_catch_window() -> None:
    state = deal([[], [], []], "blue-5", stacking=False)
    give(state, 0, ["blue-plus2", "blue-3"])
    held = len(state.hands[1])
    play(state, 0, "blue-plus2")
    assert len(state.hands[1]) == held + 2 and state.turn == 2
    act(state, 1, "catch", target=0)
    assert len(state.hands[0]) == 3
