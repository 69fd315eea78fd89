"""Each row of the docs/rulings.md table where the `fr` and `en` rule sets differ, both outcomes."""

from __future__ import annotations

import pytest

from tictac.games import times_up as game

from .support import TURN_MS, act, everyone_ready, new_game, play_to_round, start, win_round


def _shuffled(state: game.State, cards: list[str]) -> list[str]:
    """`cards` shuffled the way the game's own generator would shuffle them next."""
    rng = state.rng.clone()
    order = cards[:]
    rng.shuffle(order)
    return order


# Row 1: the card in hand when time runs out.


def test_fr_card_in_hand_at_time_up_goes_back_on_top_of_the_deck() -> None:
    state = new_game(rules="fr")
    start(state)
    act(state, "found", 100)
    card, rest = state.in_hand, state.deck[:]
    act(state, "time_up", TURN_MS)
    assert state.deck == [*rest, card]  # the last card is the top
    assert state.deck[-1] == card


def test_en_card_in_hand_at_time_up_is_shuffled_back_into_the_deck() -> None:
    tops = set()
    for seed in range(8):
        state = new_game(rules="en", seed=seed)
        start(state)
        card = state.in_hand
        assert card is not None
        expected = _shuffled(state, [*state.deck, card])
        act(state, "time_up", TURN_MS)
        assert state.deck == expected
        tops.add(state.deck[-1] == card)
    assert tops == {True, False}


# Row 2: a foul in round 1.


def test_fr_round1_foul_ends_the_turn_card_back_and_deck_shuffled() -> None:
    state = new_game(rules="fr")
    team = state.team
    start(state)
    card = state.in_hand
    assert card is not None
    expected = _shuffled(state, [*state.deck, card])
    events = act(state, "foul", 500, seat=state.timekeeper())
    assert state.phase == "waiting" and state.team != team
    assert state.deck == expected
    assert {"type": "turn_ended", "team": team, "reason": "foul"} in events


def test_en_round1_foul_ends_the_turn_card_back_on_top_unshuffled() -> None:
    state = new_game(rules="en")
    team = state.team
    start(state)
    card, rest = state.in_hand, state.deck[:]
    act(state, "foul", 500, seat=state.timekeeper())
    assert state.phase == "waiting" and state.team != team
    assert state.deck == [*rest, card]


@pytest.mark.parametrize("rules", ["fr", "en"])
def test_round1_foul_may_be_called_by_the_cluegiver_too(rules: str) -> None:
    state = new_game(rules=rules)
    start(state)
    act(state, "foul", 500)
    assert state.phase == "waiting"


# Row 3: the round ends during a turn, with time left.


def test_fr_round_won_mid_turn_next_round_starts_with_the_next_cluegiver() -> None:
    state = new_game(rules="fr")
    team, giver = state.team, state.cluegiver()
    start(state, 0)
    win_round(state, 1)
    assert state.round == 2 and state.phase == "readback"
    everyone_ready(state, 100)
    assert state.team == (team + 1) % len(state.teams)
    assert state.cluegiver() != giver
    start(state, 1000)
    assert state.deadline == 1000 + TURN_MS  # a full timer


def test_en_round_won_mid_turn_same_team_continues_with_the_time_left() -> None:
    state = new_game(rules="en")
    team, giver = state.team, state.cluegiver()
    start(state, 0)
    win_round(state, 1)  # twelve cards won by 12 ms
    assert state.phase == "round_won" and state.time_left == TURN_MS - 12
    assert game.deadline(state) is None  # the clock is paused
    act(state, "continue", 50_000, seat=giver)
    everyone_ready(state, 60_000)
    assert state.team == team and state.cluegiver() == giver
    start(state, 70_000)
    assert state.deadline == 70_000 + TURN_MS - 12


def test_en_round_won_mid_turn_team_may_hand_the_deck_to_the_next_team() -> None:
    state = new_game(rules="en")
    team = state.team
    start(state, 0)
    win_round(state, 1)
    teammate = next(seat for seat in state.teams[team] if seat != state.cluegiver())
    act(state, "hand_over", 20, seat=teammate)
    everyone_ready(state, 30)
    assert state.team == (team + 1) % len(state.teams)
    start(state, 1000)
    assert state.deadline == 1000 + TURN_MS  # a full timer


def test_en_only_the_team_that_won_the_round_decides() -> None:
    state = new_game(rules="en")
    start(state, 0)
    win_round(state, 1)
    other = state.teams[(state.team + 1) % 2][0]
    for kind in ("continue", "hand_over"):
        with pytest.raises(game.IllegalAction) as refused:
            act(state, kind, 20, seat=other)
        assert refused.value.code == "not_your_turn"


def test_fr_has_no_continue_or_hand_over() -> None:
    state = new_game(rules="fr")
    start(state, 0)
    win_round(state, 1)
    with pytest.raises(game.IllegalAction) as refused:
        act(state, "continue", 20)
    assert refused.value.code == "wrong_phase"


def test_en_time_carried_over_rounds_two_to_three_too() -> None:
    state = new_game(rules="en")
    play_to_round(state, 2)
    start(state, 0)
    win_round(state, 1)
    assert state.phase == "round_won" and state.round == 3
    act(state, "continue", 5, seat=state.deciders()[0])
    assert state.phase == "waiting"  # no read-back after round 2


# Row 4: gestures in round 1.


@pytest.mark.parametrize(
    ("rules", "option", "key"),
    [
        ("fr", None, "talk_no_gestures"),
        ("fr", True, "talk"),
        ("en", None, "talk"),
        ("en", False, "talk_no_gestures"),
    ],
)
def test_gestures_in_round1_by_rule_set_and_option(rules: str, option: bool | None,
                                                   key: str) -> None:
    state = new_game(rules=rules, gestures_round1=option)
    view = game.view(state, 0)
    assert view["constraint"]["key"] == key
    assert view["constraint"]["text"]
