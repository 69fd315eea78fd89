"""Invariants over random games: wires conserved, one bomb, at most 4 rounds, exact replays."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tictac.engine import SetupArgs, replay
from tictac.games import time_bomb as game
from tictac.games.time_bomb.table import BOMB, ROUNDS, wire_cards

from .support import hidden_kinds, random_steps

GAMES = st.tuples(st.integers(4, 8), st.integers(0, 2**32))


@settings(max_examples=300)
@given(GAMES)
def test_wires_are_conserved_and_there_is_exactly_one_bomb(players_seed: tuple[int, int]) -> None:
    players, seed = players_seed
    table = Counter(wire_cards(players))
    for state, _, _ in random_steps(players, seed):
        revealed = [reveal[5] for reveal in state.revealed]
        assert Counter(hidden_kinds(state)) + Counter(revealed) == table
        assert hidden_kinds(state).count(BOMB) + revealed.count(BOMB) == 1
        assert BOMB not in revealed or game.outcome(state) is not None


@settings(max_examples=300)
@given(GAMES)
def test_random_games_end_within_4_rounds(players_seed: tuple[int, int]) -> None:
    players, seed = players_seed
    cuts = 0
    for state, logged, _ in random_steps(players, seed):
        cuts += logged.action["type"] == "cut"
        assert 1 <= state.round <= ROUNDS
    assert game.outcome(state) is not None
    assert cuts <= ROUNDS * players
    assert cuts == len(state.revealed)


@settings(max_examples=100)
@given(GAMES)
def test_replay_of_the_log_gives_the_identical_game(players_seed: tuple[int, int]) -> None:
    players, seed = players_seed
    log = [logged for _, logged, _ in random_steps(players, seed)]
    args = SetupArgs(players=players, seed=seed)
    final = replay(game, args, log)
    again = replay(game, args, log)
    assert final == again
    *_, (played, _, _) = random_steps(players, seed)
    assert final == played
    for seat in [None, *range(players)]:
        assert game.view(final, seat) == game.view(played, seat)


def test_clone_is_equal_and_independent() -> None:
    state = game.setup(6, None, 3)
    copy = state.clone()
    assert copy == state
    game.apply(copy, copy.holder, game.legal_actions(copy, copy.holder)[0], 0)
    assert copy != state and state.cuts == 0 and not state.revealed
