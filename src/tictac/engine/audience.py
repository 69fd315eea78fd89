"""What a game's audience votes on: a game that has an audience declares it on its `GameInfo`
(`audience=AudienceBallot(ballot, results)`), read off the game's state (public facts only).
The room keeps the votes and tells them (`tictac.rooms.audience`); the game only says what is
open to a vote now and, once it is over, how the audience did (docs/rulings.md, "The audience";
docs/architecture.md, "Adding a game")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic

from tictac.engine.contract import StateT

# A ballot's key -> the voters' votes on it: place id (as a string) -> the choice's id.
Votes = Mapping[str, Mapping[str, int]]
# A voter's name by their place id (None for a place no longer in the room).
NameOf = Callable[[int], str | None]


@dataclass(frozen=True)
class Ballot:
    """What the audience may vote on now: `key` names it in the votes (a new key opens a new
    vote), `kind` names the question (the web client's `audience.ask.<kind>` text), `choices`
    are what may be voted for: each an `id` and the `seat` it names, and the game's own keys."""

    key: str
    kind: str
    choices: list[dict[str, int]]

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "kind": self.kind, "choices": self.choices}


@dataclass(frozen=True)
class AudienceBallot(Generic[StateT]):
    """A game's audience: `ballot(state)` is the vote open while the game is played (None: none
    now), `results(state, votes, name_of)` how the audience did once the game is over, a JSON
    object with the ballot's `kind` (the game's JS module draws it: `audienceResults`)."""

    ballot: Callable[[StateT], Ballot | None]
    results: Callable[[StateT, Votes, NameOf], dict[str, Any]]


def round_of(key: str) -> int:
    """The round a ballot keyed `round-<n>` is about."""
    return int(key.removeprefix("round-"))
