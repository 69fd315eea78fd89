"""Time Bomb as a PettingZoo AEC environment (encoding in docs/rl.md).

Claims may be made at any time in the game; here each round opens with a claiming turn for
every seat, from the holder of the pliers round the table, before the first cut: a seat then
claims or stays silent (an action of the environment's own). After that only the holder acts,
and only by cutting.

Actions (48): 0-34 cut: 5 * (k - 1) + position cuts the row of the seat k places further round
the table; 35-46 claim: 35 + 2 * defusing + bomb; 47 stay silent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from tictac.engine import Action, View
from tictac.games.time_bomb.table import MAX_PLAYERS, ROUNDS, SHERLOCK, WIRES_EACH
from tictac.rl.base import TictacEnv

CLAIMS, SILENT = 35, 47
# Offsets of the observation's parts; each seat's part is SEAT_PART long, the seat itself first.
ROUND, CUTS, ROLE, OWN, FOUND, SEATS = 0, 4, 5, 6, 9, 10
SEAT_PART = 7
SIZE = SEATS + SEAT_PART * MAX_PLAYERS


class TimeBombEnv(TictacEnv):
    GAME = "time-bomb"
    ACTIONS = 48
    OBSERVATION = SIZE
    metadata: ClassVar[dict[str, Any]] = {**TictacEnv.metadata, "name": "tictac_time_bomb_v0"}

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        self.claiming: list[int] = []
        self.claimed_round = 0
        super().reset(seed, options)

    def action_index(self, action: Action) -> int:
        if action["type"] == "claim":
            return CLAIMS + 2 * int(action["defusing"]) + int(action["bomb"])
        seat: int = self.possible_agents.index(self.agent_selection)  # the cutter
        places = (int(action["target"]) - seat) % self.players
        return WIRES_EACH * (places - 1) + int(action["position"])

    def legal(self, seat: int) -> dict[int, Action | None]:
        claiming = bool(self.claiming)
        legal: dict[int, Action | None] = {
            self.action_index(action): action
            for action in self.game.legal_actions(self.state, seat)
            if (action["type"] == "claim") == claiming
        }
        if claiming:
            legal[SILENT] = None
        return legal

    def perform(self, seat: int, action: Action | None) -> None:
        if self.claiming:
            self.claiming.pop(0)
        if action is not None:
            self.game.apply(self.state, seat, action, self.now_ms)

    def next_seat(self) -> int | None:
        if self.game.outcome(self.state) is not None:
            return None
        if self.state.round != self.claimed_round:
            self.claimed_round = self.state.round
            holder = self.state.holder
            self.claiming = [(holder + k) % self.players for k in range(self.players)]
        return self.claiming[0] if self.claiming else self.state.holder

    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        seat, players = view["seat"], view["players"]
        out[ROUND + view["round"] - 1] = 1.0
        out[CUTS] = view["cuts"] / players
        out[ROLE] = view["you"]["role"] == SHERLOCK
        for index, kind in enumerate(("safe", "defusing", "bomb")):
            out[OWN + index] = view["you"]["face_down"][kind] / WIRES_EACH
        out[FOUND] = view["defusing_found"] / players
        cut_by: dict[int, list[str]] = {}
        for reveal in view["revealed"]:
            cut_by.setdefault(reveal["cutter"], []).append(reveal["kind"])
        for offset in range(players):
            other = (seat + offset) % players
            row = view["rows"][other]
            part = SEATS + SEAT_PART * offset
            out[part] = len(row["face_down"]) / WIRES_EACH
            claim = row["claim"]
            if claim is not None and claim["round"] == view["round"]:
                out[part + 1] = 1.0
                out[part + 2] = claim["defusing"] / WIRES_EACH
                out[part + 3] = claim["bomb"]
            out[part + 4] = view["holder"] == other
            kinds = cut_by.get(other, [])
            out[part + 5] = kinds.count("defusing") / (ROUNDS * players)
            out[part + 6] = kinds.count("safe") / (ROUNDS * players)

    def describe(self, view: View) -> str:
        rows = ", ".join(f"seat {row['seat']}: {len(row['face_down'])}" for row in view["rows"])
        return (f"round {view['round']}, cut {view['cuts']} of {view['cuts_per_round']}, "
                f"pliers with seat {view['holder']}, defusing found {view['defusing_found']} "
                f"of {view['defusing_total']}\nface down: {rows}")
