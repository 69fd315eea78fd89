"""The game's descriptor, registered in pyproject.toml's `tictac.games` entry points."""

from __future__ import annotations

from tictac.engine import GameInfo
from tictac.games import timos_twist
from tictac.games.timos_twist.audience import AUDIENCE
from tictac.games.timos_twist.moves import CODES
from tictac.games.timos_twist.state import State

GAME_INFO: GameInfo[State] = GameInfo(
    rules=timos_twist,
    bots="tictac.bots.timos_twist",
    terminal="tictac.cli.play_timos_twist",
    observer="tictac.rl.timos_twist:TimosTwistEnv",
    levels={"easy": "random", "normal": "heuristic", "hard": "search"},
    codes=CODES,
    audience=AUDIENCE,
)
