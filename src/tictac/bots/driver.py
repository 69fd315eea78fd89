"""What happens next at a table when nobody is told what to do, and a driver that plays a game
with bots (and any other seat-holder that follows the Bot interface).

The order is one for the rooms and the driver: a passed deadline's timeout first, then optional
actions of seats the game is not waiting for (each may decline, so a bot can catch a player who
forgot to call out before the next move makes it too late), then a move of a seat the game
waits for, never before a deadline that only holds the table back.

The driver is used by `tictac simulate`, the terminal games and the tests. Time is simulated:
every action advances the clock by `step_ms`, and a passed deadline sends the timeout action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tictac.bots import Bot
from tictac.engine import Action, Game, LoggedAction

Choose = Callable[[int, bool], Action | None]  # (seat, must act) -> its move, or None


def timeout_due(game: Game, state: Any, now_ms: int) -> LoggedAction | None:
    deadline = game.deadline(state)
    if deadline is not None and now_ms >= deadline:
        timeout = game.timeout_action(state)
        if timeout is not None:
            return LoggedAction(timeout[0], timeout[1], now_ms)
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


def held_until(game: Game, state: Any) -> int | None:
    """A deadline with nothing to apply only holds the waiting seats back (Timo's Twist's TIMO
    grace window): they move once it has passed."""
    deadline = game.deadline(state)
    if deadline is not None and game.timeout_action(state) is None:
        return deadline
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


def next_action(game: Game, state: Any, seats: Mapping[int, Bot], now_ms: int) -> LoggedAction:
    """The next action, not yet applied, with every seat held by a bot of `seats`."""

    def choose(seat: int, must: bool) -> Action | None:
        return seats[seat].act(game.view(state, seat), game.legal_actions(state, seat), must)

    found = timeout_due(game, state, now_ms) or optional_move(game, state, seats, choose, now_ms)
    if found is not None:
        return found
    held = held_until(game, state)
    forced = forced_move(game, state, game.to_act(state), choose,
                         now_ms if held is None else max(now_ms, held))
    if forced is None:
        raise RuntimeError("the game waits for a seat that does nothing")
    return forced


def play_out(
    game: Game,
    state: Any,
    seats: Mapping[int, Bot],
    *,
    start_ms: int = 0,
    step_ms: int = 1000,
    max_actions: int = 1_000_000,
    log: list[LoggedAction] | None = None,
) -> int:
    """Play until the game is over and return how many actions it took (appending each to
    `log` if given); raises if it takes more than `max_actions`."""
    now = start_ms
    for actions in range(max_actions):
        if game.outcome(state) is not None:
            return actions
        entry = next_action(game, state, seats, now)
        game.apply(state, entry.seat, entry.action, entry.now_ms)
        if log is not None:
            log.append(entry)
        now = entry.now_ms + step_ms
    raise RuntimeError(f"game not over after {max_actions} actions")
