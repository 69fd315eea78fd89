"""The whole truth of a Time Bomb game: roles, the true order of every row, and the public record.

Only `views.py` decides what of it leaves the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tictac.engine import Rng
from tictac.games.time_bomb.table import CUT, DEFUSING, wires_each

# (round, cut number within the round, cutter, target, position, kind)
Reveal = tuple[int, int, int, int, int, int]
# (seat, defusing, bomb, round, cuts made in the round when it was said)
Claim = tuple[int, int, bool, int, int]


@dataclass(slots=True)
class State:
    roles: list[str]
    set_aside: str | None
    rows: list[list[int]]  # per seat, this round's slots in their true order: a kind, or CUT
    holder: int  # the seat holding the pliers
    rng: Rng
    round: int = 1
    cuts: int = 0  # cuts made in this round
    revealed: list[Reveal] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    team: str | None = None  # the winning team, once the game is over
    reason: str | None = None

    @property
    def players(self) -> int:
        return len(self.rows)

    def clone(self) -> State:
        return State(
            roles=list(self.roles),
            set_aside=self.set_aside,
            rows=[list(row) for row in self.rows],
            holder=self.holder,
            rng=self.rng.clone(),
            round=self.round,
            cuts=self.cuts,
            revealed=list(self.revealed),
            claims=list(self.claims),
            team=self.team,
            reason=self.reason,
        )

    def defusing_found(self) -> int:
        return [reveal[5] for reveal in self.revealed].count(DEFUSING)


def face_down(row: list[int]) -> int:
    return len(row) - row.count(CUT)


def deal(wires: list[int], players: int, round_: int) -> list[list[int]]:
    """Rows dealt in order: seat 0 takes the first wires, then seat 1, …"""
    each = wires_each(round_)
    return [wires[seat * each : (seat + 1) * each] for seat in range(players)]


def redeal(state: State) -> None:
    """The next round: the hidden wires gathered, shuffled unseen and dealt again, so no position
    says anything about the rows before."""
    hidden = [kind for row in state.rows for kind in row if kind != CUT]
    state.rng.shuffle(hidden)
    state.round += 1
    state.cuts = 0
    state.rows = deal(hidden, state.players, state.round)
