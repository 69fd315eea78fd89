"""A driver that plays a game with bots (and any other seat-holder that follows the Bot
interface), in the order of `engine/next.py`, which the rooms follow too.

The driver is used by `tictac simulate`, the terminal games and the tests. Time is simulated:
every action advances the clock by `step_ms`, and a passed deadline sends the timeout action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tictac.bots import Bot
from tictac.engine import Action, Game, LoggedAction
from tictac.engine.next import due, forced_move, optional_move, timeout_due


def next_action(game: Game, state: Any, seats: Mapping[int, Bot], now_ms: int) -> LoggedAction:
    """The next action, not yet applied, with every seat held by a bot of `seats`."""

    def choose(seat: int, must: bool) -> Action | None:
        return seats[seat].act(game.view(state, seat), game.legal_actions(state, seat), must)

    for job, at in due(game, state, turn_at=None, moves_at=now_ms, optional=True, forced=True):
        if job == "deadline":
            found = timeout_due(game, state, now_ms)
        elif job == "optional":
            found = optional_move(game, state, seats, choose, now_ms)
        else:  # the seats waited for move when they may: the clock jumps to it
            found = forced_move(game, state, game.to_act(state), choose, at)
        if found is not None:
            return found
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
