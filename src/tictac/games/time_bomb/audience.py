"""Time Bomb's audience: each round, who they think is Moriarty (a seat); the round's ballot
closes when the next round is dealt or the game ends (docs/rulings.md, "The audience")."""

from __future__ import annotations

from typing import Any

from tictac.engine.audience import AudienceBallot, Ballot, NameOf, Votes, round_of
from tictac.games.time_bomb.state import State
from tictac.games.time_bomb.table import MORIARTY


def ballot(state: State) -> Ballot | None:
    if state.team is not None:
        return None
    return Ballot(f"round-{state.round}", "moriarty",
                  [{"id": seat, "seat": seat} for seat in range(state.players)])


def results(state: State, votes: Votes, name_of: NameOf) -> dict[str, Any]:
    moriarty = [seat for seat, role in enumerate(state.roles) if role == MORIARTY]
    rounds = [{"round": round_of(key), "votes": len(cast),
               "right": sum(1 for choice in cast.values() if choice in moriarty)}
              for key, cast in sorted(votes.items(), key=lambda item: round_of(item[0]))]
    return {"kind": "moriarty", "moriarty": moriarty, "rounds": rounds,
            "votes": sum(row["votes"] for row in rounds),
            "right": sum(row["right"] for row in rounds)}


AUDIENCE: AudienceBallot[State] = AudienceBallot(ballot, results)
