"""What a seat may see. The only way anything leaves a Time Bomb state.

A seat learns its own role and how many safe, defusing and bomb wires lie face down in front of
it, never which position holds which. Everyone sees which positions of each row are still face
down, every cut wire, the pliers, the round and every claim (beside a row, only its owner's
latest claim of this round). Roles are shown once the game is over.
"""

from __future__ import annotations

from tictac.engine import View
from tictac.engine.prologue import check_viewer
from tictac.games.time_bomb.rules import legal_actions, outcome, to_act
from tictac.games.time_bomb.state import State
from tictac.games.time_bomb.table import CUT, KINDS, ROUNDS, wires_each

NAME = "time-bomb"


def view(state: State, seat: int | None) -> View:
    check_viewer(seat, state.players)
    result = outcome(state)
    over = result is not None
    latest: dict[int, dict[str, object]] = {}
    claims = []
    for who, defusing, bomb, round_, cuts in state.claims:
        claim: dict[str, object] = {
            "seat": who, "defusing": defusing, "bomb": bomb, "round": round_, "cut": cuts
        }
        claims.append(claim)
        if round_ == state.round:  # a claim is about the row of its round, gone at the re-deal
            latest[who] = claim
    return {
        "game": NAME,
        "seat": seat,
        "to_act": to_act(state),
        "legal": [] if seat is None else legal_actions(state, seat),
        "over": over,
        "outcome": None if result is None else result.to_json(),
        "players": state.players,
        "round": state.round,
        "rounds": ROUNDS,
        "cuts": state.cuts,
        "cuts_per_round": state.players,
        "wires_each": wires_each(state.round),
        "holder": state.holder,
        "defusing_total": state.players,
        "defusing_found": state.defusing_found(),
        "rows": [
            {
                "seat": owner,
                "face_down": [position for position, kind in enumerate(row) if kind != CUT],
                "claim": latest.get(owner),
            }
            for owner, row in enumerate(state.rows)
        ],
        "revealed": [
            {
                "round": round_,
                "cut": number,
                "cutter": cutter,
                "target": target,
                "position": position,
                "kind": KINDS[kind],
            }
            for round_, number, cutter, target, position, kind in state.revealed
        ],
        "claims": claims,
        "you": None if seat is None else _own(state, seat),
        "roles": list(state.roles) if over else None,
        "set_aside": state.set_aside if over else None,
    }


def _own(state: State, seat: int) -> dict[str, object]:
    """The seat's role and the counts of its face-down wires by kind: no positions."""
    counts = dict.fromkeys(KINDS, 0)
    for kind in state.rows[seat]:
        if kind != CUT:
            counts[KINDS[kind]] += 1
    return {"role": state.roles[seat], "face_down": counts}
