"""Timo's Twist's audience: who empties their hand first (wins the first round); open until a
hand is down to `CLOSE_AT` cards or the first round ends (docs/rulings.md, "The audience")."""

from __future__ import annotations

from typing import Any

from tictac.engine.audience import AudienceBallot, Ballot, NameOf, Votes
from tictac.games.timos_twist.state import State

CLOSE_AT = 3  # the guess closes once a hand is down to this many cards
SHOWN_NAMES = 20  # the right guessers named at the end (the rest are counted)


def ballot(state: State) -> Ballot | None:
    if state.rounds or min(map(len, state.hands)) <= CLOSE_AT:
        return None
    return Ballot("first-out", "first_out",
                  [{"id": seat, "seat": seat} for seat in range(state.players)])


def results(state: State, votes: Votes, name_of: NameOf) -> dict[str, Any]:
    winner = state.rounds[0][0]
    cast = votes.get("first-out", {})
    right = [name for pid, choice in cast.items()
             if choice == winner and (name := name_of(int(pid))) is not None]
    return {"kind": "first_out", "winner": winner, "votes": len(cast), "right": len(right),
            "names": right[:SHOWN_NAMES]}


AUDIENCE: AudienceBallot[State] = AudienceBallot(ballot, results)
