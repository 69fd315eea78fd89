"""The three games as PettingZoo AEC environments, on the engine rooms play (docs/rl.md).

Needs the optional `rl` dependency group (`uv sync --group rl`); serving never imports this.
"""

from __future__ import annotations

from tictac.rl.base import TictacEnv
from tictac.rl.time_bomb import TimeBombEnv
from tictac.rl.times_up import TimesUpEnv
from tictac.rl.timos_twist import TimosTwistEnv

ENVS: dict[str, type[TictacEnv]] = {
    "timos-twist": TimosTwistEnv,
    "time-bomb": TimeBombEnv,
    "times-up": TimesUpEnv,
}

__all__ = ["ENVS", "TictacEnv", "TimeBombEnv", "TimesUpEnv", "TimosTwistEnv"]
