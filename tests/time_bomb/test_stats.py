"""Time Bomb end-of-game figures: every role, who cut what from whose row, claims, and each
round's cuts in order; they come with the final view's outcome."""

from __future__ import annotations

import pytest

from stats_support import finished
from tictac.games import time_bomb as game
from tictac.games.time_bomb.stats import game_stats

from .test_bots import stacked


def test_a_bomb_cut_at_once_is_the_only_cut_and_ends_the_story() -> None:
    state = stacked(holder=2)  # seat 0's first wire is the bomb
    game.apply(state, 1, {"type": "claim", "defusing": 1, "bomb": False}, 0)
    game.apply(state, 2, {"type": "cut", "target": 0, "position": 0}, 0)
    stats = game_stats(state)
    assert stats["rounds"] == [{"round": 1, "cuts": [{"cutter": 2, "target": 0, "kind": "bomb"}]}]
    assert stats["seats"][2]["cut"] == {"safe": 0, "defusing": 0, "bomb": 1}
    assert stats["seats"][0]["lost"] == {"safe": 0, "defusing": 0, "bomb": 1}
    assert [entry["claims"] for entry in stats["seats"]] == [0, 1, 0, 0, 0]
    assert [entry["role"] for entry in stats["seats"]] == state.roles
    assert game.view(state, 3)["outcome"]["stats"] == stats


@pytest.mark.parametrize("seed", range(5))
def test_every_cut_is_counted_once_for_its_cutter_and_once_for_its_row(seed: int) -> None:
    state = finished(game, 6, seed)
    stats = game_stats(state)
    for kind in ("safe", "defusing", "bomb"):
        cut = sum(entry["cut"][kind] for entry in stats["seats"])
        lost = sum(entry["lost"][kind] for entry in stats["seats"])
        assert (
            cut
            == lost
            == [reveal[5] for reveal in state.revealed].count(
                ("safe", "defusing", "bomb").index(kind)
            )
        )
    assert sum(len(entry["cuts"]) for entry in stats["rounds"]) == len(state.revealed)
