"""Where mypy proves that every built-in game fulfils the contract, signatures included.

Nothing imports this module at run time. It lives beside the games, not in the engine, which
imports no game (tests/test_imports.py); here mypy knows each game module's full types. A test
keeps it in step with `GAMES`.
"""

from __future__ import annotations

from tictac.engine.contract import Game
from tictac.games import time_bomb, times_up, timos_twist

CHECKED: dict[str, Game] = {
    "timos-twist": timos_twist,
    "time-bomb": time_bomb,
    "times-up": times_up,
}
