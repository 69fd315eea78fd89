"""The deck, the deal, the first card and the rotation of the dealer (docs/rulings.md, "Deck",
"Seats and dealing", "Start of a round")."""

from __future__ import annotations

import pytest

from tictac.engine import IllegalAction
from tictac.games import timos_twist as game
from tictac.games.timos_twist.cards import IDS, RANK, SKIP, VALUE
from tictac.games.timos_twist.state import NOBODY

from .table import act, all_cards, deal, give, hand, play, stack, top


def test_deck_has_54_unique_cards_with_the_ruling_ids() -> None:
    assert len(IDS) == len(set(IDS)) == 54
    for color in ("blue", "green", "orange", "pink"):
        for rank in [*map(str, range(10)), "skip", "twist", "plus2"]:
            assert f"{color}-{rank}" in IDS
    assert "joker" in IDS and "plus4" in IDS


def test_card_values_are_face_value_20_for_actions_and_50_for_black_cards() -> None:
    value = dict(zip(IDS, VALUE, strict=True))
    assert [value[f"green-{n}"] for n in range(10)] == list(range(10))
    assert value["pink-skip"] == value["orange-twist"] == value["blue-plus2"] == 20
    assert value["joker"] == value["plus4"] == 50


@pytest.mark.parametrize("players", range(2, 7))
def test_two_to_six_players_each_get_seven_cards_and_all_54_are_in_play(players: int) -> None:
    state = game.setup(players, None, players)
    assert [len(h) for h in state.hands] == [7] * players
    assert len(state.discard) == 1
    assert len(all_cards(state)) == 54


@pytest.mark.parametrize("players", [1, 7, 0, "2"])
def test_other_player_counts_are_refused(players: object) -> None:
    with pytest.raises(IllegalAction) as refused:
        game.setup(players, None, 1)  # type: ignore[arg-type]
    assert refused.value.code == "bad_setup"


def test_round_1_dealer_is_the_last_seat_so_seat_0_starts() -> None:
    state = deal([["blue-1"], ["green-1"], ["pink-1"]], "orange-5")
    assert state.dealer == 2
    assert state.turn == 0
    assert game.to_act(state) == [0]


def test_cards_are_dealt_one_at_a_time_from_the_top_starting_left_of_the_dealer() -> None:
    deck = [IDS[n] for n in range(40)]  # numbers only, so the turned card has no effect
    state = game.setup(3, None, 1, deck)
    assert hand(state, 0) == deck[0:21:3]
    assert hand(state, 1) == deck[1:21:3]
    assert hand(state, 2) == deck[2:21:3]
    assert top(state) == deck[21]
    assert IDS[state.pile[-1]] == deck[22]  # the pile's next card is the deck's next


def test_a_stacked_deck_may_be_a_prefix_the_rest_is_shuffled_below() -> None:
    deck = stack([["blue-1"], ["green-1"]], "orange-5")
    state = game.setup(2, None, 1, deck)
    assert len(all_cards(state)) == 54
    assert top(state) == "orange-5"
    other = game.setup(2, None, 2, deck)
    assert state.hands == other.hands and state.pile != other.pile


@pytest.mark.parametrize("deck", [["blue-1", "blue-1"], ["blue-10"], [7], ["Joker"]])
def test_a_stacked_deck_with_unknown_or_repeated_cards_is_refused(deck: list[object]) -> None:
    with pytest.raises(IllegalAction) as refused:
        game.setup(2, None, 1, deck)
    assert refused.value.code == "bad_setup"


@pytest.mark.parametrize(
    "options",
    [{"colour": True}, {"stacking": 1}, {"target_score": 0}, {"timo_grace_ms": -5}],
)
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(IllegalAction) as refused:
        game.setup(2, options, 1)
    assert refused.value.code == "bad_option"


def test_options_default_to_the_rulings() -> None:
    state = game.setup(2, None, 1)
    assert state.stacking is True
    assert state.draw_anytime is False
    assert state.target_score == 300
    assert state.grace_ms == 2000
    assert state.last_draw_counts is True


@pytest.mark.parametrize("black", ["joker", "plus4"])
def test_a_black_first_card_goes_back_into_the_pile_and_another_is_turned(black: str) -> None:
    for seed in range(20):
        state = game.setup(2, None, seed, stack([[], []], black))
        assert top(state) not in ("joker", "plus4")
        assert len(state.discard) == 1
        assert len(all_cards(state)) == 54
        assert black not in hand(state, 0) + hand(state, 1)


def test_first_card_skip_skips_the_player_left_of_the_dealer() -> None:
    state = deal([[], [], []], "blue-skip")
    assert state.turn == 1


def test_first_card_twist_reverses_play_so_the_dealers_right_starts() -> None:
    state = deal([[], [], [], []], "green-twist")
    assert state.direction == -1
    assert state.turn == 2  # the dealer is seat 3; to its right, counter-clockwise, is seat 2


def test_first_card_twist_with_two_players_skips_so_the_dealer_starts() -> None:
    state = deal([[], []], "green-twist")
    assert state.turn == 1


def test_first_card_plus2_hits_the_player_left_of_the_dealer() -> None:
    state = deal([[], [], []], "pink-plus2")
    assert state.turn == 0 and state.penalty == 2
    act(state, 0, "draw")
    assert len(state.hands[0]) == 9 and state.turn == 1


def test_first_card_plus2_without_stacking_is_drawn_at_once() -> None:
    state = deal([[], [], []], "pink-plus2", stacking=False)
    assert len(state.hands[0]) == 9
    assert state.turn == 1 and state.penalty == 0


def test_dealer_moves_one_seat_clockwise_each_round_and_left_of_the_dealer_starts() -> None:
    numbers_turned = 0
    for seed in range(8):
        state = game.setup(3, None, seed, stack([["blue-1"], [], []], "blue-5"))
        give(state, 0, ["blue-1"])
        play(state, 0, "blue-1")
        assert len(state.rounds) == 1 and state.winner == NOBODY
        assert state.dealer == 0
        assert [len(h) for h in state.hands] == [7, 7, 7]
        assert len(all_cards(state)) == 54
        if RANK[state.discard[-1]] < SKIP:
            assert state.turn == 1
            numbers_turned += 1
    assert numbers_turned


def test_round_1_opening_first_card_and_its_effect_are_in_the_view_until_the_first_action() -> None:
    state = deal([[], [], []], "blue-skip", draw_anytime=True)
    opening = [{"type": "round_started", "round": 1, "dealer": 2, "top": "blue-skip"},
               {"type": "skipped", "seat": 0}]
    for seat in (0, 1, None):
        assert game.view(state, seat)["opening"] == opening
    act(state, 1, "draw")
    assert game.view(state, 0)["opening"] == []


def test_a_refused_first_action_keeps_the_opening() -> None:
    state = deal([[], [], []], "pink-plus2", stacking=False)
    opening = game.view(state, 0)["opening"]
    assert [event["type"] for event in opening] == ["round_started", "drew"]
    with pytest.raises(IllegalAction):
        act(state, 0, "draw")
    assert game.view(state, 0)["opening"] == opening


def test_the_next_rounds_opening_comes_with_the_action_that_dealt_it() -> None:
    state = game.setup(3, None, 4, stack([["blue-1"], [], []], "blue-5"))
    give(state, 0, ["blue-1"])
    events = play(state, 0, "blue-1")
    started = next(i for i, event in enumerate(events) if event["type"] == "round_started")
    assert game.view(state, 1)["opening"] == events[started:]
    assert events[started]["round"] == 2 and events[started]["dealer"] == 0
