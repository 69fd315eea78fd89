"""Cutting, rounds and the end of the game, to the letter of the sheet and docs/rulings.md."""

from __future__ import annotations

from collections import Counter

import pytest

from tictac.engine import IllegalAction, Rng
from tictac.engine.errors import BAD_FIELD, BAD_SEAT, GAME_OVER, MISSING_FIELD, NOT_YOUR_TURN
from tictac.games import time_bomb as game
from tictac.games.time_bomb.rules import ALREADY_CUT, CLAIM_EXCEEDS_WIRES, CUT_YOURSELF
from tictac.games.time_bomb.state import State
from tictac.games.time_bomb.table import CUT, KINDS, MORIARTY, SHERLOCK

from .support import cut, hidden_kinds

ROLES_5 = [SHERLOCK, MORIARTY, SHERLOCK, MORIARTY, SHERLOCK]
# Seat 0: the bomb and four defusing wires; seat 1: the fifth defusing wire; the rest safe.
BOMB_FIRST = ROLES_5 + ["bomb"] + ["defusing"] * 5 + ["safe"] * 19


def fresh(players: int = 5, holder: int = 0, seed: int = 7) -> State:
    return game.setup(players, {"first_holder": holder}, seed)


def test_cut_reveals_the_wire_to_all_and_hands_the_pliers_to_its_owner() -> None:
    state = fresh()
    wire = state.rows[2][3]
    _, events = game.apply(state, 0, {"type": "cut", "target": 2, "position": 3}, 0)
    assert state.rows[2][3] == CUT
    assert state.holder == 2 and state.cuts == 1
    assert state.revealed == [(1, 0, 0, 2, 3, wire)]
    assert events[0] == {
        "type": "cut", "cutter": 0, "target": 2, "position": 3, "kind": KINDS[wire], "round": 1,
    }
    assert game.view(state, None)["revealed"][0]["kind"] == KINDS[wire]


def test_the_player_who_just_handed_over_the_pliers_may_be_cut_at_once() -> None:
    state = fresh()
    cut(state, "safe", avoid=(2, 3, 4))  # seat 0 cuts seat 1
    assert state.holder == 1
    game.apply(state, 1, {"type": "cut", "target": 0, "position": 0}, 0)
    assert state.holder == 0


ILLEGAL_CUTS = [
    (0, {"type": "cut", "target": 0, "position": 0}, CUT_YOURSELF),
    (0, {"type": "cut", "target": 5, "position": 0}, BAD_FIELD),
    (0, {"type": "cut", "target": -1, "position": 0}, BAD_FIELD),
    (0, {"type": "cut", "target": 1, "position": 5}, BAD_FIELD),
    (0, {"type": "cut", "target": 1, "position": -1}, BAD_FIELD),
    (0, {"type": "cut", "target": 1, "position": "2"}, BAD_FIELD),
    (0, {"type": "cut", "target": 1}, MISSING_FIELD),
    (1, {"type": "cut", "target": 2, "position": 0}, NOT_YOUR_TURN),
    (5, {"type": "cut", "target": 2, "position": 0}, BAD_SEAT),
]


@pytest.mark.parametrize(("seat", "action", "code"), ILLEGAL_CUTS)
def test_illegal_cut_is_refused_with_its_code_and_the_state_unchanged(
    seat: int, action: dict[str, object], code: str
) -> None:
    state = fresh()
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, seat, action, 0)
    assert refused.value.code == code
    assert state == before


def test_cutting_a_position_already_revealed_is_refused_and_changes_nothing() -> None:
    state = game.setup(5, {"first_holder": 0}, 1, BOMB_FIRST)
    game.apply(state, 0, {"type": "cut", "target": 1, "position": 2}, 0)
    game.apply(state, 1, {"type": "cut", "target": 3, "position": 0}, 0)
    game.apply(state, 3, {"type": "cut", "target": 4, "position": 0}, 0)
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, 4, {"type": "cut", "target": 1, "position": 2}, 0)
    assert refused.value.code == ALREADY_CUT
    assert state == before


