"""The game's descriptor, registered in pyproject.toml's `tictac.games` entry points."""

from __future__ import annotations

from tictac.engine import GameInfo
from tictac.games import times_up
from tictac.games.times_up.state import State
from tictac.games.times_up.teams import FLOATING_SIZES, TEAM_SIZES

GAME_INFO: GameInfo[State] = GameInfo(
    rules=times_up,
    bots="tictac.bots.times_up",
    # Sent to the web client, so the lobby's team tools deal the same sizes.
    client_info={"team_sizes": TEAM_SIZES, "floating_sizes": FLOATING_SIZES},
    terminal="tictac.cli.play_times_up",
    observer="tictac.rl.times_up:TimesUpEnv",
)
