"""bench/timos_twist_learner.py on a tiny budget: tuning runs end to end and changes the policy,
the same seed tunes the same weights, evaluation is seeded (the same agent wins the same rounds
twice), what the seat remembers of the other comes from what it saw, and the features that read
the table (going out this turn, the chance the other seat cannot follow) say what they name."""

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


def test_tuning_runs_and_the_same_seed_tunes_the_same_weights(learner: ModuleType) -> None:
    lines: list[str] = []
    first, second, other = learner.Policy(), learner.Policy(), learner.Policy()
    learner.tune(first, 2, pairs=2, rounds=6, seed=3, log=lines.append)
    learner.tune(second, 2, pairs=2, rounds=6, seed=3, log=lines.append)
    learner.tune(other, 2, pairs=2, rounds=6, seed=4, log=lines.append)
    assert first.updates == 2 and len(lines) == 6
    assert np.array_equal(first.w, second.w)
    assert not np.array_equal(first.w, other.w)


def test_evaluation_is_seeded_and_repeatable(learner: ModuleType) -> None:
    policy = learner.Policy()
    learner.tune(policy, 1, pairs=2, rounds=6, seed=5, log=lambda line: None)
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


def card(colour: int, rank: int) -> int:
    return colour * 13 + rank


SKIP, TWIST, PLUS2 = 10, 11, 12
JOKER = 52


def test_a_hand_goes_out_through_skips_and_twists_only(learner: ModuleType) -> None:
    """Heads-up a skip or a twist gives the seat its turn again; any other card ends it."""
    blue, green = 0, 1
    # On a blue top: blue skip, then green skip (same rank), then green 3: out.
    assert learner.goes_out([card(blue, SKIP), card(green, SKIP), card(green, 3)], blue, 5)
    # A blue 4 first ends the turn with two cards left; no order of these three goes out.
    assert not learner.goes_out([card(blue, 4), card(green, SKIP), card(green, 3)], blue, 5)
    # A +2 gives the other seat a turn (to stack or draw): it does not chain.
    assert not learner.goes_out([card(blue, PLUS2), card(blue, 3)], blue, 5)
    # The joker follows anything, as the last card.
    assert learner.goes_out([card(blue, TWIST), JOKER], blue, 5)
    assert not learner.goes_out([card(green, TWIST), card(green, 2)], blue, 5)


def test_the_chance_of_holding_none_is_hypergeometric(learner: ModuleType) -> None:
    assert learner.none_held(10, 0, 3) == 1.0
    assert learner.none_held(10, 8, 3) == 0.0  # 2 others only: 3 cards hold a wanted one
    assert learner.none_held(10, 5, 2) == pytest.approx(5 / 10 * 4 / 9)
    assert learner.none_held(10, 5, 0) == 1.0


def test_the_features_read_the_table(learner: ModuleType) -> None:
    """A hand of blue skip and green skip and green 3 on a blue 5, the other seat at one card
    after drawing on blue: the skip goes out this turn, and a blue card leaves the other seat
    nothing to follow it but a card of the same rank or a black one."""
    names = {name: index for index, name in enumerate(learner.FEATURES)}
    observation = np.zeros(513, np.float32)
    hand = [card(0, SKIP), card(1, SKIP), card(1, 3)]
    observation[hand] = 1.0
    observation[learner.TOP + card(0, 5)] = 1.0
    observation[learner.FOLLOW + 0] = 1.0
    observation[learner.OWN_SIZE] = 3 / 54
    observation[learner.OTHER_SIZE] = 1 / 54
    observation[learner.DISCARDED + card(0, 5)] = 1.0
    memory = learner.Memory()
    memory.lacks[0] = True
    mask = np.zeros(62, np.int8)
    mask[card(0, SKIP)] = 1
    numbers, rows = learner.action_features(observation, mask, memory)
    assert list(numbers) == [card(0, SKIP)]
    row = rows[0]
    assert row[names["goes out this turn"]] == 1.0
    assert row[names["skip or twist with a card to follow it"]] == 1.0
    # Unseen: 54 less the 3 held and the blue 5, less the 11 other blues (it lacked blue): 39
    # cards, of which the orange and pink skips and the two black cards follow a blue skip.
    assert row[names["chance the other seat holds nothing to follow it"]] == pytest.approx(
        35 / 39)
    assert row[names["cannot follow, the other seat at 1 card"]] == pytest.approx(35 / 39)
    assert row[names["the other seat lacked the colour"]] == 1.0