def test_a_position_beyond_the_shorter_rows_of_a_later_round_does_not_exist() -> None:
    state = fresh()
    for _ in range(5):
        cut(state, "safe")
    assert state.round == 2 and all(len(row) == 4 for row in state.rows)
    before = state.clone()
    target = (state.holder + 1) % 5
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, state.holder, {"type": "cut", "target": target, "position": 4}, 0)
    assert refused.value.code == BAD_FIELD
    assert state == before


def test_acting_after_the_end_is_refused_with_game_over() -> None:
    state = game.setup(5, {"first_holder": 2}, 1, BOMB_FIRST)
    cut(state, "bomb")
    before = state.clone()
    for seat, action in [
        (state.holder, {"type": "cut", "target": (state.holder + 1) % 5, "position": 0}),
        (2, {"type": "claim", "defusing": 0, "bomb": False}),
    ]:
        with pytest.raises(IllegalAction) as refused:
            game.apply(state, seat, action, 0)
        assert refused.value.code == GAME_OVER
    assert state == before


def test_a_round_ends_after_as_many_cuts_as_players() -> None:
    state = fresh(players=6)
    for number in range(1, 6):
        cut(state, "safe")
        assert (state.round, state.cuts) == (1, number)
    events = cut(state, "safe")
    assert (state.round, state.cuts) == (2, 0)
    assert [e["type"] for e in events] == ["cut", "round_over", "deal"]


def test_rounds_deal_5_4_3_2_wires_each_and_the_last_holder_starts() -> None:
    state = fresh(players=7)
    for round_, each in [(1, 5), (2, 4), (3, 3)]:
        assert state.round == round_
        assert [len(row) for row in state.rows] == [each] * 7
        for _ in range(7):
            cut(state, "safe")
        assert state.holder == state.revealed[-1][3], "the last holder starts the next round"
    assert state.round == 4
    assert [len(row) for row in state.rows] == [2] * 7


def test_redeal_gathers_only_the_hidden_wires() -> None:
    state = fresh()
    for _ in range(4):
        cut(state, "safe")
    cut(state, "defusing")
    assert Counter(hidden_kinds(state)) == Counter({0: 15, 1: 4, 2: 1})
    assert not any(CUT in row for row in state.rows)


def test_redeal_shuffles_so_positions_say_nothing_of_the_round_before() -> None:
    stacked = ROLES_5 + ["bomb"] + ["safe"] * 19 + ["defusing"] * 5
    places = set()
    for seed in range(40):
        state = game.setup(5, {"first_holder": 1}, seed, stacked)
        assert state.rows[0][0] == KINDS.index("bomb")
        for _ in range(5):
            cut(state, "safe", avoid=(0,))
        bomb = [(s, p) for s, row in enumerate(state.rows) for p, w in enumerate(row) if w == 2]
        places.update(bomb)
    # The bomb began at seat 0, position 0 every time; after the deal it lies anywhere.
    assert len({seat for seat, _ in places}) == 5
    assert len({position for _, position in places}) == 4


def test_sherlock_wins_the_moment_the_last_defusing_wire_is_cut() -> None:
    state = game.setup(4, {"first_holder": 0}, 3)
    events: list[dict[str, object]] = []
    for _ in range(4):
        assert game.outcome(state) is None
        events = cut(state, "defusing")
    result = game.outcome(state)
    assert result is not None and state.defusing_found() == 4
    assert result.detail["team"] == SHERLOCK and result.detail["reason"] == "defused"
    assert events[-1] == {"type": "game_over", "team": SHERLOCK, "reason": "defused"}


