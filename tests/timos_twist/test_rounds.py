"""End of a round, scoring and the end of the game (booklet "Fin de la manche & décompte des
points"; docs/rulings.md "End of round and game")."""

from __future__ import annotations

import pytest

from tictac.engine import IllegalAction
from tictac.games import timos_twist as game
from tictac.games.timos_twist.cards import IDS, INDEX, VALUE

from .table import act, all_cards, deal, give, play


def test_the_round_ends_as_soon_as_a_player_plays_their_last_card() -> None:
    state = deal([[], [], []], "blue-5")
    give(state, 0, ["blue-1"])
    events = play(state, 0, "blue-1")
    kinds = [event["type"] for event in events]
    assert kinds[:2] == ["played", "round_over"] and "round_started" in kinds
    assert state.rounds[0][0] == 0


def test_the_winner_scores_face_value_20_and_50_for_the_cards_left_in_other_hands() -> None:
    state = deal([[], [], []], "blue-5")
    give(state, 0, ["blue-1"])
    give(state, 1, ["green-7", "pink-skip", "orange-twist"])
    give(state, 2, ["green-plus2", "joker", "plus4", "pink-0"])
    events = play(state, 0, "blue-1")
    over = next(event for event in events if event["type"] == "round_over")
    assert over["points"] == 7 + 20 + 20 + 20 + 50 + 50 + 0
    assert over["hands"] == [[], ["green-7", "pink-skip", "orange-twist"],
                             ["green-plus2", "joker", "plus4", "pink-0"]]
    assert over["hand_points"] == [0, 7 + 20 + 20, 20 + 50 + 50 + 0]
    assert state.scores == [167, 0, 0]
    assert state.rounds == [(0, 167)]


def test_a_plus2_played_as_the_last_card_is_still_drawn_by_its_target_first() -> None:
    state = deal([[], [], []], "blue-5")
    give(state, 0, ["blue-plus2"])
    give(state, 1, ["green-1"])
    drawn = [IDS[state.pile[-1]], IDS[state.pile[-2]]]
    events = play(state, 0, "blue-plus2")
    over = next(event for event in events if event["type"] == "round_over")
    assert over["hands"][1] == ["green-1", *drawn]
    assert over["points"] == sum(VALUE[INDEX[card]] for hand in over["hands"] for card in hand)


LAST_PENALTIES = [("blue-plus2", {}, 2), ("plus4", {"color": "pink"}, 4)]


@pytest.mark.parametrize(("last", "extra", "count"), LAST_PENALTIES)
def test_ruling_last_draw_counts_by_default_the_target_draws_a_last_plus2_or_plus4_first(
    last: str, extra: dict[str, str], count: int
) -> None:
    state = deal([[], [], []], "blue-5")
    assert state.last_draw_counts is True
    give(state, 0, [last])
    give(state, 1, ["green-1"])
    events = play(state, 0, last, **extra)
    drew = next(event for event in events if event["type"] == "drew")
    assert drew == {"type": "drew", "seat": 1, "count": count, "penalty": True}
    over = next(event for event in events if event["type"] == "round_over")
    assert len(over["hands"][1]) == 1 + count


@pytest.mark.parametrize(("last", "extra", "count"), LAST_PENALTIES)
def test_booklet_last_draw_counts_off_the_round_ends_as_the_last_card_is_played(
    last: str, extra: dict[str, str], count: int
) -> None:
    """Booklet, "Fin de la manche": the round is over as soon as a player plays their last
    card; with `last_draw_counts` off its +2/+4 is never drawn."""
    state = deal([[], [], []], "blue-5", last_draw_counts=False)
    give(state, 0, [last])
    give(state, 1, ["green-1"])
    give(state, 2, ["pink-0"])
    events = play(state, 0, last, **extra)
    assert [event["type"] for event in events][:2] == ["played", "round_over"]
    over = events[1]
    assert over["hands"] == [[], ["green-1"], ["pink-0"]] and over["points"] == 1
    assert not any(event["type"] == "drew" for event in events)
    assert len(all_cards(state)) == 54


def test_a_stacked_total_is_drawn_in_full_when_the_last_card_stacks() -> None:
    state = deal([[], []], "blue-5")
    give(state, 0, ["blue-plus2", "green-1", "green-2"])
    give(state, 1, ["pink-plus2"])
    play(state, 0, "blue-plus2")
    events = play(state, 1, "pink-plus2")
    over = next(event for event in events if event["type"] == "round_over")
    assert over["winner"] == 1 and len(over["hands"][0]) == 2 + 4


def test_a_black_last_card_still_names_a_colour() -> None:
    state = deal([[], []], "blue-5")
    give(state, 0, ["joker"])
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "joker")
    assert refused.value.code == "missing_field"
    play(state, 0, "joker", color="green")
    assert state.rounds[0][0] == 0


def test_the_game_ends_when_a_player_reaches_the_target_score() -> None:
    state = deal([[], []], "blue-5", target_score=50)
    give(state, 0, ["blue-1"])
    give(state, 1, ["joker"])
    events = play(state, 0, "blue-1")
    assert events[-1] == {"type": "game_over", "winner": 0, "scores": [50, 0]}
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == [0] and outcome.scores == [50, 0]
    assert game.to_act(state) == [] and game.legal_actions(state, 1) == []
    assert game.view(state, None)["over"] is True
    assert len(all_cards(state)) == 54
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, "draw")
    assert refused.value.code == "game_over"


def test_below_the_target_score_the_next_round_is_dealt() -> None:
    state = deal([[], []], "blue-5", target_score=51)
    give(state, 0, ["blue-1"])
    give(state, 1, ["joker"])
    play(state, 0, "blue-1")
    assert game.outcome(state) is None
    assert state.scores == [50, 0] and len(state.rounds) == 1
    assert [len(h) for h in state.hands] == [7, 7]
    assert game.view(state, 0)["round"] == 2


def test_scores_add_up_over_rounds() -> None:
    state = deal([[], []], "blue-5")
    earned = [0, 0]
    for _ in range(3):
        winner = state.turn
        give(state, winner, ["plus4"])
        events = play(state, winner, "plus4", color="pink")
        over = next(event for event in events if event["type"] == "round_over")
        earned[winner] += over["points"]
        assert over["points"] == sum(
            VALUE[INDEX[card]] for hand in over["hands"] for card in hand
        )
    assert state.scores == earned and len(state.rounds) == 3
