"""Screening the written names (option `screen_names`, docs/rulings.md "Time's
Up: screening the written names"). With a seat named to screen, writing is followed by SCREEN:
that seat sees the written names one at a time, in the order they were written, and approves
each (`screen`, `ok` true) or sends it back (`ok` false) to its writer, who writes another in
its place (`rewrite`), screened in its turn. Nobody else sees a name before the game; the
screener's own names need no screening. The deck is made of the approved names once none is
left to screen or rewrite.

Absence (absence.py's rule: nobody writes or screens for the gone): a gone screener's task
passes to the next seat after them whose player is here (`pass_screening`); once every writer
still owing a rewrite is gone and nothing is left to screen, the deck is made from the approved
names (`close_writing`, as the host may at any time), refused with `nothing_approved` while
none is approved."""

from __future__ import annotations

from collections.abc import Collection

from tictac.engine import Action, Event, IllegalAction
from tictac.engine.errors import BAD_FIELD, MISSING_FIELD, NOT_YOUR_TURN
from tictac.games.times_up import errors
from tictac.games.times_up.phases import SCREEN
from tictac.games.times_up.state import Face, Screening, State
from tictac.games.times_up.written import check_name, taken


def writer(state: State, card_id: str) -> int:
    """The seat that wrote `card_id` (a written card's id does not say: deal.written_id)."""
    return next(seat for seat, written in state.dealt.items() if card_id in written)


def begin(state: State, written: list[str]) -> bool:
    """Writing is over: SCREEN begins for `written` (every written card, by seat), unless no
    seat screens or nothing of another's needs it. True if it began."""
    screener = state.settings.screener
    if screener is None:
        return False
    own = tuple(card for card in written if writer(state, card) == screener)
    pending = tuple(card for card in written if writer(state, card) != screener)
    if not pending:
        return False
    state.screening = Screening(screener, pending, approved=own)
    state.phase = SCREEN
    return True


def _screening(state: State) -> Screening:
    errors.expect_phase(state, SCREEN)
    assert state.screening is not None
    return state.screening


def owed(state: State, screening: Screening) -> list[int]:
    """The writers who owe a rewrite, in seat order."""
    return sorted({writer(state, card) for card in screening.sent_back})


def to_act(state: State) -> list[int]:
    screening = _screening(state)
    waiting = set(owed(state, screening))
    if screening.pending:
        waiting.add(screening.screener)
    return sorted(waiting)


def legal(state: State, seat: int) -> list[Action]:
    screening = _screening(state)
    actions: list[Action] = []
    if seat == screening.screener and screening.pending:
        card = screening.pending[0]
        actions += [{"type": "screen", "card": card, "ok": True},
                    {"type": "screen", "card": card, "ok": False}]
    actions += [{"type": "rewrite", "card": card, "name": None}
                for card in screening.sent_back if writer(state, card) == seat]
    return actions


def screen(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    screening = _screening(state)
    if seat != screening.screener:
        raise IllegalAction(NOT_YOUR_TURN, "only the screener approves or sends back names")
    if "card" not in action or "ok" not in action:
        raise IllegalAction(MISSING_FIELD, "'screen' needs 'card' and 'ok'")
    card, ok = action["card"], action["ok"]
    if not screening.pending or card != screening.pending[0]:
        raise IllegalAction(BAD_FIELD, "'card' is the next name to screen")
    if not isinstance(ok, bool):
        raise IllegalAction(BAD_FIELD, "'ok' is true or false")
    rest = screening.pending[1:]
    if ok:
        state.screening = Screening(screening.screener, rest, (*screening.approved, card),
                                    screening.sent_back)
    else:
        state.screening = Screening(screening.screener, rest, screening.approved,
                                    (*screening.sent_back, card))
    events: list[Event] = [{"type": "screened", "ok": ok, "left": len(rest)}]
    return events + _maybe_done(state)


def rewrite(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    """A sent-back name's writer writes another in its place; it is screened in its turn."""
    screening = _screening(state)
    if "card" not in action or "name" not in action:
        raise IllegalAction(MISSING_FIELD, "'rewrite' needs 'card' and 'name'")
    card = action["card"]
    if card not in screening.sent_back or writer(state, card) != seat:
        raise IllegalAction(BAD_FIELD, "'card' is one of your names sent back")
    name, _ = check_name(action["name"], taken(face.name for other, face in state.faces.items()
                                               if other != card))
    state.faces = {**state.faces, card: Face(name, "")}
    state.screening = Screening(screening.screener, (*screening.pending, card),
                                screening.approved,
                                tuple(other for other in screening.sent_back if other != card))
    return [{"type": "rewritten", "seat": seat}]


def pass_screening(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    """The room's move for a gone screener: the seat `to` screens from now on."""
    screening = _screening(state)
    if seat != screening.screener:
        raise IllegalAction(NOT_YOUR_TURN, "only the screener's task passes on")
    to = action.get("to")
    if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to < state.players \
            or to == seat:
        raise IllegalAction(BAD_FIELD, "'to' is another seat")
    state.screening = Screening(to, screening.pending, screening.approved, screening.sent_back)
    return [{"type": "screening_passed", "from": seat, "to": to}]


def close(state: State) -> list[Event]:
    """The deck is made from the approved names: the unscreened and the sent-back are left out
    (the host's `close_writing`, or the room's once every writer owing a rewrite is gone)."""
    screening = _screening(state)
    if not screening.approved:
        raise IllegalAction(errors.NOTHING_APPROVED, "no written name is approved yet")
    left_out = len(screening.pending) + len(screening.sent_back)
    return [{"type": "screening_closed", "left_out": left_out}, *_deal(state)]


def _maybe_done(state: State) -> list[Event]:
    screening = state.screening
    assert screening is not None
    if screening.pending or screening.sent_back:
        return []
    return _deal(state)


def _deal(state: State) -> list[Event]:
    screening = state.screening
    assert screening is not None
    kept = set(screening.approved)
    state.dealt = {seat: [card for card in cards if card in kept]
                   for seat, cards in state.dealt.items()}
    # A name left out is no card of the game (a written deck's cards are all written).
    state.faces = {card: face for card, face in state.faces.items() if card in kept}
    state.screening = None
    state.gather()
    return [{"type": "deck_ready", "cards": len(state.deck)}]


def view(state: State, seat: int | None) -> dict[str, object] | None:
    """SCREEN: the counts for everyone; the next name to screen for the screener alone, and
    each writer's own names sent back for that writer alone."""
    screening = state.screening
    if screening is None:
        return None
    screens = seat == screening.screener and screening.pending
    return {"screener": screening.screener, "left": len(screening.pending),
            "approved": len(screening.approved), "owed": owed(state, screening),
            "next": _card(state, screening.pending[0]) if screens else None,
            "sent_back": [_card(state, card) for card in screening.sent_back
                          if writer(state, card) == seat]}


def _card(state: State, card: str) -> dict[str, str]:
    return {"id": card, "name": state.faces[card].name}


def absent_action(state: State, seat: int, present: Collection[int]) -> Action | None:
    """What the room does for `seat`, gone, while the names are screened (None: nothing)."""
    screening = _screening(state)
    if seat == screening.screener and screening.pending:
        after = [(seat + step) % state.players for step in range(1, state.players)]
        here = [other for other in after if other in present]
        return {"type": "pass_screening", "to": here[0]} if here else None
    if screening.pending or not screening.approved \
            or any(other in present for other in owed(state, screening)):
        return None
    return {"type": "close_writing"}
