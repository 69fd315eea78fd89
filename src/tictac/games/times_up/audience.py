"""Time's Up's audience: each round, its funniest turn (one of the turns the round has started,
its first `MAX_TURNS`, named by its cluegiver); the ballot stays open until the next round's
first turn starts (docs/rulings.md, "The audience")."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tictac.engine.audience import AudienceBallot, Ballot, NameOf, Votes, round_of
from tictac.games.times_up.phases import OVER
from tictac.games.times_up.state import State

# A round's ballot offers its first this many turns (a round of more is one nobody would scroll
# through; it keeps the `audience` message small: docs/server.md, "Bounds").
MAX_TURNS = 40


def ballot(state: State) -> Ballot | None:
    if state.phase == OVER or not state.turns:
        return None
    current = state.turns[-1].round
    turns = [{"id": index, "seat": turn.cluegiver, "team": turn.team}
             for index, turn in enumerate(state.turns) if turn.round == current]
    return Ballot(f"round-{current}", "funniest", turns[:MAX_TURNS])


def results(state: State, votes: Votes, name_of: NameOf) -> dict[str, Any]:
    """Each round's funniest turns: the most voted for (several if they tie)."""
    rounds = []
    for key, cast in sorted(votes.items(), key=lambda item: round_of(item[0])):
        tally = Counter(cast.values())
        most = max(tally.values(), default=0)
        rounds.append({"round": round_of(key), "votes": len(cast), "top": [
            {"id": index, "seat": state.turns[index].cluegiver, "team": state.turns[index].team,
             "votes": most} for index in sorted(tally) if tally[index] == most]})
    return {"kind": "funniest", "rounds": rounds}


AUDIENCE: AudienceBallot[State] = AudienceBallot(ballot, results)
