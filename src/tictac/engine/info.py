"""`GameInfo`: all that the server, the bots, the command line and the web client know of one
game, exported by the game's package and registered in the `tictac.games` entry-point group."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic

from tictac.engine.contract import Rules, StateT
from tictac.engine.options import Option


@dataclass(frozen=True)
class GameInfo(Generic[StateT]):
    """One game. `rules` is the module keeping the game contract; the parts that live in other
    packages (its bots, its terminal front end, its RL environment) are named by dotted path and
    imported only when used, so a game imports none of those packages (they import the game)."""

    rules: Rules[StateT]
    bots: str  # the module holding `BOTS` (and optionally `LEVELS`, `SIMULATION_ONLY`)
    client_info: Mapping[str, Any] = field(default_factory=dict)  # sent to the web client as is
    # The folder holding the game's `client.js` (and rules pages), served under
    # `/games/<name>/`; None for the built-in games, whose screens are the web client's own.
    client_folder: Path | None = None
    terminal: str | None = None  # the module of its `tictac play` front end, if it has one
    observer: str | None = None  # `module:class` of its RL environment, if it has one

    @property
    def name(self) -> str:
        return self.rules.NAME

    @property
    def title(self) -> str:
        return self.rules.TITLE

    @property
    def min_players(self) -> int:
        return self.rules.MIN_PLAYERS

    @property
    def max_players(self) -> int:
        return self.rules.MAX_PLAYERS

    @property
    def options(self) -> Sequence[Option]:
        return self.rules.OPTIONS
