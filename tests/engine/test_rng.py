from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tictac.engine import Rng


def test_same_seed_gives_the_same_sequence() -> None:
    assert [Rng("party").next64() for _ in range(3)] == [Rng("party").next64() for _ in range(3)]
    a, b = Rng(7), Rng(7)
    assert [a.below(100) for _ in range(50)] == [b.below(100) for _ in range(50)]


def test_different_seeds_differ() -> None:
    assert Rng(1).next64() != Rng(2).next64()
    assert Rng("1").s == Rng(1).s  # seeds are taken by their text, so "1" and 1 agree


def test_clone_continues_identically_and_independently() -> None:
    rng = Rng("x")
    rng.below(10)
    twin = rng.clone()
    assert twin == rng
    assert [rng.below(1000) for _ in range(20)] == [twin.below(1000) for _ in range(20)]
    twin.next64()
    assert twin != rng


def test_fork_is_deterministic_and_advances_parent() -> None:
    a, b = Rng(3), Rng(3)
    assert a.fork() == b.fork()
    assert a == b
    assert a.fork() != Rng(3).fork()


@settings(max_examples=200)
@given(st.integers(min_value=1, max_value=500), st.integers())
def test_below_stays_in_range(n: int, seed: int) -> None:
    rng = Rng(seed)
    assert all(0 <= rng.below(n) < n for _ in range(20))


@settings(max_examples=100)
@given(st.lists(st.integers(), max_size=60), st.integers())
def test_shuffle_is_a_permutation(items: list[int], seed: int) -> None:
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


def test_below_is_roughly_uniform() -> None:
    rng = Rng("uniform")
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_000 < c < 11_000 for c in counts.values())


def test_random_is_a_unit_float() -> None:
    rng = Rng(0)
    values = [rng.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.4 < sum(values) / len(values) < 0.6
