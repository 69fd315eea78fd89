"""Timo's Twist as a PettingZoo AEC environment (encodings in docs/rl.md).

Actions (62): 0-51 play that coloured card; 52-55 the joker naming blue, green, orange, pink;
56-59 the +4 naming them; 60 draw; 61 pass. A play that leaves one card always calls TIMO
(calling it is free), so nobody is ever caught and the TIMO grace window is set to 0.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from tictac.engine import Action, View
from tictac.games.timos_twist.cards import COLOR_INDEX, DECK_SIZE, INDEX, IS_BLACK
from tictac.games.timos_twist.state import NOBODY
from tictac.rl.base import COMPACT, HISTORY, TictacEnv

BLACK_PLAYS = 52  # the first of the black cards' eight numbers
DRAW, PASS = 60, 61
MAX_SEATS = 6
# Offsets of the observation's parts (compact-v1).
HAND, TOP, COLOR, DRAWN = 0, 54, 108, 112
PENALTY, DIRECTION, PILE, DISCARD = 113, 114, 115, 116
SIZES, CALLED, SCORES = 117, 123, 129
SIZE = 135
# history-v1 adds: the cards in the discard pile, then the cards each seat played this round.
DISCARDED, PLAYED = SIZE, SIZE + DECK_SIZE
HISTORY_SIZE = PLAYED + MAX_SEATS * DECK_SIZE


def numbered(actions: list[Action]) -> dict[int, Action | None]:
    """The plays, draw and pass among `actions` by number (a play that also calls TIMO, listed
    after the same play without, wins). TIMO and catches never arise: every play that leaves
    one card calls TIMO. One loop, no call an action: it runs at every decision."""
    legal: dict[int, Action | None] = {}
    for action in actions:
        kind = action["type"]
        if kind == "play":
            card = INDEX[action["card"]]
            if IS_BLACK[card]:
                card = BLACK_PLAYS + (card - BLACK_PLAYS) * 4 + COLOR_INDEX[action["color"]]
            legal[card] = action
        elif kind == "draw":
            legal[DRAW] = action
        elif kind == "pass":
            legal[PASS] = action
    return legal


class TimosTwistEnv(TictacEnv):
    GAME = "timos-twist"
    ACTIONS = 62
    OBSERVATION = SIZE
    ENCODINGS: ClassVar[dict[str, int]] = {COMPACT: SIZE, HISTORY: HISTORY_SIZE}
    OPTIONS: ClassVar[dict[str, Any]] = {"timo_grace_ms": 0}
    metadata: ClassVar[dict[str, Any]] = {**TictacEnv.metadata, "name": "tictac_timos_twist_v0"}

    def action_index(self, action: Action) -> int:
        return next(iter(numbered([action])))

    def legal(self, seat: int) -> dict[int, Action | None]:
        return numbered(self.game.legal_actions(self.game_state, seat))

    def next_seat(self) -> int | None:
        # No deadline ever passes: the TIMO grace window, the game's only one, is 0 here.
        waiting = self.game.to_act(self.game_state)
        return waiting[0] if waiting else None

    def new_episode(self, seed: int) -> None:
        self.played = np.zeros((self.players, DECK_SIZE), np.float32)  # this round, by seat

    def perform(self, seat: int, action: Action | None) -> None:
        assert action is not None
        state = self.game_state
        rounds = len(state.rounds)
        self.game.apply(state, seat, action, self.now_ms)
        if len(state.rounds) != rounds:
            self.played[:] = 0.0
        elif action["type"] == "play":
            self.played[seat, INDEX[action["card"]]] = 1.0

    def encode(self, seat: int, out: np.ndarray) -> None:
        # What view(state, seat) shows: the seat's hand, its drawn card, the table's counts.
        # Written value by value: numpy's fancy indexing, or a slice set from a list, costs
        # more than a few stores.
        state = self.game_state
        for card in state.hands[seat]:
            out[card] = 1.0  # HAND is 0
        out[TOP + state.discard[-1]] = 1.0
        out[COLOR + state.color] = 1.0
        if seat == state.turn and state.drawn != NOBODY:
            out[DRAWN] = 1.0
        if state.penalty:
            out[PENALTY] = min(state.penalty, 20) / 20
        if state.direction == 1:
            out[DIRECTION] = 1.0
        out[PILE] = len(state.pile) / DECK_SIZE
        out[DISCARD] = len(state.discard) / DECK_SIZE
        order = self.order[seat]
        hands, called, scores, target = state.hands, state.called, state.scores, state.target_score
        for offset, other in enumerate(order):
            out[SIZES + offset] = len(hands[other]) / DECK_SIZE  # never more than the deck
            if called[other]:
                out[CALLED + offset] = 1.0
            if scores[other]:
                out[SCORES + offset] = min(scores[other], target) / target
        if self.history:
            # Every card in the discard pile was seen face up on it; who played what this
            # round was seen as it was played.
            for card in state.discard:
                out[DISCARDED + card] = 1.0
            for offset, other in enumerate(order):
                start = PLAYED + DECK_SIZE * offset
                out[start:start + DECK_SIZE] = self.played[other]

    def describe(self, view: View) -> str:
        sizes = ", ".join(f"seat {s}: {n}" for s, n in enumerate(view["hand_sizes"]))
        return (f"round {view['round']}, top {view['top']} ({view['color']}), turn "
                f"{view['turn']}, penalty {view['penalty']}\ncards held: {sizes}\n"
                f"scores: {view['scores']}")
