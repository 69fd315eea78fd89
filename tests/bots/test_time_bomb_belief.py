"""What the Time Bomb search bot believes of the roles, and what it says of its own row."""

from __future__ import annotations

import pytest

from tictac.bots.time_bomb.belief import claim_of, cuts_into_the_bomb, role_belief
from tictac.bots.time_bomb.search import SearchBot
from tictac.engine import Rng
from tictac.games import time_bomb as game
from tictac.games.time_bomb.state import State
from tictac.games.time_bomb.table import MORIARTY, SHERLOCK

ROLES = [SHERLOCK, MORIARTY, SHERLOCK, MORIARTY, SHERLOCK]
# Seat 0: the bomb and 4 safe wires; seat 1: 3 defusing and 2 safe; seat 2: 2 defusing and
# 3 safe; seats 3 and 4: safe only.
WIRES = (["bomb"] + ["safe"] * 4 + ["defusing"] * 3 + ["safe"] * 2 + ["defusing"] * 2
         + ["safe"] * 13)


def stacked(holder: int = 0) -> State:
    return game.setup(5, {"first_holder": holder}, 1, ROLES + WIRES)


def claim(state: State, seat: int, defusing: int, bomb: bool = False) -> None:
    game.apply(state, seat, {"type": "claim", "defusing": defusing, "bomb": bomb}, 0)


def cut(state: State, seat: int, target: int, position: int) -> None:
    game.apply(state, seat, {"type": "cut", "target": target, "position": position}, 0)


def chance_of_moriarty(state: State, seat: int, other: int) -> float:
    return sum(weight for roles, _, weight in role_belief(game.view(state, seat), seat)
               if roles[other] == MORIARTY)


def test_search_sherlock_claims_the_whole_truth_bomb_included() -> None:
    state = stacked()
    bot = SearchBot(0, Rng(1))
    said = bot.act(game.view(state, 0), game.legal_actions(state, 0), False)
    assert said == {"type": "claim", "defusing": 0, "bomb": True}
    assert claim_of(SHERLOCK, {"safe": 2, "defusing": 3, "bomb": 0}, 1) == {
        "type": "claim", "defusing": 3, "bomb": False}


def test_search_moriarty_denies_its_defusing_wires() -> None:
    state = stacked()
    bot = SearchBot(1, Rng(1))
    said = bot.act(game.view(state, 1), game.legal_actions(state, 1), False)
    assert said == {"type": "claim", "defusing": 0, "bomb": False}


def test_with_nothing_said_or_cut_every_deal_of_the_roles_is_as_likely() -> None:
    state = stacked()
    belief = role_belief(game.view(state, 0), 0)
    assert len(belief) == 6  # two Moriarty cards among the four other seats
    assert all(roles[0] == SHERLOCK for roles, _, _ in belief)
    assert [weight for _, _, weight in belief] == pytest.approx([1 / 6] * 6)


def test_a_denied_defusing_wire_found_in_an_earlier_round_points_to_moriarty() -> None:
    """Seat 1 says it has no defusing wire; the next cut finds one in its row. A Sherlock tells
    the whole truth, a Moriarty denies its defusing wires: once the round is over, seat 0
    believes seat 1 plays for Moriarty, and the honest seat 2 (two claimed, one found) for
    Sherlock, more than the role cards alone say (one half)."""
    state = stacked(holder=0)
    claim(state, 1, 0)
    claim(state, 2, 2)
    cut(state, 0, 1, 0)  # defusing: seat 1's claim was a lie
    cut(state, 1, 2, 3)  # defusing: seat 2's claim holds so far
    cut(state, 2, 3, 0)
    cut(state, 3, 4, 0)
    assert state.round == 1
    before = chance_of_moriarty(state, 0, 1)
    cut(state, 4, 3, 1)  # the fifth cut ends round 1
    assert state.round == 2 and state.team is None
    assert before == pytest.approx(0.5), "this round's claims are left to the samples"
    assert chance_of_moriarty(state, 0, 1) > 0.95
    assert chance_of_moriarty(state, 0, 2) < 0.5


def test_a_cut_into_a_row_said_to_hold_the_bomb_marks_its_cutter() -> None:
    state = stacked(holder=3)
    claim(state, 0, 0, bomb=True)
    cut(state, 3, 0, 1)  # safe, but no Sherlock would have tried
    view = game.view(state, 2)
    assert cuts_into_the_bomb(view, 2) == {3: 1}
    cut(state, 0, 4, 0)
    cut(state, 4, 2, 0)
    cut(state, 2, 1, 4)
    cut(state, 1, 4, 1)  # round 1 over
    assert state.round == 2
    assert chance_of_moriarty(state, 2, 3) > 0.8
