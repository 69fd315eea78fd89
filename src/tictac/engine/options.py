"""Game options: each game declares its options once; rooms, the CLI and the web lobby read them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tictac.engine.errors import BAD_OPTION, BAD_SETUP, IllegalAction


@dataclass(frozen=True)
class Option:
    """One option. `kind` is "bool", "int", "choice", "list" or "object"; `help` is one line for
    the host. A "list" or an "object" names its `shape`: the game's check of a value (an
    IllegalAction if it is wrong), run whenever the value is set, so a room never holds a value
    the game would refuse. A value is of its kind by type, not by equality: `true` is no seat 1
    and `1.0` no count of 1."""

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    step: int | None = None
    # The whole numbers among its choices are seats: a lobby offers those of the seated players,
    # by name (Time Bomb's first holder), not every seat a table of the most players has.
    seats: bool = False
    shape: Callable[[Any], object] | None = field(default=None, compare=False)

    def check(self, value: Any) -> Any:
        if value is None and self.default is None:
            return None
        if not self._has_kind(value):
            raise IllegalAction(BAD_OPTION, f"option {self.name!r}: {value!r:.40} is not allowed")
        if self.kind == "int":
            if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high
            ):
                raise IllegalAction(
                    BAD_OPTION, f"option {self.name!r} must be in [{self.low}, {self.high}]"
                )
            if self.step and value % self.step:
                raise IllegalAction(BAD_OPTION, f"option {self.name!r} goes in {self.step}s")
        if self.kind in ("list", "object") and self.shape is not None:
            self.shape(value)
        return value

    def _has_kind(self, value: Any) -> bool:
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "int":
            return isinstance(value, int) and not isinstance(value, bool)
        if self.kind == "choice":
            return any(type(value) is type(choice) and value == choice for choice in self.choices)
        if self.kind == "object":
            return isinstance(value, dict)
        return isinstance(value, list)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default}
        out["help"] = self.help
        if self.choices:
            out["choices"] = list(self.choices)
        for key in ("low", "high", "step"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.seats:
            out["seats"] = True
        return out


def resolve(specs: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in, every given value checked; unknown names are refused."""
    given = dict(given or {})
    known = {spec.name for spec in specs}
    for name in given:
        if name not in known:
            raise IllegalAction(BAD_OPTION, f"unknown option {name!r}")
    return {spec.name: spec.check(given.get(spec.name, spec.default)) for spec in specs}


def check_players(players: object, low: int, high: int, title: str) -> int:
    """The player count a game's `setup` was given, refused unless an int in [low, high]."""
    if type(players) is not int or not low <= players <= high:
        raise IllegalAction(BAD_SETUP, f"{title} takes {low} to {high} players, not {players!r}")
    return players
