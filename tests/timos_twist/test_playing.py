"""Which cards may be played and what they do (booklet "Quelles cartes peux-tu jouer ?",
"Règles supplémentaires"; docs/rulings.md "Card effects", "Stacking")."""

from __future__ import annotations

import pytest

from tictac.engine import IllegalAction
from tictac.games import timos_twist as game
from tictac.games.timos_twist.cards import COLORS, IDS
from tictac.games.timos_twist.moves import matching

from .table import act, deal, give, play, plays, top

SEVEN = ["blue-1", "blue-2", "blue-3", "green-4", "green-6", "pink-7", "orange-8"]


def test_booklet_example_orange_5_all_playable_but_the_blue_9() -> None:
    state = deal([[], []], "orange-5")
    give(state, 0, ["green-5", "orange-2", "blue-9", "joker"])
    assert plays(state, 0) == {"green-5", "orange-2", "joker"}
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "blue-9")
    assert refused.value.code == "card_does_not_match"


def test_a_card_of_the_same_colour_may_be_played() -> None:
    state = deal([SEVEN, []], "green-9")
    assert plays(state, 0) == {"green-4", "green-6"}


def test_a_card_of_the_same_number_may_be_played() -> None:
    state = deal([SEVEN, []], "orange-7")
    assert plays(state, 0) == {"pink-7", "orange-8"}


def test_a_card_with_the_same_symbol_may_be_played() -> None:
    state = deal([["pink-skip", "pink-twist", "pink-plus2"], []], "blue-4")
    give(state, 0, ["pink-skip", "pink-twist", "pink-plus2", "blue-skip"])
    play(state, 0, "blue-skip")
    assert plays(state, 0) == {"pink-skip"}


@pytest.mark.parametrize("black", ["joker", "plus4"])
def test_black_cards_may_be_played_on_anything(black: str) -> None:
    for first in (card for card in IDS if card not in ("joker", "plus4")):
        state = deal([[], [], []], first)
        give(state, state.turn, [black])
        if state.penalty and black == "joker":
            continue  # facing a +2, only stacking answers (tested below)
        assert black in plays(state, state.turn), first


def test_plus4_may_be_played_while_holding_the_colour_to_follow() -> None:
    state = deal([["green-1", "plus4"], []], "green-9")
    play(state, 0, "plus4", color="blue")
    assert top(state) == "plus4"


@pytest.mark.parametrize("black", ["joker", "plus4"])
def test_a_black_card_names_the_colour_to_follow(black: str) -> None:
    state = deal([["green-1", black], ["pink-3", "blue-2"]], "green-9")
    legal = game.legal_actions(state, 0)
    assert {a["color"] for a in legal if a["card"] == black} == set(COLORS)
    play(state, 0, black, color="pink")
    assert game.view(state, 1)["color"] == "pink"
    if black == "plus4":
        act(state, 1, "draw")
    else:
        assert "pink-3" in plays(state, 1) and "blue-2" not in plays(state, 1)


def test_a_number_passes_the_turn_clockwise() -> None:
    state = deal([["blue-1"], [], []], "blue-5")
    play(state, 0, "blue-1")
    assert state.turn == 1


def test_skip_the_next_player_loses_their_turn() -> None:
    state = deal([["blue-skip"], [], []], "blue-5")
    events = play(state, 0, "blue-skip")
    assert state.turn == 2
    assert {"type": "skipped", "seat": 1} in events


def test_skip_with_two_players_plays_again() -> None:
    state = deal([["blue-skip"], []], "blue-5")
    play(state, 0, "blue-skip")
    assert state.turn == 0


def test_twist_reverses_the_direction_of_play() -> None:
    state = deal([["blue-twist", "blue-1"], [], ["blue-2"]], "blue-5")
    play(state, 0, "blue-twist")
    assert state.direction == -1 and state.turn == 2
    play(state, 2, "blue-2")
    assert state.turn == 1


def test_twist_with_two_players_acts_as_a_skip() -> None:
    state = deal([["blue-twist"], []], "blue-5")
    events = play(state, 0, "blue-twist")
    assert state.turn == 0
    assert {"type": "skipped", "seat": 1} in events


def test_plus2_next_player_draws_2_and_loses_their_turn() -> None:
    state = deal([["blue-plus2"], [], []], "blue-5")
    play(state, 0, "blue-plus2")
    assert state.turn == 1 and state.penalty == 2
    assert game.legal_actions(state, 1) == [{"type": "draw"}]
    act(state, 1, "draw")
    assert len(state.hands[1]) == 9
    assert state.turn == 2 and state.penalty == 0


def test_plus4_next_player_draws_4_and_loses_their_turn() -> None:
    state = deal([["plus4"], [], []], "blue-5")
    play(state, 0, "plus4", color="green")
    act(state, 1, "draw")
    assert len(state.hands[1]) == 11 and state.turn == 2


def test_plus2_may_stack_on_plus2_and_the_total_passes_on() -> None:
    state = deal([["blue-plus2"], ["green-plus2"], []], "blue-5")
    play(state, 0, "blue-plus2")
    play(state, 1, "green-plus2")
    assert state.turn == 2 and state.penalty == 4
    act(state, 2, "draw")
    assert len(state.hands[2]) == 11 and state.turn == 0


def test_plus4_may_stack_on_plus2() -> None:
    state = deal([["blue-plus2"], ["plus4"], []], "blue-5")
    play(state, 0, "blue-plus2")
    assert "plus4" in plays(state, 1)
    play(state, 1, "plus4", color="pink")
    assert state.penalty == 6
    act(state, 2, "draw")
    assert len(state.hands[2]) == 13


def test_plus2_may_not_stack_on_plus4() -> None:
    state = deal([["plus4"], ["blue-plus2", "green-plus2"]], "blue-5")
    play(state, 0, "plus4", color="blue")
    assert plays(state, 1) == set()
    with pytest.raises(IllegalAction) as refused:
        play(state, 1, "blue-plus2")
    assert refused.value.code == "must_stack_or_draw"


def test_facing_a_penalty_only_a_stacking_card_or_drawing_is_allowed() -> None:
    state = deal([["blue-plus2"], ["blue-7", "joker", "orange-plus2"]], "blue-5")
    play(state, 0, "blue-plus2")
    assert plays(state, 1) == {"orange-plus2"}
    for card, extra in (("blue-7", {}), ("joker", {"color": "blue"})):
        with pytest.raises(IllegalAction) as refused:
            play(state, 1, card, **extra)
        assert refused.value.code == "must_stack_or_draw"


def test_stacking_off_the_penalty_is_drawn_at_once() -> None:
    state = deal([["blue-plus2"], ["green-plus2"], []], "blue-5", stacking=False)
    play(state, 0, "blue-plus2")
    assert len(state.hands[1]) == 9
    assert state.turn == 2 and state.penalty == 0


def test_one_card_a_turn() -> None:
    state = deal([["blue-1", "blue-2"], []], "blue-5")
    play(state, 0, "blue-1")
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "blue-2")
    assert refused.value.code == "not_your_turn"


def test_every_card_matches_by_colour_number_symbol_or_black_and_nothing_else() -> None:
    state = deal([[], []], "blue-5")
    for top_card in range(52):
        for color in range(4):
            state.discard[-1], state.color = top_card, color
            top_color, top_rank = IDS[top_card].split("-")
            expected = {
                card for card in IDS
                if card in ("joker", "plus4")
                or card.split("-")[0] == COLORS[color]
                or card.split("-")[1] == top_rank
            }
            assert {IDS[card] for card in matching(state)} == expected, (top_color, color)