def test_moriarty_wins_the_moment_the_bomb_is_cut() -> None:
    state = game.setup(5, {"first_holder": 2}, 1, BOMB_FIRST)
    cut(state, "defusing", avoid=(0,))
    cut(state, "bomb")
    result = game.outcome(state)
    assert result is not None
    assert result.detail["team"] == MORIARTY and result.detail["reason"] == "exploded"
    assert game.to_act(state) == [] and game.legal_actions(state, state.holder) == []


def test_moriarty_wins_when_round_4_ends_without_the_last_defusing_wire() -> None:
    state = game.setup(5, {"first_holder": 2}, 11, BOMB_FIRST)
    for _ in range(19):
        cut(state, "safe")
        assert game.outcome(state) is None
    assert (state.round, state.cuts) == (4, 4)
    events = cut(state, "defusing")
    result = game.outcome(state)
    assert result is not None
    assert {key: value for key, value in result.detail.items() if key != "stats"} == {
        "team": MORIARTY, "reason": "time_up", "roles": ROLES_5, "set_aside": None,
    }
    assert result.winners == [1, 3] and result.scores == [0, 1, 0, 1, 0]
    assert [e["type"] for e in events] == ["cut", "game_over"]
    assert state.round == 4, "there is no fifth round"


def test_sheet_example_5_players_fifth_defusing_on_the_second_cut_of_round_4() -> None:
    state = game.setup(5, {"first_holder": 1}, "lea", BOMB_FIRST)
    # Three rounds, 3 x 5 = 15 wires cut, 4 of them defusing.
    for kind in "DSSSS" "DSSSS" "DDSSS":
        cut(state, "defusing" if kind == "D" else "safe")
    assert state.round == 4 and len(state.revealed) == 15
    assert state.defusing_found() == 4 and game.outcome(state) is None
    # Tom holds the fifth defusing wire; Lea, a Sherlock, gets the pliers with the first cut.
    tom = next(seat for seat, row in enumerate(state.rows) if 1 in row)
    lea = next(
        seat
        for seat, role in enumerate(state.roles)
        if role == SHERLOCK and seat not in (tom, state.holder) and 0 in state.rows[seat]
    )
    game.apply(state, state.holder, {"type": "cut", "target": lea,
                                     "position": state.rows[lea].index(0)}, 0)
    assert state.holder == lea and game.outcome(state) is None
    game.apply(state, lea, {"type": "cut", "target": tom, "position": state.rows[tom].index(1)}, 0)
    result = game.outcome(state)
    assert result is not None and result.detail["team"] == SHERLOCK
    assert (state.round, state.cuts) == (4, 2)
    assert result.winners == [0, 2, 4], "the whole team wins, Lea and her partners together"


def test_claims_are_recorded_for_everyone_and_never_checked() -> None:
    state = fresh()
    truth = Counter(state.rows[3])
    lie = {"type": "claim", "defusing": 4, "bomb": not truth[2]}
    before_holder, before_rows = state.holder, [list(r) for r in state.rows]
    _, events = game.apply(state, 3, lie, 0)
    assert events == [{"type": "claim", "seat": 3, "defusing": 4, "bomb": lie["bomb"]}]
    assert state.holder == before_holder and state.rows == before_rows and state.cuts == 0
    for seat in (None, 0, 3):
        shown = game.view(state, seat)
        assert shown["claims"] == [
            {"seat": 3, "defusing": 4, "bomb": lie["bomb"], "round": 1, "cut": 0}
        ]
        assert shown["rows"][3]["claim"] == shown["claims"][0]


def test_a_claim_belongs_to_its_round_and_leaves_the_row_at_the_re_deal() -> None:
    """docs/rulings.md, Time Bomb: the hidden wires are gathered and dealt anew after each round,
    so a claim about a row is about that round's row (issue 19, item 3: after the re-deal the
    row still showed last round's claim). The log keeps every claim."""
    state = fresh()
    game.apply(state, 3, {"type": "claim", "defusing": 1, "bomb": False}, 0)
    for _ in range(5):
        cut(state, "safe")
    assert state.round == 2
    for seat in (None, 0, 3):
        shown = game.view(state, seat)
        assert [row["claim"] for row in shown["rows"]] == [None] * 5
        assert [claim["round"] for claim in shown["claims"]] == [1]
    game.apply(state, 3, {"type": "claim", "defusing": 0, "bomb": True}, 0)
    shown = game.view(state, None)
    assert shown["rows"][3]["claim"] == shown["claims"][1]
    assert shown["rows"][3]["claim"]["round"] == 2


