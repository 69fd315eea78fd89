"""Time's Up's own refusal codes (the common ones live in tictac.engine.errors): its
`GameInfo.codes`, from which docs/games/times-up.md's table is written."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tictac.engine import IllegalAction
from tictac.engine.errors import Codes

if TYPE_CHECKING:
    from tictac.games.times_up.state import State

CODES = Codes()
TIME_IS_UP = CODES("time_is_up", "any turn action stamped at or after the deadline")
TOO_EARLY = CODES("too_early", "`time_up` before the deadline")
WRONG_PHASE = CODES("wrong_phase", "an action of another phase (`found` with no turn running, "
                    "`discard` after the deal, …)")
NOT_IN_THIS_ROUND = CODES("not_in_this_round", "`pass` or `wrong` in round 1")
NOT_YOUR_CARD = CODES("not_your_card", "discarding a card not dealt to you")
ALREADY_DONE = CODES("already_done", "a second `discard`, `write` or `ready`")
DUPLICATE_NAME = CODES("duplicate_name", "a written name a guess could not tell from one already "
                       "in the deck")
ALL_OPTIONAL = CODES("all_optional", "a written name entirely in parentheses, e.g. \"(Bob)\": no "
                     "guess could win it, since the parenthesised parts are optional")
NOTHING_WRITTEN = CODES("nothing_written", "`close_writing` before anyone wrote a name")
NOTHING_APPROVED = CODES("nothing_approved", "`close_writing` while the names are screened and "
                         "none is approved yet")
CANNOT_OVERRULE = CODES("cannot_overrule", "an `overrule` of a verdict already overruled, or "
                        "whose card no longer waits (won since, or moved on)")
TOO_MANY_GUESSES = CODES("too_many_guesses", "a guess past the 20 a card or 100 a turn takes; "
                         "from the server, past the seat's rate (a guess a second, five at once)")


def expect_phase(state: State, *phases: str) -> None:
    if state.phase not in phases:
        raise IllegalAction(WRONG_PHASE, f"not now: the game is in its {state.phase!r} phase")
