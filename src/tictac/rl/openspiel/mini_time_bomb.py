"""A miniature Time Bomb for solvers, `tictac_mini_time_bomb` (docs/rl.md, "OpenSpiel").

Time Bomb's smallest real game (4 players, 5 wires each) has millions of histories and is
mostly decided by the deal. This one keeps what makes it a game of hidden roles and bluffing,
at a size where OpenSpiel's exact `nash_conv` and CFR run in minutes, as Kuhn and Leduc poker do
for poker. It has its own small rules, not the engine's (which has no such sizes):

- `players` seats (3 by default), one of them Moriarty (a chance node picks which), the others
  Sherlock. Moriarty knows the others are Sherlocks; a Sherlock knows only its own role.
- Each seat gets `wires` wires (2) from a set of one bomb, `defusing` defusing wires (2) and safe
  wires for the rest; a seat knows how many of each kind it holds, nobody where in a row each
  lies. Moriarty, who wired the bomb, knows whose row holds it. (Without that, every wire a
  seat has not seen is alike to it whatever the others say, so uniform play is an equilibrium:
  claims are then cheap talk nobody need listen to, and NashConv is 0 from the start.)
- One claiming turn, from seat 0 round the table. `claims="bomb"`: each seat says whether it
  holds the bomb; `claims="full"`: how many defusing wires and whether the bomb (any claim a row
  could hold: a claim may be a lie).
- Seat 0 holds the pliers first. The holder cuts a wire of another seat's row (the action names
  the row; a chance node says which kind comes up, with the odds of the row's face-down wires),
  and the pliers go to that seat. Every defusing wire cut: the Sherlocks win. The bomb cut, or
  `cuts` cuts (3) made without either: Moriarty wins.

Returns: +1 for each seat of the winning team, -1 for each other seat, as in `tictac_time_bomb`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from tictac.games.time_bomb.table import BOMB, DEFUSING, MORIARTY, SAFE, SHERLOCK
from tictac.rl.openspiel.time_bomb import _deal_chances

SHORT_NAME = "tictac_mini_time_bomb"
DEFAULTS = {"players": 3, "wires": 2, "defusing": 2, "cuts": 3, "claims": "bomb"}
CLAIM_MODES = ("bomb", "full")
KIND_NAMES = {SAFE: "safe", DEFUSING: "defusing", BOMB: "bomb"}
MIN_PLAYERS, MAX_PLAYERS = 3, 5
# The two sizes docs/rl.md reports CFR+ on, as Kuhn and Leduc poker are for poker: one
# defusing wire to find in two cuts, and two in four.
VARIANTS: dict[str, dict[str, Any]] = {
    "kuhn": {"defusing": 1, "cuts": 2},
    "leduc": {"defusing": 2, "cuts": 4},
}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="tictac miniature Time Bomb",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification=DEFAULTS,
)


def claim_choices(wires: int, mode: str) -> list[tuple[int, int]]:
    """The claims a seat may say, as (defusing, bomb): `bomb` says only whether it holds it."""
    if mode == "bomb":
        return [(0, 0), (0, 1)]
    return [(defusing, bomb) for defusing in range(wires + 1) for bomb in (0, 1)
            if defusing + bomb <= wires]


@dataclass(frozen=True)
class Rules:
    """A game's parameters, which its states share (never copied with a state: they do not
    change)."""

    players: int
    wires: int
    defusing: int
    cuts: int
    mode: str
    claims: tuple[tuple[int, int], ...]

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self


class MiniTimeBombGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        chosen = {**DEFAULTS, **(params or {})}
        players, wires, defusing, cuts = (int(chosen[name]) for name in
                                          ("players", "wires", "defusing", "cuts"))
        mode = str(chosen["claims"])
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"the miniature takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if mode not in CLAIM_MODES:
            raise ValueError(f"claims is one of {', '.join(CLAIM_MODES)}")
        if not 1 <= wires <= 3 or not 1 <= defusing <= players * wires - 1:
            raise ValueError("1 to 3 wires a seat, and room for the bomb beside the defusing ones")
        if not defusing <= cuts <= players * wires:
            raise ValueError("cuts is at least the defusing wires, at most all the wires")
        self.rules = Rules(players, wires, defusing, cuts, mode, tuple(claim_choices(wires, mode)))
        info = pyspiel.GameInfo(
            num_distinct_actions=players + len(self.rules.claims),
            max_chance_outcomes=max(players, 2 * (wires + 1), len(KIND_NAMES)),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            # Moriarty's seat and each seat's wires, a claim each, then a cut and its kind each.
            max_game_length=1 + 2 * players + 2 * cuts,
        )
        super().__init__(GAME_TYPE, info, chosen)

    def new_initial_state(self) -> MiniTimeBombState:
        return MiniTimeBombState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MiniTimeBombObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return MiniTimeBombObserver()


class MiniTimeBombState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: MiniTimeBombGame) -> None:
        super().__init__(game)
        self.game = game.rules
        self.moriarty: int | None = None
        self.rows: list[dict[int, int]] = []  # per seat: face-down wires by kind
        self.bomb_row = -1  # the seat dealt the bomb, which Moriarty knows
        self.said: list[int] = []  # claim indices, seat 0 first
        self.holder = 0
        self.cutting: int | None = None  # the row cut, its wire's kind still to come
        self.revealed: list[tuple[int, int, int]] = []  # (cutter, row, kind)
        self.winner: str | None = None

    def current_player(self) -> int:
        if self.winner is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.moriarty is None or len(self.rows) < self.game.players or \
                self.cutting is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if len(self.said) < self.game.players:
            return len(self.said)
        return self.holder

    def _legal_actions(self, player: int) -> list[int]:
        if len(self.said) < self.game.players:
            return [self.game.players + index for index in range(len(self.game.claims))]
        return [seat for seat in range(self.game.players) if seat != player]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        players = self.game.players
        if self.moriarty is None:
            return [(seat, 1.0 / players) for seat in range(players)]
        if len(self.rows) < players:
            return _deal_chances(self._wires_left(), self.game.wires)
        assert self.cutting is not None
        row = self.rows[self.cutting]
        left = sum(row.values())
        return [(kind, count / left) for kind, count in sorted(row.items()) if count]

    def _wires_left(self) -> dict[int, int]:
        game = self.game
        pool = {SAFE: game.players * game.wires - game.defusing - 1, DEFUSING: game.defusing,
                BOMB: 1}
        for row in self.rows:
            for kind, count in row.items():
                pool[kind] -= count
        return pool

    def _apply_action(self, action: int) -> None:
        game = self.game
        if self.moriarty is None:
            self.moriarty = action
        elif len(self.rows) < game.players:
            defusing, bomb = divmod(action, 2)
            if bomb:
                self.bomb_row = len(self.rows)
            self.rows.append({SAFE: game.wires - defusing - bomb, DEFUSING: defusing,
                              BOMB: bomb})
        elif self.cutting is not None:
            self._cut(self.cutting, action)
        elif len(self.said) < game.players:
            self.said.append(action - game.players)
        else:
            self.cutting = action

    def _cut(self, row: int, kind: int) -> None:
        self.rows[row][kind] -= 1
        self.revealed.append((self.holder, row, kind))
        self.holder, self.cutting = row, None
        found = sum(k == DEFUSING for *_, k in self.revealed)
        if kind == BOMB or len(self.revealed) == self.game.cuts:
            self.winner = MORIARTY
        if found == self.game.defusing:
            self.winner = SHERLOCK

    def role(self, seat: int) -> str:
        return MORIARTY if seat == self.moriarty else SHERLOCK

    def is_terminal(self) -> bool:
        return self.winner is not None

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * self.game.players
        return [1.0 if self.role(seat) == self.winner else -1.0
                for seat in range(self.game.players)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.moriarty is None:
                return f"moriarty:{action}"
            if len(self.rows) < self.game.players:
                defusing, bomb = divmod(action, 2)
                return f"wires:{defusing}d{bomb}b"
            return f"reveal:{KIND_NAMES[action]}"
        if action < self.game.players:
            return f"cut:{action}"
        return "claim:" + self._claim_text(action - self.game.players)

    def _claim_text(self, index: int) -> str:
        defusing, bomb = self.game.claims[index]
        return ("bomb" if bomb else "no-bomb") if self.game.mode == "bomb" else \
            f"{defusing}d{bomb}b"

    def __str__(self) -> str:
        return (f"moriarty {self.moriarty} rows {self.rows} said {self.said} holder "
                f"{self.holder} cuts {self.revealed} cutting {self.cutting}")


class MiniTimeBombObserver:
    """What a seat knows, as a string (the game offers no tensors): its role (and so, for
    Moriarty, everyone's), its wires, then in order every claim and every cut with its kind,
    and whose turn it is. The game's history is short, so the observation is the information
    state (perfect recall)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: MiniTimeBombState, player: int) -> None:
        pass

    def string_from(self, state: MiniTimeBombState, player: int) -> str:
        text = [f"p{player}"]
        if state.moriarty is not None:
            text.append(state.role(player))
        if player == state.moriarty and len(state.rows) == state.game.players:
            text.append(f"bomb-row:{state.bomb_row}")
        if len(state.rows) > player:
            row = state.rows[player]
            dealt = [(c, r, k) for c, r, k in state.revealed if r == player]
            defusing = row[DEFUSING] + sum(k == DEFUSING for *_, k in dealt)
            bomb = row[BOMB] + sum(k == BOMB for *_, k in dealt)
            text.append(f"wires:{defusing}d{bomb}b")
        if state.said:
            text.append("said:" + ",".join(state._claim_text(i) for i in state.said))
        text.extend(f"{cutter}>{row}={KIND_NAMES[kind]}" for cutter, row, kind in state.revealed)
        if not state.is_terminal() and not state.is_chance_node():
            text.append(f"to-act:{state.current_player()}")
        return " ".join(text)


pyspiel.register_game(GAME_TYPE, MiniTimeBombGame)
