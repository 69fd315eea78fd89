"""The three games as PettingZoo AEC environments, on the engine rooms play (docs/rl.md).

Needs the optional `rl` dependency group (`uv sync --group rl`); serving never imports this.
"""

from __future__ import annotations

from tictac.engine import GAMES, get_info, load
from tictac.rl.base import TictacEnv
from tictac.rl.time_bomb import TimeBombEnv
from tictac.rl.times_up import TimesUpEnv
from tictac.rl.timos_twist import TimosTwistEnv


def _environments() -> dict[str, type[TictacEnv]]:
    """Each game's environment, named by its descriptor's `observer`."""
    found: dict[str, type[TictacEnv]] = {}
    for name in GAMES:
        if observer := get_info(name).observer:
            env = load(observer)
            if not (isinstance(env, type) and issubclass(env, TictacEnv)):
                raise TypeError(f"{observer}, the observer of {name}, is no TictacEnv")
            found[name] = env
    return found


ENVS = _environments()

__all__ = ["ENVS", "TictacEnv", "TimeBombEnv", "TimesUpEnv", "TimosTwistEnv"]
