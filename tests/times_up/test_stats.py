"""Time's Up end-of-game figures: cards found by each team in each round, the best round, the
cards each cluegiver's turns found and the best turn; they come with the final view's outcome."""

from __future__ import annotations

import pytest

from stats_support import finished
from tictac.games import times_up as game
from tictac.games.times_up.guess import matches
from tictac.games.times_up.stats import game_stats, turn_finds

from .support import TURN_MS, act, name_in_hand, new_game, start


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


def found_times(state: game.State, count: int, now: int) -> int:
    for _ in range(count):
        act(state, "found", now)
        now += 1
    return now


def test_cards_per_cluegiver_and_the_best_turn_come_from_each_turn_played() -> None:
    """12 cards in round 1: team 0's first cluegiver finds 2; team 1's finds 4 but takes one
    back (a turn counts what it kept: 3); team 0's second finds 3; team 1's second the last 4."""
    state = new_game(4, names=3)
    givers = []
    start(state, 0)
    givers.append(state.cluegiver())
    found_times(state, 2, 10)
    act(state, "time_up", TURN_MS)
    start(state, 40_000)
    givers.append(state.cluegiver())
    found_times(state, 3, 40_010)
    act(state, "guess", 40_100, seat=state.guessers()[0], text=name_in_hand(state))
    act(state, "overrule", 40_200, guess=0)  # the fourth card taken back
    act(state, "time_up", 40_000 + TURN_MS)
    start(state, 80_000)
    givers.append(state.cluegiver())
    found_times(state, 3, 80_010)
    act(state, "time_up", 80_000 + TURN_MS)
    start(state, 120_000)
    givers.append(state.cluegiver())
    found_times(state, 4, 120_010)
    assert state.round == 2
    assert [len(cards) for cards in state.found[0]] == [5, 7]
    assert len(set(givers)) == 4

    stats = game_stats(state)
    assert turn_finds(state) == [
        {"round": 1, "team": 0, "seat": givers[0], "found": 2},
        {"round": 1, "team": 1, "seat": givers[1], "found": 3},
        {"round": 1, "team": 0, "seat": givers[2], "found": 3},
        {"round": 1, "team": 1, "seat": givers[3], "found": 4},
    ]
    assert stats["cluegivers"] == [
        {"seat": givers[3], "turns": 1, "found": 4},
        {"seat": min(givers[1], givers[2]), "turns": 1, "found": 3},
        {"seat": max(givers[1], givers[2]), "turns": 1, "found": 3},
        {"seat": givers[0], "turns": 1, "found": 2},
    ]
    assert stats["best_turn"] == {"round": 1, "team": 1, "seat": givers[3], "found": 4}


def test_the_best_turn_is_the_first_to_find_the_most_and_a_foul_turn_counts_its_finds() -> None:
    state = new_game(4, names=3)
    start(state, 0)
    first = state.cluegiver()
    found_times(state, 3, 10)
    act(state, "time_up", TURN_MS)
    start(state, 40_000)
    found_times(state, 3, 40_010)
    act(state, "foul", 40_100, seat=state.timekeeper())
    stats = game_stats(state)
    assert [turn["found"] for turn in turn_finds(state)] == [3, 3]
    assert stats["best_turn"] == {"round": 1, "team": 0, "seat": first, "found": 3}


def test_every_card_found_in_a_bot_game_belongs_to_one_turn() -> None:
    state = finished(game, 4, 11)
    turns = turn_finds(state)
    assert turns and all(turn["found"] >= 0 for turn in turns)
    assert sum(turn["found"] for turn in turns) == sum(state.team_scores())
    assert {entry["seat"] for entry in game_stats(state)["cluegivers"]} == {
        turn["seat"] for turn in turns}


def test_the_end_stats_count_the_overrules_and_an_overrule_teaches_the_checker_nothing() -> None:
    """Each overrule counts once in the game's stats; the guess checker's verdict on the same
    words for the same card is what it was before (the overrule is the table's word on that one
    guess, nothing more)."""
    state = new_game(4, names=3)
    start(state, 0)
    card = name_in_hand(state)
    judge = state.settings.judge
    typed = card + " Junior"
    assert not matches(typed, card, judge)
    act(state, "guess", 100, seat=state.guessers()[0], text=typed)
    assert act(state, "overrule", 200, guess=0)[0]["type"] == "overruled"  # accepted after all
    act(state, "guess", 300, seat=state.guessers()[0], text=name_in_hand(state))
    act(state, "overrule", 400, guess=1)  # a right one refused
    assert game_stats(state)["overrules"] == 2
    assert not matches(typed, card, judge)
    act(state, "time_up", TURN_MS)
    start(state, 40_000)
    assert game_stats(state)["overrules"] == 2
    assert game_stats(finished(game, 4, 4))["overrules"] == 0
