"""The game contract every game module fulfils (see docs/architecture.md, "The game contract")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from tictac.engine.options import Option
from tictac.engine.rng import Rng

StateT = TypeVar("StateT")

Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]


@dataclass
class Outcome:
    """The end of a game. `winners` are seats; `scores` one number per seat (or per team)."""

    winners: list[int]
    scores: list[int] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"winners": self.winners, "scores": self.scores, **self.detail}


@dataclass(frozen=True)
class SeatRate:
    """How often one seat may send actions of one kind, however many connections it holds. A
    limit of the server's, not a rule: the server refuses the rest with `code` before the room
    sees them, so nothing of it is logged or replayed. A game may list its own in a
    `SEAT_RATES: dict[action type, SeatRate]` (Time's Up: typed guesses)."""

    per_s: float
    burst: int
    code: str


@runtime_checkable
class Rules(Protocol[StateT]):
    """A game module, over its own state type `StateT` (each game's `GameInfo` is declared with
    its state, so mypy checks the module's signatures against it; `Game` is any game's).
    `apply` validates fully, then changes `state` in place and returns it: callers who need
    the state before the action keep a `clone()`. `apply` and `view` start with
    the checks of `tictac.engine.prologue`, so bad requests get the same codes in every game."""

    NAME: str
    TITLE: str
    MIN_PLAYERS: int
    MAX_PLAYERS: int

    @property
    def OPTIONS(self) -> Sequence[Option]:
        """Read-only, so a module's list or tuple of options fits."""
        ...

    def setup(
        self,
        players: int,
        options: Mapping[str, Any] | None,
        seed: int | str,
        stacked: Sequence[Any] | None = None,
    ) -> StateT: ...

    def legal_actions(self, state: StateT, seat: int) -> list[Action]:
        """Everything `seat` may do now: empty when it has nothing to do or is no seat."""
        ...

    def apply(
        self, state: StateT, seat: int, action: Action, now_ms: int
    ) -> tuple[StateT, list[Event]]: ...

    def view(self, state: StateT, seat: int | None) -> View: ...

    def outcome(self, state: StateT) -> Outcome | None: ...

    def to_act(self, state: StateT) -> list[int]:
        """The seats the game is waiting for: it cannot go on until one of them acts.
        Other seats may still have optional actions (a TIMO catch, a claim)."""
        ...

    def deadline(self, state: StateT) -> int | None:
        """The `now_ms` at which the room must send the game's timeout action, if any."""
        ...

    def timeout_action(self, state: StateT) -> tuple[int, Action] | None:
        """The (seat, action) the room applies when `deadline` passes."""
        ...

    def auto_action(self, state: StateT, seat: int, rng: Rng) -> Action | None:
        """The move a room's optional turn timer makes for `seat` when it runs out (Timo's Twist:
        draw, then pass; Time Bomb: a random cut). `rng` is the room's own, never the state's;
        the chosen action is logged like any other, so replays stay exact."""
        ...


# A game whatever its state: what the room, the bots and the server hold.
Game = Rules[Any]
