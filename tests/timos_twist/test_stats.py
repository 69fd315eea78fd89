"""Timo's Twist end-of-game figures: rounds won, points, the richest round, the biggest hand
left when the game ended; they come with the final view's outcome."""

from __future__ import annotations

import pytest

from stats_support import finished
from tictac.games import timos_twist as game
from tictac.games.timos_twist.cards import INDEX, hand_points
from tictac.games.timos_twist.stats import game_stats


@pytest.mark.parametrize("seed", range(6))
def test_rounds_won_and_points_add_up_to_the_rounds_played(seed: int) -> None:
    state = finished(game, 3, seed, target_score=150)
    stats = game_stats(state)
    seats = stats["seats"]
    assert sum(entry["rounds_won"] for entry in seats) == len(state.rounds)
    assert [entry["points"] for entry in seats] == state.scores
    assert stats["richest_round"]["points"] == max(points for _, points in state.rounds)
    for entry in seats:
        assert entry["best_round"] <= entry["points"]
        assert (entry["best_round"] > 0) == (entry["rounds_won"] > 0 and entry["points"] > 0)


def test_the_biggest_hand_left_is_the_largest_losing_hand_of_the_last_round() -> None:
    state = finished(game, 4, 7, target_score=1)
    state.hands = [[], [INDEX["blue-1"]], [INDEX["plus4"], INDEX["green-9"]], [INDEX["pink-3"]]]
    state.rounds = [(0, 99)]
    biggest = game_stats(state)["biggest_hand_left"]
    assert biggest == {"seat": 2, "cards": 2, "points": hand_points(state.hands[2])}


def test_the_last_hands_count_every_card_left_and_what_it_is_worth() -> None:
    state = finished(game, 3, 5, target_score=1)
    state.hands = [[], [INDEX["blue-7"], INDEX["pink-skip"]], [INDEX["plus4"]]]
    assert game_stats(state)["last_hands"] == [
        {"seat": 0, "cards": 0, "points": 0},
        {"seat": 1, "cards": 2, "points": 7 + 20},
        {"seat": 2, "cards": 1, "points": 50},
    ]


def test_the_last_hands_of_a_finished_game_are_those_its_last_round_revealed() -> None:
    state = game.setup(2, {"target_score": 1}, 4)
    events: list[dict[str, object]] = []
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        action = game.legal_actions(state, seat)[0]
        events += game.apply(state, seat, action, 10**9)[1]
    over = [event for event in events if event["type"] == "round_over"][-1]
    last = game_stats(state)["last_hands"]
    assert [entry["cards"] for entry in last] == [len(hand) for hand in over["hands"]]
    assert [entry["points"] for entry in last] == over["hand_points"]


def test_the_final_view_carries_the_stats_and_play_does_not() -> None:
    state = finished(game, 2, 3, target_score=1)
    assert game.view(state, None)["outcome"]["stats"] == game_stats(state)
    fresh = game.setup(2, {}, 3)
    assert game.view(fresh, 0)["outcome"] is None
