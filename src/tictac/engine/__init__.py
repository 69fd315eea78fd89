"""What every game shares: the contract, seeded randomness, errors, options, replay."""

from tictac.engine.contract import Action, Event, Game, Outcome, View
from tictac.engine.errors import IllegalAction
from tictac.engine.info import GameInfo
from tictac.engine.options import Option, resolve
from tictac.engine.registry import GAMES, get_game, get_info, load, register
from tictac.engine.replay import LoggedAction, SetupArgs, replay
from tictac.engine.rng import Rng

__all__ = [
    "GAMES",
    "Action",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "LoggedAction",
    "Option",
    "Outcome",
    "Rng",
    "SetupArgs",
    "View",
    "get_game",
    "get_info",
    "load",
    "register",
    "replay",
    "resolve",
]
