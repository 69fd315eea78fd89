"""Timo's Twist as a PettingZoo AEC environment (encoding in docs/rl.md).

Actions (62): 0-51 play that coloured card; 52-55 the joker naming blue, green, orange, pink;
56-59 the +4 naming them; 60 draw; 61 pass. A play that leaves one card always calls TIMO
(calling it is free), so nobody is ever caught and the TIMO grace window is set to 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from tictac.engine import Action, View
from tictac.games.timos_twist.cards import COLOR_INDEX, DECK_SIZE, INDEX, IS_BLACK
from tictac.games.timos_twist.views import LazyView
from tictac.rl.base import TictacEnv

BLACK_PLAYS = 52  # the first of the black cards' eight numbers
DRAW, PASS = 60, 61
MAX_SEATS = 6
# Offsets of the observation's parts.
HAND, TOP, COLOR, DRAWN = 0, 54, 108, 112
PENALTY, DIRECTION, PILE, DISCARD = 113, 114, 115, 116
SIZES, CALLED, SCORES = 117, 123, 129
SIZE = 135


class TimosTwistEnv(TictacEnv):
    GAME = "timos-twist"
    ACTIONS = 62
    OBSERVATION = SIZE
    metadata: ClassVar[dict[str, Any]] = {**TictacEnv.metadata, "name": "tictac_timos_twist_v0"}

    def __init__(
        self, players: int = 2, options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__(players, {**(options or {}), "timo_grace_ms": 0}, render_mode)

    def action_index(self, action: Action) -> int:
        kind = action["type"]
        if kind == "draw":
            return DRAW
        if kind == "pass":
            return PASS
        card = INDEX[action["card"]]
        if IS_BLACK[card]:
            return BLACK_PLAYS + (card - BLACK_PLAYS) * 4 + COLOR_INDEX[action["color"]]
        return card

    def legal(self, seat: int) -> dict[int, Action | None]:
        # TIMO and catches never arise: every play that leaves one card calls TIMO.
        return {self.action_index(action): action
                for action in self.game.legal_actions(self.state, seat)
                if action["type"] in ("play", "draw", "pass")}

    def seat_view(self, seat: int) -> Mapping[str, Any]:
        # The observation reads most keys once and never `legal` (the mask has it already).
        return LazyView(self.state, seat)

    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        seat, players = view["seat"], view["players"]
        for card_id in view["hand"]:
            out[HAND + INDEX[card_id]] = 1.0
        out[TOP + INDEX[view["top"]]] = 1.0
        out[COLOR + COLOR_INDEX[view["color"]]] = 1.0
        out[DRAWN] = view["drawn"] is not None
        out[PENALTY] = min(view["penalty"], 20) / 20
        out[DIRECTION] = view["direction"] == 1
        out[PILE] = view["pile_size"] / DECK_SIZE
        out[DISCARD] = view["discard_size"] / DECK_SIZE
        target = view["target_score"]
        for offset in range(players):  # the seat itself first, then the next seats clockwise
            other = (seat + offset) % players
            out[SIZES + offset] = min(view["hand_sizes"][other], DECK_SIZE) / DECK_SIZE
            out[CALLED + offset] = view["timo"][other]
            out[SCORES + offset] = min(view["scores"][other], target) / target

    def describe(self, view: View) -> str:
        sizes = ", ".join(f"seat {s}: {n}" for s, n in enumerate(view["hand_sizes"]))
        return (f"round {view['round']}, top {view['top']} ({view['color']}), turn "
                f"{view['turn']}, penalty {view['penalty']}\ncards held: {sizes}\n"
                f"scores: {view['scores']}")

