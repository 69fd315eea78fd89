"""End-of-game figures for Timo's Twist, read from the finished state: rounds won and points by
seat, the richest round, and the hands left on the table when the last round ended: how many
cards each holds and what they count (the cards themselves are in that round's `round_over`
event; a finished game's view names no card another seat held)."""

from __future__ import annotations

from typing import Any

from tictac.games.timos_twist.cards import hand_points
from tictac.games.timos_twist.state import State


def game_stats(state: State) -> dict[str, Any]:
    wins = [0] * state.players
    best_points = [0] * state.players
    for winner, points in state.rounds:
        wins[winner] += 1
        best_points[winner] = max(best_points[winner], points)
    last_winner = state.rounds[-1][0] if state.rounds else None
    hands = [
        {"seat": seat, "cards": len(hand), "points": hand_points(hand)}
        for seat, hand in enumerate(state.hands)
    ]
    left = [entry for entry in hands if entry["seat"] != last_winner]
    richest = max(
        (
            {"round": number, "seat": winner, "points": points}
            for number, (winner, points) in enumerate(state.rounds, start=1)
        ),
        key=lambda entry: entry["points"],
        default=None,
    )
    return {
        "seats": [
            {
                "seat": seat,
                "rounds_won": wins[seat],
                "points": state.scores[seat],
                "best_round": best_points[seat],
            }
            for seat in range(state.players)
        ],
        "richest_round": richest,
        "biggest_hand_left": max(
            left, key=lambda entry: (entry["cards"], entry["points"]), default=None
        ),
        "last_hands": hands,
    }
