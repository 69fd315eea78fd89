"""LazyView reads the same keys and values as view(), in the same order, on every state random
play reaches: every seat and the spectator, grace windows, drawn cards, the end of the game."""

from __future__ import annotations

import pytest

from tictac.engine import IllegalAction, Rng
from tictac.games import timos_twist as game
from tictac.games.timos_twist.views import LazyView


@pytest.mark.parametrize("players", [2, 3, 6])
def test_lazy_view_equals_the_view_all_along_random_games(players: int) -> None:
    rng = Rng(f"lazy-{players}")
    compared = 0
    for seed in range(30):
        state = game.setup(players, {"target_score": 60}, seed)
        now = 0
        while True:
            for seat in [None, *range(players)]:
                lazy = LazyView(state, seat)
                full = game.view(state, seat)
                assert list(lazy) == list(full)
                assert {key: lazy[key] for key in lazy} == full
                compared += 1
            waiting = game.to_act(state)
            if not waiting:
                break
            seat = waiting[0]
            now = max(now, state.grace_until)
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)), now)
    assert compared > 10_000


def test_lazy_view_reads_the_live_state_and_a_copy_keeps() -> None:
    state = game.setup(2, None, 1)
    lazy = LazyView(state, state.turn)
    kept = dict(lazy)
    seat = state.turn
    game.apply(state, seat, game.legal_actions(state, seat)[0], 0)
    assert LazyView(state, 0)["pile_size"] == game.view(state, 0)["pile_size"]
    assert kept["to_act"] == [seat]


@pytest.mark.parametrize("seat", [-1, 2, "0", True])
def test_lazy_view_of_a_seat_that_does_not_exist_is_bad_seat(seat: object) -> None:
    state = game.setup(2, None, 1)
    with pytest.raises(IllegalAction) as refused:
        LazyView(state, seat)  # type: ignore[arg-type]
    assert refused.value.code == "bad_seat"
