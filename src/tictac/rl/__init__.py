"""The three games as PettingZoo AEC environments, on the engine rooms play (docs/rl.md);
importing it also registers one seat of each with Gymnasium (`GYMNASIUM_IDS`).

Needs the optional `rl` dependency group (`uv sync --group rl`); serving never imports this.
"""

from __future__ import annotations

import gymnasium

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

# Gymnasium's names for one seat of each game against our random bots
# (`tictac.rl.single_agent.SingleAgentEnv`; `gymnasium.make`'s keywords reach it).
GYMNASIUM_IDS = {
    "tictac/TimosTwist-v0": {"game": "timos-twist", "players": 2},
    "tictac/TimeBomb-v0": {"game": "time-bomb", "players": 4},
    "tictac/TimesUp-v0": {"game": "times-up", "players": 4},
}
for _id, _kwargs in GYMNASIUM_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(_id, entry_point="tictac.rl.single_agent:SingleAgentEnv",
                           kwargs=_kwargs)

__all__ = ["ENVS", "GYMNASIUM_IDS", "TictacEnv", "TimeBombEnv", "TimesUpEnv", "TimosTwistEnv"]
