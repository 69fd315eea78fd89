"""bench/timos_twist_learner.py on a tiny budget: training runs end to end and changes the policy,
the same seed trains the same weights, evaluation is seeded (the same agent wins the same rounds
twice), and what the seat remembers of the other comes from what it saw."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")


@pytest.fixture(scope="module")
def learner() -> ModuleType:
    path = Path(__file__).parents[2] / "bench" / "timos_twist_learner.py"
    spec = importlib.util.spec_from_file_location("timos_twist_learner", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_training_runs_and_the_same_seed_trains_the_same_weights(learner: ModuleType) -> None:
    lines: list[str] = []
    first, second, other = learner.Policy(), learner.Policy(), learner.Policy()
    learner.train(first, 64, seed=3, batch=16, log=lines.append)
    learner.train(second, 64, seed=3, batch=16, log=lines.append)
    learner.train(other, 64, seed=4, batch=16, log=lines.append)
    assert np.abs(first.w).sum() > 0 and first.updates == 4
    assert np.array_equal(first.w, second.w)
    assert not np.array_equal(first.w, other.w)


def test_evaluation_is_seeded_and_repeatable(learner: ModuleType) -> None:
    policy = learner.Policy()
    learner.train(policy, 32, seed=5, batch=16, log=lambda line: None)
    agents = {"learner": learner.greedy(policy), "rule": learner.rule(learner.highest_value),
              "heuristic bot": learner.bot("heuristic")}
    for agent in agents.values():
        for opponents in ("random", "heuristic"):
            wins = learner.evaluate(agent, opponents, 12)
            assert 0 <= wins <= 12
            assert learner.evaluate(agent, opponents, 12) == wins
    # The bots' own duel, through the agent's seat: the heuristic bot against itself wins
    # about half its rounds, and the same half each time.
    twice = {learner.evaluate(learner.bot("heuristic"), "heuristic", 40) for _ in range(2)}
    assert len(twice) == 1 and 8 <= twice.pop() <= 32


def test_the_table_reports_wilson_intervals(learner: ModuleType) -> None:
    low, high = learner.wilson(1000, 2000)
    assert low < 0.5 < high and high - low == pytest.approx(0.0438, abs=0.0005)
    assert learner.cell(1104, 2000) == "55.2 % [53.0 %, 57.4 %] (1,104/2,000)"


def test_the_memory_learns_a_colour_only_from_a_draw_on_it(learner: ModuleType) -> None:
    """The seat leaves a coloured card; the other seat drawing on it (its hand grows, the top
    card stays) means it had none of that colour; playing that colour later clears it."""
    def seen(top: int, follow: int, other: int) -> object:
        observation = np.zeros(513, np.float32)
        observation[learner.TOP + top] = 1.0
        observation[learner.FOLLOW + follow] = 1.0
        observation[learner.OTHER_SIZE] = other / 54
        return observation

    memory = learner.Memory()
    before = seen(top=0, follow=0, other=5)  # blue 0 on top
    memory.see(before)
    memory.acted(before, 14)  # the seat plays green 1 (card 14), the other holds 5 cards
    memory.see(seen(top=14, follow=1, other=6))  # it drew: no green
    assert memory.lacks == [False, True, False, False]
    memory.acted(seen(top=14, follow=1, other=6), 15)  # green 2 again
    memory.see(seen(top=28, follow=2, other=5))  # it played orange 2: it had orange
    assert memory.lacks == [False, True, False, False]
    memory.acted(seen(top=28, follow=2, other=5), 60)  # the seat draws
    memory.see(seen(top=18, follow=1, other=4))  # it played green 5
    assert memory.lacks == [False, False, False, False]


def test_the_teachers_choices_are_recorded_with_the_features_of_each_legal_move(
        learner: ModuleType) -> None:
    shown = learner.demonstrations(2, iterations=4, seed=9, log=lambda line: None)
    assert shown, "two rounds hold choices among several legal moves"
    for rows, choice in shown:
        assert rows.shape[0] > 1 and rows.shape[1] == learner.WIDTH
        assert 0 <= choice < rows.shape[0]
    again = learner.demonstrations(2, iterations=4, seed=9, log=lambda line: None)
    assert [choice for _, choice in again] == [choice for _, choice in shown]


def test_cloning_learns_the_choices_shown(learner: ModuleType) -> None:
    """A teacher that always plays a skip where it can, else the first legal move: the cloned
    greedy policy makes the same choices, where the untrained one ties them all."""
    rng = np.random.default_rng(0)
    shown = []
    for _ in range(60):
        rows = np.zeros((4, learner.WIDTH))
        rows[:, 6] = rng.random(4)  # values that do not decide
        skip = int(rng.integers(4))
        rows[skip, 1] = 1.0
        shown.append((rows, skip))
    policy = learner.Policy()
    assert learner.clone(policy, shown, epochs=50) == 1.0
    assert policy.w[1] > 0
