"""What happens next at a table when nobody is told what to do: the jobs that may be due, each
with the game time it is due at, in the one order the rooms' timer and the bot driver follow.

The order: a passed deadline's timeout first; then the turn timer (rooms have one, the driver
has none); then optional actions of seats the game is not waiting for (each may decline, so a
bot can catch a player who forgot to call out before the next move makes it too late); then a
move of a seat the game waits for, never before a deadline that only holds the table back (a
TIMO grace window: moves before it fail).

A room sleeps until the earliest time of `due(...)` and then runs the first job whose time has
come (`bots/driver.py` plays the same jobs on a simulated clock); the helpers below make each
job's move."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal

from tictac.engine.contract import Action, Game
from tictac.engine.replay import LoggedAction

Job = Literal["deadline", "turn", "optional", "forced"]
Choose = Callable[[int, bool], Action | None]  # (seat, must act) -> its move, or None


def due(game: Game, state: Any, *, turn_at: int | None, moves_at: int | None,
        optional: bool, forced: bool) -> list[tuple[Job, int]]:
    """The jobs that may be due and when, in the order they run: the game's deadline; the turn
    timer at `turn_at`; optional moves (if `optional`) and the move waited for (if `forced`),
    both from `moves_at`, the waited-for one not before a deadline that only holds back."""
    jobs: list[tuple[Job, int]] = []
    deadline = game.deadline(state)
    if deadline is not None:
        jobs.append(("deadline", deadline))
    if turn_at is not None:
        jobs.append(("turn", turn_at))
    if moves_at is not None:
        if optional:
            jobs.append(("optional", moves_at))
        if forced:
            held = held_until(game, state)
            jobs.append(("forced", moves_at if held is None else max(moves_at, held)))
    return jobs


def timeout_due(game: Game, state: Any, now_ms: int) -> LoggedAction | None:
    """The timeout action of a passed deadline, if the deadline has one."""
    deadline = game.deadline(state)
    if deadline is not None and now_ms >= deadline:
        timeout = game.timeout_action(state)
        if timeout is not None:
            return LoggedAction(timeout[0], timeout[1], now_ms)
    return None


def held_until(game: Game, state: Any) -> int | None:
    """A deadline with nothing to apply only holds the waiting seats back (Timo's Twist's TIMO
    grace window): they move once it has passed."""
    deadline = game.deadline(state)
    if deadline is not None and game.timeout_action(state) is None:
        return deadline
    return None


def optional_move(game: Game, state: Any, seats: Iterable[int], choose: Choose,
                  now_ms: int) -> LoggedAction | None:
    """The first of `seats` (not waited for, with something legal to do) that chooses to act."""
    waiting = game.to_act(state)
    for seat in seats:
        if seat not in waiting and game.legal_actions(state, seat):
            action = choose(seat, False)
            if action is not None:
                return LoggedAction(seat, action, now_ms)
    return None


def forced_move(game: Game, state: Any, seats: Iterable[int], choose: Choose,
                now_ms: int) -> LoggedAction | None:
    """The move of the first of `seats` the game waits for that has one."""
    for seat in seats:
        if game.legal_actions(state, seat):
            action = choose(seat, True)
            if action is not None:
                return LoggedAction(seat, action, now_ms)
    return None
