"""Games by name, from the `tictac.games` entry-point group: the built-in games are declared in
tictac's own pyproject.toml exactly as an installed plug-in declares its own. A game's package is
imported on first use, so the engine depends on no game."""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from tictac.engine.contract import Game, Rules
from tictac.engine.decks import DeckFormat
from tictac.engine.info import GameInfo

GROUP = "tictac.games"
DESCRIPTOR = "GAME_INFO"  # the name a target given as a bare module is read from

# name -> "module:attribute" of the game's GameInfo.
GAMES: dict[str, str] = {point.name: point.value for point in entry_points(group=GROUP)}


def register(name: str, target: str) -> None:
    """Add the game whose GameInfo is `target` ("module:attribute", or a module exporting
    `GAME_INFO`) under `name`, for a game that is importable but not installed (`--games`)."""
    target = target if ":" in target else f"{target}:{DESCRIPTOR}"
    if name in GAMES and GAMES[name] != target:
        raise ValueError(f"game {name!r} is already registered as {GAMES[name]}")
    GAMES[name] = target


def load(target: str) -> object:
    """The object named by "module:attribute"."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute, None)


def get_info(name: str) -> GameInfo[Any]:
    """The descriptor registered as `name`; its rules module is checked against the contract's
    names here (the built-in games' signatures too, by mypy, where each declares its GameInfo)."""
    try:
        target = GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}") from None
    info = load(target)
    if not isinstance(info, GameInfo):
        raise TypeError(f"{target} is no GameInfo (tictac.engine.GameInfo)")
    if not isinstance(info.rules, Rules):
        raise TypeError(f"{target} lacks a name of the game contract (tictac.engine.Game)")
    if info.name != name:
        raise TypeError(f"{target} is the game {info.name!r}, registered as {name!r}")
    return info


def get_game(name: str) -> Game:
    """The rules of the game registered as `name`."""
    return get_info(name).rules


def deck_format() -> DeckFormat | None:
    """The format of the server's shared decks: the one the games dealing from them declare
    (a deck names no game, so every such game must read the same), or None when none does."""
    formats = {info.decks for name in sorted(GAMES) if (info := get_info(name)).decks}
    if len(formats) > 1:
        raise TypeError("the games dealing from shared decks declare different formats")
    return next(iter(formats), None)
