"""Issue 22, item 2: "what happens next" is written once, in engine/next.py, and both the bot
driver and a room's timer follow it (tests/rooms check the rooms' timing, tests/*/test_bots.py
the driver's games)."""

from __future__ import annotations

import random
from typing import Any

from tictac.engine import get_game
from tictac.engine.next import due, held_until

GAME = get_game("timos-twist")


def in_a_grace_window(seed: int) -> Any:
    """A Timo's Twist state in a TIMO grace window: a deadline with no timeout action, before
    which the seat to act may not move (docs/rulings.md, the grace window)."""
    rnd = random.Random(seed)
    state = GAME.setup(4, {"timo_grace_ms": 2000}, f"next-{seed}")
    now = 0
    while GAME.deadline(state) is None:
        seat = state.turn
        now = max(now, state.grace_until) + 500
        GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)), now)
        assert GAME.outcome(state) is None, "no grace window in a whole game"
    return state


def test_the_jobs_come_in_one_order_each_with_its_time() -> None:
    state = in_a_grace_window(1)
    deadline = GAME.deadline(state)
    assert deadline is not None and GAME.timeout_action(state) is None
    jobs = due(GAME, state, turn_at=deadline + 10_000, moves_at=deadline - 1000,
               optional=True, forced=True)
    assert jobs == [("deadline", deadline), ("turn", deadline + 10_000),
                    ("optional", deadline - 1000), ("forced", deadline)]


def test_a_deadline_that_only_holds_back_delays_the_waited_for_move_not_the_others() -> None:
    """Optional moves (a catch, a TIMO call) may come during the grace window; the seat to act
    moves once it has passed."""
    for seed in range(5):
        state = in_a_grace_window(seed)
        assert held_until(GAME, state) == GAME.deadline(state)
        times = dict(due(GAME, state, turn_at=None, moves_at=0, optional=True, forced=True))
        assert times["optional"] == 0 and times["forced"] == GAME.deadline(state)


def test_only_the_jobs_asked_for_are_listed() -> None:
    state = GAME.setup(3, {"timo_grace_ms": 0}, "next-none")
    assert due(GAME, state, turn_at=None, moves_at=None, optional=True, forced=True) == []
    assert due(GAME, state, turn_at=None, moves_at=5, optional=False, forced=True) == [
        ("forced", 5)]
