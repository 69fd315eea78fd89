"""Rebuild a state from its setup and its action log: how rooms restart and replays are made."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tictac.engine.contract import Action, Game


@dataclass(frozen=True)
class SetupArgs:
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int | str = 0
    stacked: Sequence[Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "stacked": None if self.stacked is None else list(self.stacked),
        }


# slots: a room keeps every action of its game, and a __dict__ each was most of one's memory
@dataclass(frozen=True, slots=True)
class LoggedAction:
    seat: int
    action: Action
    now_ms: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action, "now_ms": self.now_ms}


def replay(game: Game, setup_args: SetupArgs, log: Iterable[LoggedAction]) -> Any:
    """The state after every logged action. A log holds only accepted actions, so any
    IllegalAction raised here means the log and the game's rules disagree: it propagates."""
    state = game.setup(setup_args.players, setup_args.options, setup_args.seed, setup_args.stacked)
    for entry in log:
        state, _ = game.apply(state, entry.seat, entry.action, entry.now_ms)
    return state
