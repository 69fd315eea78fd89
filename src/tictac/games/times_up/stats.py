"""End-of-game figures for Time's Up, read from the finished state: cards found by each team in
each round, the first name each team found in it, the best round, the cards each cluegiver made
their team find, the best turn, and how many typed verdicts the cluegivers overruled.

A turn's finds are the cards its team won in that round from the turn's start up to the team's
next turn of the round (the state records where each turn started)."""

from __future__ import annotations

from typing import Any

from tictac.games.times_up.state import State, Turn


def game_stats(state: State) -> dict[str, Any]:
    rounds = [
        {
            "round": number,
            "found": [len(cards) for cards in by_team],
            "first": [cards[0] if cards else None for cards in by_team],
        }
        for number, by_team in enumerate(state.found, start=1)
    ]
    best = max(
        (
            {"round": number, "team": team, "found": len(cards)}
            for number, by_team in enumerate(state.found, start=1)
            for team, cards in enumerate(by_team)
        ),
        key=lambda entry: entry["found"],
        default=None,
    )
    turns = turn_finds(state)
    givers: dict[int, dict[str, int]] = {}
    for turn in turns:
        entry = givers.setdefault(turn["seat"], {"seat": turn["seat"], "turns": 0, "found": 0})
        entry["turns"] += 1
        entry["found"] += turn["found"]
    return {
        "rounds": rounds,
        "best_round": best,
        "cluegivers": sorted(givers.values(), key=lambda entry: (-entry["found"], entry["seat"])),
        # The first of the turns that found the most: the one that set the record.
        "best_turn": max(turns, key=lambda turn: turn["found"], default=None),
        "overrules": state.overrules,
    }


def turn_finds(state: State) -> list[dict[str, int]]:
    """Every turn played, in order: its round, team, cluegiver (`seat`) and the cards it found."""
    return [
        {"round": turn.round, "team": turn.team, "seat": turn.cluegiver,
         "found": _won_until(state, state.turns[index + 1:], turn) - turn.won_before}
        for index, turn in enumerate(state.turns)
    ]


def _won_until(state: State, later: list[Turn], turn: Turn) -> int:
    """How many cards the turn's team had won in its round when its next turn of the round
    started, or at the end of the round (or game) when it had none."""
    for other in later:
        if (other.round, other.team) == (turn.round, turn.team):
            return other.won_before
    return len(state.found[turn.round - 1][turn.team])