def test_any_seat_may_claim_at_any_time_and_the_game_goes_on() -> None:
    state = fresh()
    for step in range(6):
        for seat in range(5):
            game.apply(state, seat, {"type": "claim", "defusing": 0, "bomb": False}, step)
        assert game.to_act(state) == [state.holder]
        cut(state, "safe")
    assert state.round == 2 and len(state.claims) == 30


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "claim", "defusing": 6, "bomb": False}, BAD_FIELD),
        ({"type": "claim", "defusing": -1, "bomb": False}, BAD_FIELD),
        ({"type": "claim", "defusing": 5, "bomb": True}, CLAIM_EXCEEDS_WIRES),
        ({"type": "claim", "defusing": 1, "bomb": "yes"}, BAD_FIELD),
        ({"type": "claim", "bomb": True}, MISSING_FIELD),
    ],
)
def test_a_claim_must_fit_the_wires_in_front_of_the_claimer(
    action: dict[str, object], code: str
) -> None:
    state = fresh()
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, 2, action, 0)
    assert refused.value.code == code
    assert state == before


def test_a_claim_without_bomb_says_no_bomb() -> None:
    state = fresh()
    game.apply(state, 2, {"type": "claim", "defusing": 1}, 0)
    assert state.claims == [(2, 1, False, 1, 0)]


def test_only_the_holder_of_the_pliers_is_waited_for() -> None:
    state = fresh(holder=3)
    assert game.to_act(state) == [3]
    assert game.deadline(state) is None and game.timeout_action(state) is None
    assert {a["type"] for a in game.legal_actions(state, 3)} == {"cut", "claim"}
    assert {a["type"] for a in game.legal_actions(state, 1)} == {"claim"}
    assert game.legal_actions(state, 9) == []


def test_auto_action_is_a_random_cut_by_the_holder_with_the_room_rng() -> None:
    state = fresh(holder=3)
    before = state.clone()
    chosen = [game.auto_action(state, 3, Rng(seed)) for seed in range(30)]
    assert state == before, "the room's rng is used, never the state's"
    assert all(a in game.legal_actions(state, 3) and a["type"] == "cut" for a in chosen)
    assert len({(a["target"], a["position"]) for a in chosen if a}) > 5
    assert game.auto_action(state, 1, Rng(1)) is None
    state = game.setup(5, {"first_holder": 2}, 1, BOMB_FIRST)
    cut(state, "bomb")
    assert game.auto_action(state, state.holder, Rng(1)) is None


def test_at_the_end_every_role_and_the_set_aside_card_are_revealed() -> None:
    roles = [SHERLOCK, MORIARTY, SHERLOCK, SHERLOCK, MORIARTY]
    state = game.setup(4, {"first_holder": 2}, 1, roles + ["bomb"] + ["defusing"] * 4
                       + ["safe"] * 15)
    for seat in (None, 0, 1):
        shown = game.view(state, seat)
        assert shown["roles"] is None and shown["set_aside"] is None
    cut(state, "bomb")
    for seat in (None, 0, 1):
        shown = game.view(state, seat)
        assert shown["roles"] == roles[:4] and shown["set_aside"] == MORIARTY
        assert shown["outcome"]["winners"] == [1] and shown["outcome"]["set_aside"] == MORIARTY


def test_view_of_a_seat_that_does_not_exist_is_refused() -> None:
    with pytest.raises(IllegalAction) as refused:
        game.view(fresh(), 5)
    assert refused.value.code == BAD_SEAT