def test_the_search_weighs_only_the_policys_likeliest_moves(learner: ModuleType) -> None:
    """Handed the policy's one likeliest move, the search plays what the greedy policy plays;
    handed two, it plays one of them; and the same seeds play the same rounds."""
    policy = learner.Policy()
    policy.w[learner.FEATURES.index("draw")] = 2.0  # draws whenever it may
    policy.w[learner.FEATURES.index("card's value / 50")] = 1.0
    moves: list[tuple[list[int], int]] = []

    def watched(agent: object) -> object:
        def act(env: object, observation: object, mask: object, memory: object) -> int:
            numbers, rows = learner.action_features(observation, mask, memory)
            liked = sorted(numbers[np.argsort(-(rows @ policy.w), kind="stable")[:2]])
            number = agent(env, observation, mask, memory)  # type: ignore[operator]
            moves.append(([int(n) for n in liked], int(number)))
            return int(number)
        return act

    greedy = learner.greedy(policy)
    one = learner.searching(policy, 1, playouts=6)
    for index in range(4):  # the memory is what `evaluate` makes: one a round
        assert learner.evaluate(one, "heuristic", 1, 500 + index) == learner.evaluate(
            greedy, "heuristic", 1, 500 + index)
    wins = learner.evaluate(watched(learner.searching(policy, 2, playouts=6)), "heuristic", 6)
    assert moves and all(number in liked for liked, number in moves)
    assert any(len(liked) == 2 for liked, _ in moves)
    assert learner.evaluate(learner.searching(policy, 2, playouts=6), "heuristic", 6) == wins


def test_the_teachers_rounds_split_in_parts_make_the_same_choices(learner: ModuleType) -> None:
    """Each round is seeded alone, so `demonstrations` may play its rounds in parts, in processes
    of their own: two parts make the choices and the wins of the whole."""
    whole, won = learner.demonstrate(range(4), iterations=4, seed=9)
    first, won_first = learner.demonstrate(range(2), iterations=4, seed=9)
    second, won_second = learner.demonstrate(range(2, 4), iterations=4, seed=9)
    assert len(first) and len(second)
    assert [choice for _, choice in first + second] == [choice for _, choice in whole]
    assert all(np.array_equal(a, b) for (a, _), (b, _) in zip(first + second, whole, strict=True))
    assert won_first + won_second == won


