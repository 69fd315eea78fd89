"""Time Bomb (its rules sheet and docs/rulings.md): Sherlock's team looks for the defusing wires,
Moriarty's for the bomb, nobody knows who is who. The game module of the contract in
`tictac.engine.contract`."""

from tictac.games.time_bomb.rules import (
    apply,
    auto_action,
    deadline,
    legal_actions,
    outcome,
    timeout_action,
    to_act,
)
from tictac.games.time_bomb.setup import OPTIONS, setup
from tictac.games.time_bomb.state import State
from tictac.games.time_bomb.table import MAX_PLAYERS, MIN_PLAYERS
from tictac.games.time_bomb.views import NAME, view

TITLE = "Time Bomb"

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "OPTIONS",
    "TITLE",
    "State",
    "apply",
    "auto_action",
    "deadline",
    "legal_actions",
    "outcome",
    "setup",
    "timeout_action",
    "to_act",
    "view",
]
