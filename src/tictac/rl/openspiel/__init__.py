"""The games as OpenSpiel games (docs/rl.md, "OpenSpiel"): importing this module registers
`tictac_timos_twist`, `tictac_time_bomb` and `tictac_mini_time_bomb` with pyspiel, so that
`pyspiel.load_game` finds them. Needs the optional `spiel` dependency group; serving never
imports it."""

from tictac.rl.openspiel.mini_time_bomb import MiniTimeBombGame
from tictac.rl.openspiel.time_bomb import TimeBombGame
from tictac.rl.openspiel.timos_twist import TimosTwistGame

__all__ = ["MiniTimeBombGame", "TimeBombGame", "TimosTwistGame"]
