"""Time Bomb as a PettingZoo AEC environment (encodings in docs/rl.md).

Claims may be made at any time in the game; here each round opens with a claiming turn for
every seat, from the holder of the pliers round the table, before the first cut: a seat then
claims or stays silent (an action of the environment's own). After that only the holder acts,
and only by cutting.

Actions (48): 0-34 cut: 5 * (k - 1) + position cuts the row of the seat k places further round
the table; 35-46 claim: 35 + 2 * defusing + bomb; 47 stay silent.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from tictac.engine import Action, View
from tictac.games.time_bomb.rules import (
    claim_choices,
    claims,
    cut_places,
    cut_wire,
    cuts,
    say_claim,
)
from tictac.games.time_bomb.table import (
    BOMB,
    CUT,
    DEFUSING,
    MAX_PLAYERS,
    ROUNDS,
    SAFE,
    SHERLOCK,
    WIRES_EACH,
)
from tictac.rl.base import COMPACT, HISTORY, TictacEnv

CLAIMS, SILENT = 35, 47
# Offsets of the observation's parts; each seat's part is SEAT_PART long, the seat itself first.
ROUND, CUTS, ROLE, OWN, FOUND, SEATS = 0, 4, 5, 6, 9, 10
SEAT_PART = 7
SIZE = SEATS + SEAT_PART * MAX_PLAYERS
# history-v1 adds, for each seat (itself first) and each round, ROUND_PART values: its claim of
# that round and the defusing and safe wires cut from its row in that round.
ROUND_PART = 5
HISTORY_SIZE = SIZE + ROUND_PART * ROUNDS * MAX_PLAYERS


def claim_number(action: Action) -> int:
    number: int = CLAIMS + 2 * action["defusing"] + action["bomb"]
    return number


def cut_numbers(seat: int, players: int) -> list[list[int]]:
    """By target and position, the number of a cut by `seat` (a table: a cut is numbered at
    every decision, for every wire face down)."""
    return [[WIRES_EACH * ((target - seat) % players - 1) + position
             for position in range(WIRES_EACH)] for target in range(players)]


class TimeBombEnv(TictacEnv):
    GAME = "time-bomb"
    PLAYERS = 4
    ACTIONS = 48
    ENCODINGS: ClassVar[dict[str, int]] = {COMPACT: SIZE, HISTORY: HISTORY_SIZE}
    metadata: ClassVar[dict[str, Any]] = {**TictacEnv.metadata, "name": "tictac_time_bomb_v0"}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = self.players
        # Tables made once (a game is about 25 decisions: a table made at each reset weighs).
        # Where each seat's part of `seat`'s observation starts, by seat, as the encoding reads
        # it for every seat at every observation; the numbers of `seat`'s cuts.
        self.parts = [[SEATS + SEAT_PART * ((other - seat) % players) for other in range(players)]
                      for seat in range(players)]
        self.round_parts = [[SIZE + ROUND_PART * ROUNDS * ((other - seat) % players)
                             for other in range(players)] for seat in range(players)]
        self.cut_numbers = [cut_numbers(seat, players) for seat in range(players)]

    def new_episode(self, seed: int) -> None:
        self.claiming: list[int] = []
        self.claimed_round = 0

    def action_index(self, action: Action) -> int:
        if action["type"] == "claim":
            return claim_number(action)
        return self.cut_numbers[self.seats[self.agent_selection]][action["target"]][
            action["position"]]

    def legal(self, seat: int) -> dict[int, Action | None]:
        # The claiming turn offers the claims and silence, then only cuts: each listed by the
        # game's own rules.
        state = self.game_state
        if not self.claiming:
            numbers = self.cut_numbers[seat]
            return {numbers[action["target"]][action["position"]]: action
                    for action in cuts(state, seat)}
        legal: dict[int, Action | None] = {
            claim_number(action): action for action in claims(state, seat)
        }
        legal[SILENT] = None
        return legal

    def moves(self, seat: int) -> dict[int, tuple[int, int] | None]:
        # The numbers of `legal` (tests/rl holds them to it) without building the engine's
        # actions: a cut as (target, position), a claim as (defusing, bomb), silence as None.
        state = self.game_state
        if not self.claiming:
            numbers = self.cut_numbers[seat]
            return {numbers[target][position]: (target, position)
                    for target, position in cut_places(state, seat)}
        legal: dict[int, tuple[int, int] | None] = {
            CLAIMS + 2 * defusing + bomb: (defusing, bomb)
            for defusing, bomb in claim_choices(state, seat)
        }
        legal[SILENT] = None
        return legal

    def perform(self, seat: int, move: tuple[int, int] | None) -> None:
        # The engine's own move, not checked a second time by `apply`: `step` took it from
        # `moves`, which offers claims (and silence) in the claiming turn and cuts after it.
        if self.claiming:
            self.claiming.pop(0)
            if move is not None:
                say_claim(self.game_state, seat, move[0], bool(move[1]))
        else:
            assert move is not None
            cut_wire(self.game_state, seat, move[0], move[1])

    def next_seat(self) -> int | None:
        state = self.game_state
        if state.team is not None:
            return None
        if state.round != self.claimed_round:
            self.claimed_round = state.round
            self.claiming = self.order[state.holder][:]
        return self.claiming[0] if self.claiming else state.holder

    def encode(self, seat: int, out: np.ndarray) -> None:
        # What view(state, seat) shows: the seat's role and its face-down wires by kind (not
        # where they lie), every row's face-down count, the pliers, every cut and every claim.
        # Only what is not 0 is written, value by value through a memoryview (see timos_twist).
        state = self.game_state
        cells: memoryview[float] = out.data  # type: ignore[assignment]  # (float32 items)
        rows, round_ = state.rows, state.round
        players = len(rows)
        parts = self.parts[seat]  # each seat's part, by seat
        cells[ROUND + round_ - 1] = 1.0
        if state.cuts:
            cells[CUTS] = state.cuts / players
        if state.roles[seat] == SHERLOCK:
            cells[ROLE] = 1.0
        own = rows[seat]
        cells[OWN] = own.count(SAFE) / WIRES_EACH
        cells[OWN + 1] = own.count(DEFUSING) / WIRES_EACH
        cells[OWN + 2] = own.count(BOMB) / WIRES_EACH
        for part, row in zip(parts, rows, strict=True):
            cells[part] = (len(row) - row.count(CUT)) / WIRES_EACH
        cells[parts[state.holder] + 4] = 1.0
        # This round's claims, the last ones said (the claims are in the order said), a later
        # claim overwriting an earlier one of the same seat.
        said = state.claims
        first = len(said)
        while first and said[first - 1][3] == round_:
            first -= 1
        for who, defusing, bomb, _, _ in said[first:]:
            part = parts[who]
            cells[part + 1] = 1.0
            cells[part + 2] = defusing / WIRES_EACH
            cells[part + 3] = bomb
        # Defusing and safe wires each seat has cut in the game, and the defusing ones found.
        revealed = state.revealed
        if revealed:
            cut = [0] * (3 * players)  # by cutter and kind: 3 * cutter + kind
            for reveal in revealed:
                cut[3 * reveal[2] + reveal[5]] += 1
            scale = ROUNDS * players
            found = 0
            for part, first in zip(parts, range(0, 3 * players, 3), strict=True):
                safe, defusing = cut[first + SAFE], cut[first + DEFUSING]
                if defusing:
                    cells[part + 5] = defusing / scale
                    found += defusing
                if safe:
                    cells[part + 6] = safe / scale
            cells[FOUND] = found / players
        if self.history:
            self._encode_history(seat, cells)

    def _encode_history(self, seat: int, cells: memoryview[float]) -> None:
        """Every round's claims, and what was cut from each row in each round."""
        state = self.game_state
        rounds = self.round_parts[seat]  # each seat's first round's part, by seat
        for who, defusing, bomb, round_, _ in state.claims:  # a later claim overwrites
            part = rounds[who] + ROUND_PART * (round_ - 1)
            cells[part] = 1.0
            cells[part + 1] = defusing / WIRES_EACH
            cells[part + 2] = bomb
        counts: dict[int, int] = {}
        for round_, _, _, target, _, kind in state.revealed:
            if kind != BOMB:
                slot = rounds[target] + ROUND_PART * (round_ - 1) + (3 if kind == DEFUSING else 4)
                counts[slot] = counts.get(slot, 0) + 1
        for slot, count in counts.items():
            cells[slot] = count / WIRES_EACH

    def describe(self, view: View) -> str:
        rows = ", ".join(f"seat {row['seat']}: {len(row['face_down'])}" for row in view["rows"])
        return (f"round {view['round']}, cut {view['cuts']} of {view['cuts_per_round']}, "
                f"pliers with seat {view['holder']}, defusing found {view['defusing_found']} "
                f"of {view['defusing_total']}\nface down: {rows}")
