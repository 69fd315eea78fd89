"""Extra time for a seat (docs/rulings.md, "Extra time for a seat"): option `extra_seconds`
lengthens every turn of a team by the most its members were given, and only that team's;
values out of their bounds are refused."""

from __future__ import annotations

import pytest

from tictac.engine import IllegalAction
from tictac.games import times_up as game

from .support import act, new_game, start


def test_a_teams_turns_last_the_extra_time_of_its_member_and_no_one_elses() -> None:
    # Teams (0, 1) and (2, 3); seat 3 was given 20 s, seat 0 10 s.
    state = new_game(4, extra_seconds=[10, 0, 0, 20], turn_seconds=30)
    lengths = {}
    now = 0
    for _ in range(4):
        team = state.team
        start(state, now)
        assert state.deadline is not None
        lengths.setdefault(team, set()).add(state.deadline - now)
        act(state, "found", state.deadline - 1)  # a card found in time, then the clock runs out
        now = state.deadline
        timed_out = game.timeout_action(state)
        assert timed_out is not None
        game.apply(state, timed_out[0], timed_out[1], now)
    assert lengths == {0: {40_000}, 1: {50_000}}


@pytest.mark.parametrize("bad", [[121], [-5], [True], ["10"], [0] * 13, 30])
def test_extra_seconds_out_of_bounds_are_refused(bad: object) -> None:
    with pytest.raises(IllegalAction) as refusal:
        new_game(4, extra_seconds=bad)
    assert refusal.value.code == "bad_option"
