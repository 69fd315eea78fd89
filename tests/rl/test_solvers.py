"""The miniature Time Bomb for solvers, and OpenSpiel's solvers run reproducibly: OpenSpiel's
own API test on the variants, what each seat's information state leaves out, the uniform
policy's NashConv above 0 and CFR+ bringing it down, and seeded MCCFR giving the same policy
twice."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import outcome_sampling_mccfr  # noqa: E402

import tictac.rl.openspiel  # noqa: E402, F401  (registers the games)
from tictac.rl.openspiel.mini_time_bomb import SHORT_NAME, VARIANTS  # noqa: E402
from tictac.rl.openspiel.solving import cfr_plus_curve, mccfr  # noqa: E402

CONFIGS = [*VARIANTS.values(), {"claims": "full"}, {"players": 4, "wires": 1, "cuts": 3}]


@pytest.mark.parametrize("params", CONFIGS, ids=str)
def test_openspiel_random_sim_test(params) -> None:
    game = pyspiel.load_game(SHORT_NAME, params)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def play_out(game, chance: list[int], moves: int):
    """A state after the chance outcomes `chance` (Moriarty's seat, then each seat's wires) and
    `moves` decisions of the first legal action."""
    state = game.new_initial_state()
    for outcome in chance:
        state.apply_action(outcome)
    for _ in range(moves):
        state.apply_action(state.legal_actions()[0])
    return state


def deals(game):
    """Every way the chance nodes can deal: Moriarty's seat, then each seat's wires."""
    for moriarty, *wires in itertools.product(range(3), *[range(6)] * 3):
        state = game.new_initial_state()
        state.apply_action(moriarty)
        for outcome in wires:
            if outcome not in dict(state.chance_outcomes()):
                break
            state.apply_action(outcome)
        else:
            yield moriarty, wires, state


def test_a_sherlock_sees_only_its_role_and_wires_and_moriarty_the_bomb_row() -> None:
    """Over every deal: a Sherlock's information state is the same for every deal that gives it
    the same wires (whoever Moriarty is among the others, wherever the bomb is); Moriarty's
    names the bomb's row."""
    game = pyspiel.load_game(SHORT_NAME, VARIANTS["leduc"])
    sherlocks: dict[tuple[int, int], set[str]] = {}
    for moriarty, wires, state in deals(game):
        for seat in range(3):
            text = state.information_state_string(seat)
            if seat == moriarty:
                assert f"bomb-row:{[w % 2 for w in wires].index(1)}" in text
            else:
                assert "bomb-row" not in text
                sherlocks.setdefault((seat, wires[seat]), set()).add(text)
    assert len(sherlocks) > 6
    assert all(len(texts) == 1 for texts in sherlocks.values())


def test_uniform_play_is_no_equilibrium_and_cfr_plus_brings_nash_conv_down() -> None:
    game = pyspiel.load_game(SHORT_NAME, VARIANTS["kuhn"])
    curve = dict(cfr_plus_curve(game, [3]))  # exact, so the same figures at every run
    assert curve[0] > 0.05, "someone gains by leaving the uniform policy"
    assert curve[3] < curve[0]  # (and 0.031 after 30 iterations: bench/mini_time_bomb_cfr.py)


def test_seeded_mccfr_gives_the_same_policy_and_leaves_numpy_as_it_was() -> None:
    game = pyspiel.load_game(SHORT_NAME, VARIANTS["kuhn"])
    np.random.seed(3)
    before = np.random.get_state()[1].copy()
    first, second, other = (mccfr(game, 50, seed, outcome_sampling_mccfr.OutcomeSamplingSolver)
                            .average_policy() for seed in (7, 7, 8))
    assert (np.random.get_state()[1] == before).all()
    states = [play_out(game, [0, 2, 0, 1], moves) for moves in range(4)]
    tables = [[p.action_probabilities(s) for s in states] for p in (first, second, other)]
    assert tables[0] == tables[1]
    assert tables[0] != tables[2]