def test_rows_played_in_parts_and_processes_read_as_in_one(
        learner: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's rows played in parts of 4 rounds, two parts at a time in forked processes:
    the same cells, in order, as each row's rounds played in one go; random play's too (its
    draws are seeded by the round, not run on from whatever rounds its process played)."""
    policy = learner.Policy()
    policy.w[learner.FEATURES.index("card's value / 50")] = 1.0
    rows = [("rule", learner.rule(learner.most_of_colour)), ("learner", learner.greedy(policy)),
            ("searched", learner.searching(policy, 2, playouts=6)),
            ("random", learner.bot("random"))]
    whole = [(name, [learner.cell(learner.evaluate(agent, opponents, 10), 10)
                     for opponents in ("random", "heuristic")]) for name, agent in rows]
    monkeypatch.setattr(learner, "PART", 4)
    alone = [(name, cells) for name, cells, _, _ in learner.played(rows, 10, processes=1)]
    forked = [(name, cells) for name, cells, _, _ in learner.played(rows, 10, processes=2)]
    assert alone == whole and forked == whole


def test_paired_outcomes_add_up_to_the_rows_counts(learner: ModuleType) -> None:
    """`--paired` plays the table's rounds: each row's wins are the rounds both rows won and
    those only it won, and the same count the table's `evaluate` gives."""
    policy = learner.Policy()
    learner.tune(policy, 1, pairs=2, rounds=6, seed=5, log=lambda line: None)
    rows = [("search", learner.searching(None, 0, 4)),
            ("learner's search", learner.searching(policy, 2, 4))]
    first, second = learner.paired(rows, 10, processes=1)
    assert len(first) == len(second) == 10
    assert [won for _, _, _, won in learner.played(rows, 10, processes=1)] == [first, second]
    for (_, agent), won in zip(rows, (first, second), strict=True):
        assert sum(won) == learner.evaluate(agent, "heuristic", 10)
    lines = learner.compare(("search", "learner's search"), first, second)
    both = sum(a and b for a, b in zip(first, second, strict=True))
    only_first = sum(first) - both
    only_second = sum(second) - both
    assert lines[2] == (f"both won {both}; only the first {only_first}, "
                        f"only the second {only_second}")
    assert lines[0].endswith(f"({sum(first)}/10)") and lines[1].endswith(f"({sum(second)}/10)")


def test_mcnemar_is_the_exact_two_sided_binomial_tail(learner: ModuleType) -> None:
    assert learner.mcnemar(0, 10) == learner.mcnemar(10, 0) == 2 / 1024
    assert learner.mcnemar(1, 9) == 2 * (1 + 10) / 1024
    assert learner.mcnemar(5, 5) == 1.0
    assert learner.mcnemar(0, 0) == 1.0
    assert learner.mcnemar(2, 3) == 1.0  # twice the tail passes 1


def test_the_networks_gradient_is_that_of_the_mean_log_chance(learner: ModuleType) -> None:
    """`Net.gradient`, held to finite differences of the mean log chance of the chosen moves
    (the padding, not legal, left out), weight by weight, for a few weights of each array."""
    rng = np.random.default_rng(1)
    net = learner.Net(5, seed=2)
    net.w[:] = rng.standard_normal(learner.WIDTH)
    features = rng.random((6, 4, learner.WIDTH))
    legal = np.ones((6, 4), bool)
    legal[0, 3] = legal[2, 2:] = False
    chosen = np.array([0, 3, 1, 2, 0, 1])

    def mean_log_chance() -> float:
        chances = learner.chances(net.scores(features), legal)
        return float(np.mean(np.log(chances[np.arange(6), chosen])))

    gradient = net.gradient(features, legal, chosen, decay=0.0)
    for array, by_weight in zip(net.weights(), gradient, strict=True):
        for index in list(np.ndindex(array.shape))[:6]:
            kept = array[index]
            array[index] = kept + 1e-6
            above = mean_log_chance()
            array[index] = kept - 1e-6
            below = mean_log_chance()
            array[index] = kept
            assert by_weight[index] == pytest.approx((above - below) / 2e-6, abs=1e-6)


def test_the_network_learns_what_no_linear_score_can(learner: ModuleType) -> None:
    """A teacher that plays the move with exactly one of two features set, among a move with
    neither and a move with both: no linear score picks it out both when the first is set alone
    and when the second is; the network clones it."""
    rng = np.random.default_rng(0)
    shown = []
    for _ in range(80):
        rows = np.zeros((3, learner.WIDTH))
        rows[:, 6] = 0.1 * rng.random(3)  # values that do not decide
        rows[1, :2] = 1.0  # both
        rows[2, int(rng.integers(2))] = 1.0  # one alone: the teacher's choice
        order = rng.permutation(3)
        shown.append((rows[order], int(np.flatnonzero(order == 2)[0])))
    assert learner.clone(learner.Net(8, seed=0), shown, epochs=400, rate=0.05) == 1.0
    assert learner.clone(learner.Policy(), shown, epochs=400) < 0.8


def test_corrections_play_the_learners_moves_labelled_by_its_searched_choice(
        learner: ModuleType) -> None:
    """With a learner, the rounds are the greedy learner's own (the decisions shown are those
    it meets on the same seeds, and it wins as many: the search's copy that chooses leaves the
    round alone), and each label is one of its `top` likeliest moves, the search's pick among
    them: with one, always the greedy move; with two, not always."""
    policy = learner.Policy()
    policy.w[learner.FEATURES.index("card's value / 50")] = 1.0
    policy.w[learner.FEATURES.index("cards of the colour left / 7")] = 0.5
    shown, won = learner.demonstrate(range(10), iterations=8, seed=3, learner=policy, top=2)
    met: list[object] = []
    plays = learner.greedy(policy)

    def watched(env: object, observation: object, mask: object, memory: object) -> int:
        numbers, rows = learner.action_features(observation, mask, memory)
        if len(numbers) > 1:
            met.append(rows)
        return int(plays(env, observation, mask, memory))

    assert won == learner.evaluate(watched, "heuristic", 10, 3_000_000)
    assert shown and len(met) == len(shown)
    assert all(np.array_equal(rows, seen) for (rows, _), seen in zip(shown, met, strict=True))
    greedy_choices, top_two = 0, 0
    for rows, choice in shown:
        ranked = np.argsort(-policy.scores(rows), kind="stable")
        assert choice in ranked[:2]
        greedy_choices += choice == ranked[0]
        top_two += 1
    assert 0 < greedy_choices < top_two
    ones, won_one = learner.demonstrate(range(10), iterations=8, seed=3, learner=policy, top=1)
    assert won_one == won
    assert all(choice == np.argmax(policy.scores(rows)) for rows, choice in ones)
    again, _ = learner.demonstrate(range(10), iterations=8, seed=3, learner=policy, top=2)
    assert [choice for _, choice in again] == [choice for _, choice in shown]


def test_correcting_the_network_is_seeded_and_moves_it(learner: ModuleType) -> None:
    shown = learner.demonstrations(4, iterations=4, seed=9, log=lambda line: None)
    nets = [learner.Net(4, seed=1) for _ in range(3)]
    for net in nets:
        learner.clone(net, shown, epochs=20, rate=learner.NET_RATE)
    cloned = [array.copy() for array in nets[0].weights()]
    for net, seed in zip(nets, (9, 9, 10), strict=True):
        learner.correct(net, shown, steps=2, rounds=4, top=2, playouts=4, seed=seed, first=4,
                        epochs=20)
    assert all(np.array_equal(a, b) for a, b in zip(nets[0].weights(), nets[1].weights(),
                                                    strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(nets[0].weights(), nets[2].weights(),
                                                        strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(nets[0].weights(), cloned, strict=True))
