"""Plays a game with bots (and any other seat-holder that follows the Bot interface).

Used by `tictac simulate`, the terminal games and the tests. Time is simulated: every action
advances the clock by `step_ms`, and a passed deadline sends the game's timeout action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tictac.bots import Bot
from tictac.engine import Game, LoggedAction


def next_action(game: Game, state: Any, seats: Mapping[int, Bot], now_ms: int) -> LoggedAction:
    """The next action, not yet applied: a passed deadline's timeout first, then optional actions
    of seats the game is not waiting for (each may decline), then a seat the game waits for."""
    deadline = game.deadline(state)
    if deadline is not None and now_ms >= deadline:
        timeout = game.timeout_action(state)
        if timeout is not None:
            return LoggedAction(timeout[0], timeout[1], now_ms)
    waiting = game.to_act(state)
    for seat, bot in seats.items():
        if seat in waiting:
            continue
        legal = game.legal_actions(state, seat)
        if legal:
            action = bot.act(game.view(state, seat), legal, False)
            if action is not None:
                return LoggedAction(seat, action, now_ms)
    if deadline is not None and now_ms < deadline and game.timeout_action(state) is None:
        # A deadline with nothing to apply only holds the waiting seats back (Timo's Twist's
        # TIMO grace window): they act once it has passed.
        now_ms = deadline
    for seat in waiting:
        action = seats[seat].act(game.view(state, seat), game.legal_actions(state, seat), True)
        if action is not None:
            return LoggedAction(seat, action, now_ms)
    raise RuntimeError("the game waits for a seat that does nothing")


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
