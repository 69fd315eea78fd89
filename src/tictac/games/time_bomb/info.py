"""The game's descriptor, registered in pyproject.toml's `tictac.games` entry points."""

from __future__ import annotations

from tictac.engine import GameInfo
from tictac.games import time_bomb
from tictac.games.time_bomb.audience import AUDIENCE
from tictac.games.time_bomb.rules import CODES
from tictac.games.time_bomb.state import State

GAME_INFO: GameInfo[State] = GameInfo(
    rules=time_bomb,
    bots="tictac.bots.time_bomb",
    terminal="tictac.cli.play_time_bomb",
    observer="tictac.rl.time_bomb:TimeBombEnv",
    levels={"easy": "random", "normal": "reasoning", "hard": "search"},
    codes=CODES,
    audience=AUDIENCE,
)
