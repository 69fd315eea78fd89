"""Timo's Twist as a PettingZoo AEC environment (encodings in docs/rl.md).

Actions (62): 0-51 play that coloured card; 52-55 the joker naming blue, green, orange, pink;
56-59 the +4 naming them; 60 draw; 61 pass. A play that leaves one card always calls TIMO
(calling it is free), so nobody is ever caught and the TIMO grace window is set to 0.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from tictac.engine import Action, View
from tictac.games.timos_twist.cards import COLOR as CARD_COLOR
from tictac.games.timos_twist.cards import COLOR_INDEX, COLORS, DECK_SIZE, INDEX, IS_BLACK
from tictac.games.timos_twist.moves import take_turn, turn_moves
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
# A count of cards as the share of the deck it is, looked up: dividing costs more, at every
# observation.
SHARE = tuple(count / DECK_SIZE for count in range(DECK_SIZE + 1))


# What each number stands for, as the engine's `take_turn` takes it: kind, card, colour named.
MOVES: tuple[tuple[str, int, int], ...] = (
    *(("play", card, CARD_COLOR[card]) for card in range(BLACK_PLAYS)),
    *(("play", card, color) for card in range(BLACK_PLAYS, DECK_SIZE)
      for color in range(len(COLORS))),
    ("draw", NOBODY, 0),
    ("pass", NOBODY, 0),
)


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
    ENCODINGS: ClassVar[dict[str, int]] = {COMPACT: SIZE, HISTORY: HISTORY_SIZE}
    OPTIONS: ClassVar[dict[str, Any]] = {"timo_grace_ms": 0}
    ZERO_SUM = True  # one winner: +1, each other seat -1/(players - 1), as in OpenSpiel
    metadata: ClassVar[dict[str, Any]] = {**TictacEnv.metadata, "name": "tictac_timos_twist_v0"}

    def action_index(self, action: Action) -> int:
        return next(iter(numbered([action])))

    def legal(self, seat: int) -> dict[int, Action | None]:
        return numbered(self.game.legal_actions(self.game_state, seat))

    def moves(self, seat: int) -> dict[int, tuple[str, int, int]]:
        # The numbers of `legal` (tests/rl holds them to it) without building the engine's
        # actions: only the seat to act is asked, and TIMO is never to call nor to catch.
        cards, other = turn_moves(self.game_state, seat)
        legal = {}
        for card in cards:
            if IS_BLACK[card]:
                first = BLACK_PLAYS + (card - BLACK_PLAYS) * 4
                for number in range(first, first + 4):
                    legal[number] = MOVES[number]
            else:
                legal[card] = MOVES[card]
        if other == "draw":
            legal[DRAW] = MOVES[DRAW]
        elif other == "pass":
            legal[PASS] = MOVES[PASS]
        return legal

    def next_seat(self) -> int | None:
        # No deadline ever passes: the TIMO grace window, the game's only one, is 0 here.
        state = self.game_state
        return None if state.winner != NOBODY else state.turn

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # For each seat, the seats in its observation's order, each with its cells: hand size,
        # TIMO called, score (a table: the encoding reads it at every observation).
        self.seat_cells = [[(other, SIZES + offset, CALLED + offset, SCORES + offset)
                            for offset, other in enumerate(order)] for order in self.order]

    def new_episode(self, seed: int) -> None:
        self.played = np.zeros((self.players, DECK_SIZE), np.float32)  # this round, by seat

    def perform(self, seat: int, move: tuple[str, int, int]) -> None:
        # The engine's own move, not checked a second time by `apply`: `step` took it from
        # `moves`. A play that leaves one card calls TIMO.
        state = self.game_state
        if not self.history:  # only the history shows who played what (and counts rounds)
            take_turn(state, seat, move, self.now_ms)
            return
        rounds = len(state.rounds)
        take_turn(state, seat, move, self.now_ms)
        if len(state.rounds) != rounds:
            self.played[:] = 0.0
        elif move[0] == "play":
            self.played[seat, move[1]] = 1.0

    def encode(self, seat: int, out: np.ndarray) -> None:
        # What view(state, seat) shows: the seat's hand, its drawn card, the table's counts.
        # Written value by value through a memoryview: numpy's own item store, its fancy
        # indexing or a slice set from a list all cost several times more.
        state = self.game_state
        cells: memoryview[float] = out.data  # type: ignore[assignment]  # (float32 items)
        hands, discard = state.hands, state.discard
        for card in hands[seat]:
            cells[card] = 1.0  # HAND is 0
        cells[TOP + discard[-1]] = 1.0
        cells[COLOR + state.color] = 1.0
        if seat == state.turn and state.drawn != NOBODY:
            cells[DRAWN] = 1.0
        if state.penalty:
            cells[PENALTY] = min(state.penalty, 20) / 20
        if state.direction == 1:
            cells[DIRECTION] = 1.0
        cells[PILE] = SHARE[len(state.pile)]
        cells[DISCARD] = SHARE[len(discard)]
        called, scores, target = state.called, state.scores, state.target_score
        for other, size, calls, points in self.seat_cells[seat]:
            cells[size] = SHARE[len(hands[other])]  # never more than the deck
            if called[other]:
                cells[calls] = 1.0
            score = scores[other]
            if score:  # capped at the target (not by `min`: a call that parses keywords)
                cells[points] = (score if score < target else target) / target
        if self.history:
            # Every card in the discard pile was seen face up on it; who played what this
            # round was seen as it was played.
            for card in state.discard:
                cells[DISCARDED + card] = 1.0
            for offset, other in enumerate(self.order[seat]):
                start = PLAYED + DECK_SIZE * offset
                out[start:start + DECK_SIZE] = self.played[other]

    def describe(self, view: View) -> str:
        sizes = ", ".join(f"seat {s}: {n}" for s, n in enumerate(view["hand_sizes"]))
        return (f"round {view['round']}, top {view['top']} ({view['color']}), turn "
                f"{view['turn']}, penalty {view['penalty']}\ncards held: {sizes}\n"
                f"scores: {view['scores']}")
