"""Time's Up's own refusal codes (the common ones live in tictac.engine.errors)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tictac.engine import IllegalAction

if TYPE_CHECKING:
    from tictac.games.times_up.state import State

TIME_IS_UP = "time_is_up"  # stamped at or after the turn's deadline
TOO_EARLY = "too_early"  # "time_up" before the deadline
WRONG_PHASE = "wrong_phase"  # e.g. "found" while no turn runs, "discard" after the deal
NOT_IN_THIS_ROUND = "not_in_this_round"  # "pass" or "wrong" in round 1
NOT_YOUR_CARD = "not_your_card"  # discarding a card you were not dealt
ALREADY_DONE = "already_done"  # a second discard, write or ready
DUPLICATE_NAME = "duplicate_name"  # a written name a guess could not tell from another
ALL_OPTIONAL = "all_optional"  # a written name all in parentheses: no guess could ever win it
CANNOT_OVERRULE = "cannot_overrule"  # that guess's verdict can no longer be changed this turn
TOO_MANY_GUESSES = "too_many_guesses"  # past the guesses a card or a turn takes (or the rate)
NOTHING_WRITTEN = "nothing_written"  # writing closed before anyone wrote a name
NOTHING_APPROVED = "nothing_approved"  # screening closed before the screener approved a name


def expect_phase(state: State, *phases: str) -> None:
    if state.phase not in phases:
        raise IllegalAction(WRONG_PHASE, f"not now: the game is in its {state.phase!r} phase")
