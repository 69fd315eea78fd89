"""Claims are bounded (issue 20, item 2: every view carries every claim, and a client could
send them without end). A rule (docs/rulings.md, Time Bomb): a seat says at most
MAX_CLAIMS_PER_ROUND claims a round; the next is `too_many_claims`, and a new round gives new
ones."""

from __future__ import annotations

import pytest

from tictac.engine import IllegalAction
from tictac.games import time_bomb as game
from tictac.games.time_bomb.rules import MAX_CLAIMS_PER_ROUND, TOO_MANY_CLAIMS

from .support import cut


def test_a_seat_says_a_bounded_number_of_claims_a_round() -> None:
    state = game.setup(5, {"first_holder": 0}, 7)
    for defusing in range(MAX_CLAIMS_PER_ROUND):
        game.apply(state, 3, {"type": "claim", "defusing": defusing % 2}, 0)
    assert [a for a in game.legal_actions(state, 3) if a["type"] == "claim"] == []
    before = state.clone()
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, 3, {"type": "claim", "defusing": 1}, 0)
    assert caught.value.code == TOO_MANY_CLAIMS and state == before
    game.apply(state, 2, {"type": "claim", "defusing": 1}, 0)  # the others still may
    assert len(game.view(state, None)["claims"]) == MAX_CLAIMS_PER_ROUND + 1
    while state.round == 1:
        cut(state, "safe")
    game.apply(state, 3, {"type": "claim", "defusing": 0}, 0)  # a new round, new claims
