"""Games by name. Modules are imported on first use so the engine depends on no game."""

from __future__ import annotations

import importlib

from tictac.engine.contract import Game

GAMES: dict[str, str] = {
    "timos-twist": "tictac.games.timos_twist",
    "time-bomb": "tictac.games.time_bomb",
    "times-up": "tictac.games.times_up",
}


def register(name: str, module: str) -> None:
    """Add a game played from `module` (a dotted import path) under `name`; the server, the
    bots' lookup and the client's manifest all read this one table."""
    if name in GAMES and GAMES[name] != module:
        raise ValueError(f"game {name!r} is already registered as {GAMES[name]}")
    GAMES[name] = module


def get_game(name: str) -> Game:
    """The game module registered as `name`. Its names are checked against the contract here;
    the built-in games' signatures too, by mypy, in `tictac.games.checked`."""
    try:
        path = GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}") from None
    module = importlib.import_module(path)
    if not isinstance(module, Game):
        raise TypeError(f"{path} lacks a name of the game contract (tictac.engine.Game)")
    return module
