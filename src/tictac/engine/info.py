"""`GameInfo`: all that the server, the bots, the command line and the web client know of one
game, exported by the game's package and registered in the `tictac.games` entry-point group.
Every capability a game may offer beyond the game contract is declared here, once, typed; the
rooms and the server read it here and import no game (docs/architecture.md, "Adding a game")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic

from tictac.engine.audience import AudienceBallot
from tictac.engine.contract import Rules, StateT
from tictac.engine.decks import DeckFormat
from tictac.engine.errors import Codes
from tictac.engine.options import Option


@dataclass(frozen=True)
class GameInfo(Generic[StateT]):
    """One game. `rules` is the module keeping the game contract; the parts that live in other
    packages (its bots, its terminal front end, its RL environment) are named by dotted path and
    imported only when used, so a game imports none of those packages (they import the game)."""

    rules: Rules[StateT]
    bots: str  # the module holding `BOTS`
    client_info: Mapping[str, Any] = field(default_factory=dict)  # sent to the web client as is
    # The folder holding the game's `client.js` (and rules pages), served under
    # `/games/<name>/`; None for the built-in games, whose screens are the web client's own.
    client_folder: Path | None = None
    terminal: str | None = None  # the module of its `tictac play` front end, if it has one
    observer: str | None = None  # `module:class` of its RL environment, if it has one
    # The bot (of `BOTS`) each difficulty a room offers plays as (`tictac.bots.LEVELS`: easy,
    # normal, hard); a game may name none, and then a room offers its bots by their own names.
    levels: Mapping[str, str] = field(default_factory=dict)
    # Its bots only model a table for simulations: a room seats none (Time's Up, whose cards
    # are won by guessers hearing clues, which no bot can do).
    simulation_only: bool = False
    # Its own refusal codes beside the engine's (`tictac.engine.errors`), each with its meaning:
    # the built-in games' docs/games tables are written from them.
    codes: Codes = field(default_factory=Codes)
    audience: AudienceBallot[StateT] | None = None  # what its audience votes on, if it has one
    decks: DeckFormat | None = None  # the format of its shared decks, if it deals from them
    # Its options as anyone may see them (the room summary, a replay): None shows them all;
    # Time's Up shows a shared deck's title and count, never its cards.
    public_options: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    # Loads what the game reads lazily (Time's Up's word lists), run by a server on a thread
    # shortly after it starts, rather than on a room's first move that needs it.
    warm: Callable[[], None] | None = None

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

    def shown_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """`options` as anyone may see them (`public_options`)."""
        return dict(options) if self.public_options is None else self.public_options(options)
