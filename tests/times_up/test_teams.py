"""Teams and turns for 4 to 12 players: sizes, drawing and placing, rotation, the timekeeper,
the floating player at 5 and 7."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest

from tictac.engine import IllegalAction
from tictac.games import times_up as game

from .support import act, new_game, start

EXPECTED_SIZES = {
    4: [2, 2],
    5: [2, 2],  # + a floating player
    6: [2, 2, 2],
    7: [2, 2, 2],  # + a floating player
    8: [2, 2, 2, 2],
    9: [3, 3, 3],
    10: [3, 3, 2, 2],
    11: [3, 3, 3, 2],
    12: [3, 3, 3, 3],
}


@pytest.mark.parametrize("players", range(4, 13))
def test_team_sizes_by_player_count(players: int) -> None:
    state = new_game(players, odd_players="float")
    assert sorted(map(len, state.teams), reverse=True) == EXPECTED_SIZES[players]
    assert (state.floater is not None) == (players in (5, 7))
    seats = [seat for team in state.teams for seat in team]
    if state.floater is not None:
        seats.append(state.floater)
    assert sorted(seats) == list(range(players))


def test_teams_of_three_at_nine_and_twelve() -> None:
    for players in (9, 12):
        assert {len(team) for team in new_game(players, teams=None).teams} == {3}


def test_mixed_teams_at_ten_and_eleven() -> None:
    for players in (10, 11):
        assert {len(team) for team in new_game(players, odd_players="float").teams} == {2, 3}


@pytest.mark.parametrize(("players", "sizes"), [(5, [3, 2]), (7, [3, 2, 2])])
def test_uneven_teams_at_five_and_seven(players: int, sizes: list[int]) -> None:
    state = new_game(players, odd_players="uneven_teams")
    assert state.floater is None
    assert sorted(map(len, state.teams), reverse=True) == sizes


def test_teams_are_drawn_from_the_seed() -> None:
    draws = {new_game(6, seed, teams=None, odd_players="float").teams for seed in range(12)}
    assert len(draws) > 1
    assert new_game(6, 3, odd_players="float").teams == new_game(6, 3, odd_players="float").teams


def test_host_may_place_the_teams() -> None:
    state = new_game(6, teams=[[5, 0], [1, 4], [2, 3]])
    assert state.teams == ((5, 0), (1, 4), (2, 3))


def test_host_may_place_a_floating_player_by_leaving_one_seat_out() -> None:
    state = new_game(5, teams=[[0, 1], [2, 3]], odd_players="float")
    assert state.floater == 4


@pytest.mark.parametrize(
    "teams",
    [
        [[0, 1], [2, 2]],
        [[0, 1, 2, 3]],
        [[0], [1, 2, 3]],
        [[0, 1], [2, 9]],
        [[0, 1], [2, "3"]],
        [[0, 1], [2, True]],
        [[0, 1], 5],
        [[0, 1], [2]],
    ],
)
def test_badly_placed_teams_are_refused(teams: list[object]) -> None:
    with pytest.raises(IllegalAction) as refused:
        game.setup(4, {"pack": "players", "teams": teams}, 1)
    assert refused.value.code == "bad_option"


def test_a_seat_left_out_is_refused_without_floating() -> None:
    with pytest.raises(IllegalAction) as refused:
        game.setup(5, {"pack": "players", "teams": [[0, 1], [2, 3]],
                       "odd_players": "uneven_teams"}, 1)
    assert refused.value.code == "bad_option"


def _turns(players: int, count: int, **options: object) -> list[tuple[int, int, int]]:
    """(team, cluegiver, timekeeper) of `count` turns, each ended by time."""
    state = new_game(players, names=3, **options)
    seen = []
    now = 0
    for _ in range(count):
        seen.append((state.team, state.cluegiver(), state.timekeeper()))
        start(state, now)
        now += 30_000
        act(state, "time_up", now)
    return seen


@pytest.mark.parametrize("players", range(4, 13))
def test_turns_go_team_by_team_and_the_cluegiver_rotates(players: int) -> None:
    state = new_game(players, odd_players="uneven_teams")
    team_count = len(state.teams)
    cycles = 6  # enough for every member of a team of three to give clues twice
    turns = _turns(players, team_count * cycles, odd_players="uneven_teams")
    assert [team for team, _, _ in turns] == [t % team_count for t in range(len(turns))]
    for team, members in enumerate(state.teams):
        givers = [giver for t, giver, _ in turns if t == team]
        assert givers == [members[i % len(members)] for i in range(cycles)]
    # every team plays the same number of turns, whatever its size
    assert set(Counter(team for team, _, _ in turns).values()) == {cycles}


@pytest.mark.parametrize("players", range(4, 13))
def test_en_the_timekeeper_is_a_member_of_the_next_team(players: int) -> None:
    """en sheet: "The next team clockwise ... takes the timer"."""
    state = new_game(players, odd_players="uneven_teams", rules="en")
    team_count = len(state.teams)
    turns = _turns(players, team_count * 2, odd_players="uneven_teams", rules="en")
    for team, giver, keeper in turns:
        assert giver in state.teams[team]
        assert keeper in state.teams[(team + 1) % team_count]


def test_fr_the_cluegiver_who_just_played_keeps_time_with_three_teams() -> None:
    """fr rule set: the cluegiver who has just played, the player to the right of the new
    cluegiver, keeps time, whatever the number of teams. 6 players, seats clockwise 0..5,
    teammates facing each other."""
    turns = _turns(6, 6, teams=[[0, 3], [1, 4], [2, 5]], rules="fr")
    assert [giver for _, giver, _ in turns] == [0, 1, 2, 3, 4, 5]
    assert [keeper for _, _, keeper in turns] == [5, 0, 1, 2, 3, 4]


@pytest.mark.parametrize("players", range(4, 13))
def test_fr_the_timekeeper_is_the_cluegiver_of_the_turn_before(players: int) -> None:
    state = new_game(players, odd_players="uneven_teams", rules="fr")
    turns = _turns(players, len(state.teams) * 3, odd_players="uneven_teams", rules="fr")
    for (_, giver, _), (_, _, keeper) in pairwise(turns):
        assert keeper == giver


@pytest.mark.parametrize("players", [5, 7])
def test_the_floating_player_joins_the_next_team_each_round(players: int) -> None:
    state = new_game(players, names=2, odd_players="float", fourth_round=True)
    assert state.floater is not None
    joined = []
    now = 0
    while state.phase != "over":
        if state.phase == "waiting":
            joined.append((state.round, [t for t in range(len(state.teams))
                                         if state.floater in state.members(t)]))
            act(state, "start", now)
        elif state.phase == "running":
            act(state, "found", now)
        else:
            for seat in game.to_act(state):
                game.apply(state, seat, game.legal_actions(state, seat)[0], now)
        now += 10
    for round_no, teams in joined:
        assert teams == [(round_no - 1) % len(state.teams)]
    assert {round_no for round_no, _ in joined} == {1, 2, 3, 4}


def test_the_floating_player_gives_clues_in_turn_with_their_team_of_the_round() -> None:
    turns = _turns(5, 6, teams=[[0, 1], [2, 3]], odd_players="float")
    # round 1: seat 4 floats with team 0, which rotates 0, 1, 4
    assert [giver for team, giver, _ in turns if team == 0] == [0, 1, 4]
    assert [giver for team, giver, _ in turns if team == 1] == [2, 3, 2]


def test_with_two_teams_the_cluegiver_who_just_played_keeps_time_next() -> None:
    turns = _turns(4, 8)
    for (_, giver, _), (_, _, keeper) in pairwise(turns):
        assert keeper == giver
