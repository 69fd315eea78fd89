"""End-of-game figures for Time's Up, read from the finished state: cards found by each team in
each round, the first name each team found in it, and the best round.

The state keeps the cards a team won per round, not per turn, so turn-by-turn figures (cards per
cluegiver) are not derived here."""

from __future__ import annotations

from typing import Any

from tictac.games.times_up.state import State


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
    return {"rounds": rounds, "best_round": best}
