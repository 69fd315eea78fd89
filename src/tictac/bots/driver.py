"""Plays a game with bots (and any other seat-holder that follows the Bot interface).

Used by `tictac simulate`, the terminal games and the tests. Time is simulated: every action
advances the clock by `step_ms`, and a passed deadline sends the game's timeout action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tictac.bots import Bot
from tictac.engine import Event, Game


def step(game: Game, state: Any, seats: Mapping[int, Bot], now_ms: int) -> list[Event] | None:
    """One action: optional actions of seats the game is not waiting for come first (each
    seat-holder may decline), then a seat the game waits for. None once the game is over."""
    if game.outcome(state) is not None:
        return None
    deadline = game.deadline(state)
    if deadline is not None and now_ms >= deadline:
        timeout = game.timeout_action(state)
        if timeout is not None:
            return game.apply(state, timeout[0], timeout[1], now_ms)[1]
    waiting = game.to_act(state)
    for seat, bot in seats.items():
        if seat in waiting:
            continue
        legal = game.legal_actions(state, seat)
        if legal:
            action = bot.act(game.view(state, seat), legal, False)
            if action is not None:
                return game.apply(state, seat, action, now_ms)[1]
    for seat in waiting:
        legal = game.legal_actions(state, seat)
        action = seats[seat].act(game.view(state, seat), legal, True)
        if action is not None:
            return game.apply(state, seat, action, now_ms)[1]
    raise RuntimeError("the game waits for a seat that does nothing")


def play_out(
    game: Game,
    state: Any,
    seats: Mapping[int, Bot],
    *,
    start_ms: int = 0,
    step_ms: int = 1000,
    max_actions: int = 1_000_000,
) -> int:
    """Play until the game is over and return how many actions it took; raises if it takes
    more than `max_actions`."""
    now = start_ms
    for actions in range(max_actions):
        if step(game, state, seats, now) is None:
            return actions
        now += step_ms
    raise RuntimeError(f"game not over after {max_actions} actions")
