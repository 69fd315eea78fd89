"""The games as OpenSpiel games (docs/rl.md, "OpenSpiel"): importing this module registers
`tictac_timos_twist` and `tictac_time_bomb` with pyspiel, so that `pyspiel.load_game` finds
them. Needs the optional `spiel` dependency group; serving never imports it."""

from tictac.rl.openspiel.time_bomb import TimeBombGame
from tictac.rl.openspiel.timos_twist import TimosTwistGame

__all__ = ["TimeBombGame", "TimosTwistGame"]
