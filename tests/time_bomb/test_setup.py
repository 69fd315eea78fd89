"""Set-up: the sheet's table for every player count, options and stacked deals."""

from __future__ import annotations

from collections import Counter

import pytest

from tictac.engine import IllegalAction
from tictac.engine.errors import BAD_OPTION, BAD_SETUP
from tictac.games import time_bomb as game
from tictac.games.time_bomb.table import KINDS, MORIARTY, SHERLOCK

# players: (Sherlock cards, Moriarty cards, a card set aside, safe wires, defusing wires)
SHEET = {
    4: (3, 2, True, 15, 4),
    5: (3, 2, False, 19, 5),
    6: (4, 2, False, 23, 6),
    7: (5, 3, True, 27, 7),
    8: (5, 3, False, 31, 8),
}


@pytest.mark.parametrize("players", sorted(SHEET))
def test_setup_follows_the_sheet_table(players: int) -> None:
    sherlocks, moriarties, aside, safe, defusing = SHEET[players]
    for seed in range(20):
        state = game.setup(players, None, seed)
        cards = [*state.roles, *([state.set_aside] if state.set_aside else [])]
        assert Counter(cards) == {SHERLOCK: sherlocks, MORIARTY: moriarties}
        assert len(state.roles) == players
        assert (state.set_aside is not None) == aside
        assert [len(row) for row in state.rows] == [5] * players
        wires = Counter(KINDS[w] for row in state.rows for w in row)
        assert wires == {"safe": safe, "defusing": defusing, "bomb": 1}


def test_set_aside_card_is_either_role_at_4_and_7_players() -> None:
    for players in (4, 7):
        aside = {game.setup(players, None, seed).set_aside for seed in range(60)}
        assert aside == {SHERLOCK, MORIARTY}


@pytest.mark.parametrize("players", [0, 3, 9, True, "5"])
def test_player_count_outside_4_to_8_is_refused(players: object) -> None:
    with pytest.raises(IllegalAction) as refused:
        game.setup(players, None, 1)  # type: ignore[arg-type]
    assert refused.value.code == BAD_SETUP


def test_first_holder_option_gives_the_pliers_to_that_seat() -> None:
    assert game.setup(6, {"first_holder": 4}, 1).holder == 4


def test_first_holder_at_random_reaches_every_seat() -> None:
    assert {game.setup(5, None, seed).holder for seed in range(80)} == set(range(5))


@pytest.mark.parametrize("holder", [5, 7, True, -1, "0", None])
def test_first_holder_must_be_a_seat_of_this_game(holder: object) -> None:
    with pytest.raises(IllegalAction) as refused:
        game.setup(5, {"first_holder": holder}, 1)
    assert refused.value.code == BAD_OPTION


def test_unknown_option_is_refused() -> None:
    with pytest.raises(IllegalAction) as refused:
        game.setup(5, {"timer": 30}, 1)
    assert refused.value.code == BAD_OPTION


def stacked_5() -> list[str]:
    roles = [MORIARTY, SHERLOCK, SHERLOCK, MORIARTY, SHERLOCK]
    wires = ["bomb"] + ["defusing"] * 5 + ["safe"] * 19
    return roles + wires


def test_stacked_sets_roles_and_the_first_deal_in_seat_order() -> None:
    state = game.setup(5, None, 1, stacked_5())
    assert state.roles == [MORIARTY, SHERLOCK, SHERLOCK, MORIARTY, SHERLOCK]
    assert state.set_aside is None
    assert [KINDS[w] for w in state.rows[0]] == ["bomb", "defusing", "defusing", "defusing",
                                                 "defusing"]
    assert [KINDS[w] for w in state.rows[1]] == ["defusing", "safe", "safe", "safe", "safe"]


def test_stacked_at_4_players_ends_with_the_set_aside_card() -> None:
    roles = [SHERLOCK, MORIARTY, SHERLOCK, SHERLOCK, MORIARTY]
    state = game.setup(4, None, 1, roles + ["bomb"] + ["defusing"] * 4 + ["safe"] * 15)
    assert state.roles == roles[:4] and state.set_aside == MORIARTY


@pytest.mark.parametrize(
    "stacked",
    [
        stacked_5()[:-1],  # one wire short
        [SHERLOCK, *stacked_5()[1:]],  # four Sherlock cards at 5 players
        [*stacked_5()[:5], "defusing", *stacked_5()[6:]],  # no bomb, six defusing wires
        [*stacked_5()[:5], "fuse", *stacked_5()[6:]],
        [*stacked_5()[:5], 2, *stacked_5()[6:]],
        "sherlock",
    ],
)
def test_stacked_must_hold_exactly_the_cards_of_the_table(stacked: list[object]) -> None:
    with pytest.raises(IllegalAction) as refused:
        game.setup(5, None, 1, stacked)
    assert refused.value.code == BAD_SETUP


def test_same_seed_gives_the_same_setup_and_another_seed_another() -> None:
    assert game.setup(6, None, "x") == game.setup(6, None, "x")
    assert game.setup(6, None, "x") != game.setup(6, None, "y")
