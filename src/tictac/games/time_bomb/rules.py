"""Cutting, claiming, rounds and the end of the game.

Events returned by `apply` go to the whole room, so they carry only what everyone may know:
the cut wire (now face up), claims, deals by size, the winning team. Never a role, never a
face-down wire.
"""

from __future__ import annotations

from tictac.engine import Action, Event, IllegalAction, Outcome, Rng
from tictac.engine.errors import NOT_YOUR_TURN, Codes
from tictac.engine.fields import bool_field, int_field
from tictac.engine.prologue import check_action, is_seat
from tictac.games.time_bomb.state import State, face_down, redeal
from tictac.games.time_bomb.stats import game_stats
from tictac.games.time_bomb.table import BOMB, CUT, DEFUSING, KINDS, MORIARTY, ROUNDS, SHERLOCK

# This game's own error codes (docs/games/time-bomb.md).
# The game's own refusal codes (its `GameInfo.codes`; docs/games/time-bomb.md's table is
# written from them).
CODES = Codes()
CUT_YOURSELF = CODES("cut_yourself", "the holder names their own row")
ALREADY_CUT = CODES("already_cut", "the named position has already been cut this round")
CLAIM_EXCEEDS_WIRES = CODES("claim_exceeds_wires", "`K` defusing wires plus the bomb are more "
                            "than the claimer's face-down wires")
TOO_MANY_CLAIMS = CODES("too_many_claims", "the seat has said its 5 claims of this round")

# A rule (docs/rulings.md): a seat says at most this many claims a round, so that the claims every
# view carries stay a table's, not what one client can send.
MAX_CLAIMS_PER_ROUND = 5

ACTION_TYPES = ("cut", "claim")

# Why the game ended (Outcome.detail["reason"]).
DEFUSED, EXPLODED, TIME_UP = "defused", "exploded", "time_up"


def to_act(state: State) -> list[int]:
    return [] if state.team is not None else [state.holder]


def deadline(state: State) -> int | None:
    """Time Bomb has no clock of its own; a room's optional turn timer uses `auto_action`."""
    return None


def timeout_action(state: State) -> tuple[int, Action] | None:
    return None


def cut_places(state: State, seat: int) -> list[tuple[int, int]]:
    """Where `seat` may cut: (target, position) of every face-down wire of the other rows, while
    it holds the pliers and the game goes on."""
    if state.team is not None or seat != state.holder or not is_seat(seat, state.players):
        return []
    return [
        (target, position)
        for target, row in enumerate(state.rows)
        if target != seat
        for position, kind in enumerate(row)
        if kind != CUT
    ]


def cuts(state: State, seat: int) -> list[Action]:
    return [{"type": "cut", "target": target, "position": position}
            for target, position in cut_places(state, seat)]


def _claimed_this_round(state: State, seat: int) -> int:
    return sum(1 for who, _, _, round_, _ in state.claims if who == seat and round_ == state.round)


def claim_choices(state: State, seat: int) -> list[tuple[int, bool]]:
    """What `seat` may claim now: (defusing, bomb), no more of them than its face-down wires,
    until it has said MAX_CLAIMS_PER_ROUND claims this round."""
    if state.team is not None or not is_seat(seat, state.players):
        return []
    if _claimed_this_round(state, seat) >= MAX_CLAIMS_PER_ROUND:
        return []
    wires = face_down(state.rows[seat])
    return [(defusing, bomb) for bomb in (False, True) for defusing in range(wires + 1 - bomb)]


def claims(state: State, seat: int) -> list[Action]:
    return [{"type": "claim", "defusing": defusing, "bomb": bomb}
            for defusing, bomb in claim_choices(state, seat)]


def legal_actions(state: State, seat: int) -> list[Action]:
    return cuts(state, seat) + claims(state, seat)


def auto_action(state: State, seat: int, rng: Rng) -> Action | None:
    """A room's turn timer: a random cut for the holder of the pliers."""
    options = cuts(state, seat)
    return rng.choice(options) if options else None


