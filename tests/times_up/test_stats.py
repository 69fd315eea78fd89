"""Time's Up end-of-game figures: cards found by each team in each round, the best round, each
 they come with the final view's outcome."""

from __future__ import annotations

import pytest

from stats_support import finished
from tictac.games import times_up as game
from tictac.games.times_up.stats import game_stats


@pytest.mark.parametrize("players", [4, 6])
def test_each_round_counts_every_card_and_the_best_round_is_the_most_found(players: int) -> None:
    state = finished(game, players, players)
    stats = game_stats(state)
    outcome = game.outcome(state)
    assert outcome is not None
    assert [entry["found"] for entry in stats["rounds"]] == outcome.detail["round_scores"]
    best = stats["best_round"]
    assert best["found"] == max(max(entry["found"]) for entry in stats["rounds"])
    assert stats["rounds"][best["round"] - 1]["found"][best["team"]] == best["found"]
    for entry in stats["rounds"]:
        for team, first in enumerate(entry["first"]):
            by_team = state.found[entry["round"] - 1][team]
            assert first == (by_team[0] if by_team else None)
    assert game.view(state, None)["outcome"]["stats"] == stats
