"""Drawing (booklet "Début de la partie" 4 and "Que faire si la pioche est vide ?";
docs/rulings.md "Drawing")."""

from __future__ import annotations

import pytest

from tictac.engine import IllegalAction
from tictac.games import timos_twist as game

from .table import act, all_cards, deal, give, hand, on_pile, play, stack, top

NOTHING_FOR_BLUE_5 = ["green-1", "pink-2", "orange-3"]


def test_with_no_playable_card_draw_one_and_play_it_if_it_fits() -> None:
    state = deal([NOTHING_FOR_BLUE_5, []], "blue-5")
    give(state, 0, NOTHING_FOR_BLUE_5)
    on_pile(state, ["blue-7"])
    assert game.legal_actions(state, 0) == [{"type": "draw"}]
    events = act(state, 0, "draw")
    assert {"type": "drew", "seat": 0, "count": 1, "penalty": False} in events
    assert hand(state, 0)[-1] == "blue-7" and state.turn == 0
    assert game.view(state, 0)["drawn"] == "blue-7"
    assert game.legal_actions(state, 0) == [
        {"type": "play", "card": "blue-7"},
        {"type": "pass"},
    ]
    play(state, 0, "blue-7")
    assert top(state) == "blue-7" and state.turn == 1


def test_a_playable_drawn_card_may_be_kept_by_passing() -> None:
    state = deal([NOTHING_FOR_BLUE_5, []], "blue-5")
    give(state, 0, NOTHING_FOR_BLUE_5)
    on_pile(state, ["green-5"])
    act(state, 0, "draw")
    act(state, 0, "pass")
    assert hand(state, 0) == [*NOTHING_FOR_BLUE_5, "green-5"]
    assert state.turn == 1 and top(state) == "blue-5"


def test_an_unplayable_drawn_card_ends_the_turn() -> None:
    state = deal([NOTHING_FOR_BLUE_5, []], "blue-5")
    give(state, 0, NOTHING_FOR_BLUE_5)
    on_pile(state, ["green-8"])
    act(state, 0, "draw")
    assert hand(state, 0) == [*NOTHING_FOR_BLUE_5, "green-8"]
    assert state.turn == 1 and state.drawn == -1


def test_after_drawing_only_the_drawn_card_may_be_played() -> None:
    state = deal([[], []], "blue-5", draw_anytime=True)
    give(state, 0, ["blue-1", "green-1"])
    on_pile(state, ["blue-7"])
    act(state, 0, "draw")
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "blue-1")
    assert refused.value.code == "only_drawn_card"
    with pytest.raises(IllegalAction) as again:
        act(state, 0, "draw")
    assert again.value.code == "already_drew"


def test_a_player_holding_a_playable_card_may_not_draw() -> None:
    state = deal([["blue-1"], []], "blue-5")
    assert {"type": "draw"} not in game.legal_actions(state, 0)
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "draw")
    assert refused.value.code == "has_playable_card"


def test_option_draw_anytime_lets_a_player_with_a_playable_card_draw() -> None:
    state = deal([["blue-1"], []], "blue-5", draw_anytime=True)
    assert {"type": "draw"} in game.legal_actions(state, 0)
    act(state, 0, "draw")
    assert len(state.hands[0]) == 8


def test_an_empty_pile_is_rebuilt_from_the_discard_pile_but_its_top_card() -> None:
    state = deal([NOTHING_FOR_BLUE_5, []], "blue-5")
    give(state, 0, NOTHING_FOR_BLUE_5)
    state.discard[:0] = state.pile
    state.pile = []
    under = len(state.discard) - 1
    events = act(state, 0, "draw")
    assert {"type": "pile_rebuilt", "size": under} in events
    assert top(state) == "blue-5" and len(state.discard) == 1
    assert len(state.pile) == under - 1
    assert len(all_cards(state)) == 54


def test_a_rebuilt_pile_is_shuffled() -> None:
    """Booklet: "mélangez toutes les autres cartes de la défausse"."""
    orders = set()
    for seed in range(12):
        state = game.setup(2, {"timo_grace_ms": 0}, seed, stack([NOTHING_FOR_BLUE_5, []], "blue-5"))
        give(state, 0, NOTHING_FOR_BLUE_5)
        state.discard[:0] = state.pile
        state.pile = []
        under = state.discard[:-1]
        act(state, 0, "draw")
        rebuilt = [*state.pile, state.hands[0][-1]]  # bottom first; the drawn card was on top
        assert sorted(rebuilt) == sorted(under)
        assert rebuilt not in (under, under[::-1])
        orders.add(tuple(rebuilt))
    assert len(orders) == 12


def test_with_pile_and_discard_both_empty_the_player_passes() -> None:
    state = deal([NOTHING_FOR_BLUE_5, []], "blue-5")
    give(state, 0, NOTHING_FOR_BLUE_5)
    state.hands[1] += state.pile
    state.pile = []
    events = act(state, 0, "draw")
    assert {"type": "drew", "seat": 0, "count": 0, "penalty": False} in events
    assert state.turn == 1 and len(state.hands[0]) == 3


def test_a_penalty_draws_what_is_left_when_the_cards_run_out() -> None:
    state = deal([["blue-plus2"], []], "blue-5")
    give(state, 1, ["green-1"])
    state.hands[0] += state.pile[1:]
    state.pile = state.pile[:1]
    play(state, 0, "blue-plus2")
    act(state, 1, "draw")
    assert len(state.hands[1]) == 3  # one from the pile, one from the rebuilt pile
    assert len(all_cards(state)) == 54