def apply(state: State, seat: int, action: Action, now_ms: int) -> tuple[State, list[Event]]:
    kind = check_action(action, ACTION_TYPES, seat, state.players, state.team is not None)
    if kind == "cut":
        return state, _cut(state, seat, action)
    return state, _claim(state, seat, action)


def _cut(state: State, seat: int, action: Action) -> list[Event]:
    if seat != state.holder:
        raise IllegalAction(NOT_YOUR_TURN, f"seat {state.holder} holds the pliers")
    target = int_field(action, "target", 0, state.players - 1)
    if target == seat:
        raise IllegalAction(CUT_YOURSELF, "cut a wire in front of another player")
    row = state.rows[target]
    position = int_field(action, "position", 0, len(row) - 1)
    if row[position] == CUT:
        raise IllegalAction(ALREADY_CUT, f"seat {target}'s wire {position} is already cut")
    return cut_wire(state, seat, target, position)


def cut_wire(state: State, seat: int, target: int, position: int) -> list[Event]:
    """`apply` of a cut known to be legal (one of `cut_places`), without its checks: for the RL
    environment, which has checked the cut once already."""
    row = state.rows[target]
    wire = row[position]
    row[position] = CUT
    state.revealed.append((state.round, state.cuts, seat, target, position, wire))
    events: list[Event] = [
        {
            "type": "cut",
            "cutter": seat,
            "target": target,
            "position": position,
            "kind": KINDS[wire],
            "round": state.round,
        }
    ]
    state.cuts += 1
    state.holder = target
    if wire == BOMB:
        _finish(state, MORIARTY, EXPLODED, events)
    elif wire == DEFUSING and state.defusing_found() == state.players:
        _finish(state, SHERLOCK, DEFUSED, events)
    elif state.cuts == state.players:
        if state.round == ROUNDS:
            _finish(state, MORIARTY, TIME_UP, events)
        else:
            events.append({"type": "round_over", "round": state.round})
            redeal(state)
            events.append(
                {
                    "type": "deal",
                    "round": state.round,
                    "wires_each": len(state.rows[0]),
                    "holder": state.holder,
                }
            )
    return events


def _finish(state: State, team: str, reason: str, events: list[Event]) -> None:
    state.team, state.reason = team, reason
    events.append({"type": "game_over", "team": team, "reason": reason})


def _claim(state: State, seat: int, action: Action) -> list[Event]:
    wires = face_down(state.rows[seat])
    defusing = int_field(action, "defusing", 0, wires)
    bomb = bool_field(action, "bomb", default=False)
    if defusing + bomb > wires:
        raise IllegalAction(CLAIM_EXCEEDS_WIRES, f"seat {seat} has only {wires} wires face down")
    if _claimed_this_round(state, seat) >= MAX_CLAIMS_PER_ROUND:
        raise IllegalAction(TOO_MANY_CLAIMS, f"a seat says at most {MAX_CLAIMS_PER_ROUND} "
                                             "claims a round")
    return say_claim(state, seat, defusing, bomb)


def say_claim(state: State, seat: int, defusing: int, bomb: bool) -> list[Event]:
    """`apply` of a claim known to be legal (one of `claim_choices`), without its checks: for
    the RL environment, which has checked the claim once already."""
    state.claims.append((seat, defusing, bomb, state.round, state.cuts))
    return [{"type": "claim", "seat": seat, "defusing": defusing, "bomb": bomb}]


def outcome(state: State) -> Outcome | None:
    """Every member of the winning team wins; all roles, the set-aside card too, are revealed."""
    if state.team is None:
        return None
    return Outcome(
        winners=[seat for seat, role in enumerate(state.roles) if role == state.team],
        scores=[int(role == state.team) for role in state.roles],
        detail={
            "team": state.team,
            "reason": state.reason,
            "roles": list(state.roles),
            "set_aside": state.set_aside,
            "stats": game_stats(state),
        },
    )
