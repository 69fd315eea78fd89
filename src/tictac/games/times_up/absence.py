"""Players who are gone, by the rule books' own rotation (docs/rulings.md, "Time's Up: gone
players"). A card is won only when guessers say its name, so nobody plays for a gone player:

- a gone cluegiver's turn passes to the next member of their team whose phone is here
  (`pass_turn`), or, with nobody of the team here, the team's turn is skipped (`skip_team`);
- a gone timekeeper or guesser changes nothing (the server keeps time, the others guess);
- a gone writer's names are never made up: the deck is made from the names written so far
  (`close_writing`), on the host's word or once every player still to write is gone;
- en, a round won with time left: the team's choice (carry the time on or hand the deck over)
  is a member's who is here; the room makes it (`continue`) only once none of them is.

These are the room's moves (`ROOM_ACTIONS`), logged like any other so a replay is exact; no
player sends them. `absent_action` says which one the room makes for a gone seat."""

from __future__ import annotations

from collections.abc import Collection

from tictac.engine import Action, Event, IllegalAction
from tictac.engine.errors import BAD_FIELD, MISSING_FIELD, NOT_YOUR_TURN
from tictac.games.times_up import deal, errors, screening, turns
from tictac.games.times_up.phases import ROUND_WON, RUNNING, SCREEN, WAITING, WRITE
from tictac.games.times_up.state import State, Turn

ROOM_ACTIONS = frozenset({"pass_turn", "skip_team", "close_writing", "pass_screening"})


def _expect_cluegiver(state: State, seat: int) -> None:
    errors.expect_phase(state, WAITING, RUNNING)
    if seat != state.cluegiver():
        raise IllegalAction(NOT_YOUR_TURN, "only the cluegiver's turn passes or is skipped")


def next_in_turn(state: State) -> list[int]:
    """The cluegiver's teammates in the order the rotation reaches them, next first."""
    cluegiver = state.cluegiver()
    return [seat for seat in state.rotation(state.team) if seat != cluegiver]


def pass_turn(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    """The turn goes to the teammate `to`, as if it were theirs in the rotation: the rotation
    moves on from them. A running turn goes on with its card and its clock (the sand runs on
    while the cards change hands); it counts as the new cluegiver's turn from here."""
    _expect_cluegiver(state, seat)
    if "to" not in action:
        raise IllegalAction(MISSING_FIELD, "'pass_turn' needs 'to'")
    to = action["to"]
    if isinstance(to, bool) or to not in next_in_turn(state):
        raise IllegalAction(BAD_FIELD, "'to' is a teammate of the cluegiver")
    if state.phase == RUNNING:
        state.turns.append(Turn(state.round, state.team, to, len(state.found[-1][state.team])))
    else:
        state.passed_to = (state.turns_ended, to)
    state.absence = {"kind": "passed", "team": state.team, "from": seat, "to": to,
                     "mark": state.turns_ended}
    return [{"type": "turn_passed", "team": state.team, "from": seat, "to": to}]


def skip_team(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    """Nobody of the team is here: its turn is over before or while it runs, with nothing won.
    The rotation moves on as after a turn played; time a team carried (en) is lost with it."""
    _expect_cluegiver(state, seat)
    team = state.team
    state.time_left = None
    if state.phase == RUNNING:
        events = turns.cut_short(state, "skipped")
    else:
        events = turns.end_waiting_turn(state, "skipped")
    state.absence = {"kind": "skipped", "team": team, "from": seat, "mark": state.turns_ended}
    return events


def close_writing(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    """The deck is made from the names written so far (who wrote none adds none), screened
    first if a seat screens them; while they are screened, from the names approved so far."""
    if state.phase == SCREEN:
        return screening.close(state)
    errors.expect_phase(state, WRITE)
    missing = [other for other in range(state.players) if not state.dealt[other]]
    if len(missing) == state.players:
        raise IllegalAction(errors.NOTHING_WRITTEN, "nobody has written a name yet")
    return [{"type": "writing_closed", "missing": missing}, *deal.writing_over(state)]


def notice(state: State) -> dict[str, object] | None:
    """The latest passed or skipped turn, while it is still the news: until the next turn ends."""
    note = state.absence
    if note is None or state.phase not in (WAITING, RUNNING) or \
            note["mark"] != state.turns_ended:
        return None
    return {key: value for key, value in note.items() if key != "mark"}


def absent_action(state: State, seat: int, present: Collection[int]) -> Action | None:
    """WRITE, SCREEN, WAITING, RUNNING and ROUND_WON: what the room does for `seat`, gone, when
    the game waits for it; `present` are the seats whose players are here. None: nothing (the
    game waits)."""
    if state.phase == ROUND_WON:
        deciders = state.deciders()
        return None if any(other in present for other in deciders) else {"type": "continue"}
    if state.phase == SCREEN:
        return screening.absent_action(state, seat, present)
    if state.phase == WRITE:
        unwritten = [other for other in range(state.players) if not state.dealt[other]]
        if any(other in present for other in unwritten) or len(unwritten) == state.players:
            return None
        return {"type": "close_writing"}
    if seat != state.cluegiver():
        return None
    here = [other for other in next_in_turn(state) if other in present]
    return {"type": "pass_turn", "to": here[0]} if here else {"type": "skip_team"}
