"""The keyed token bucket every limit uses (tictac.rooms.buckets, issue 22 item 4): the wait it
answers with, and a table that does not grow for ever."""

from __future__ import annotations

from tictac.rooms.buckets import Buckets


def test_a_key_over_its_burst_is_told_how_long_to_wait() -> None:
    limit = Buckets(rate=1.0, burst=2)
    assert [limit.wait("10.0.0.1", 0.0) for _ in range(2)] == [0.0, 0.0]
    assert limit.wait("10.0.0.1", 0.0) == 1.0
    assert limit.wait("10.0.0.1", 0.25) == 0.75
    assert limit.wait("10.0.0.2", 0.25) == 0.0  # another key has its own bucket
    assert limit.take("10.0.0.1", 1.0)  # a token a second


def test_keys_whose_bucket_is_full_again_are_forgotten() -> None:
    limit = Buckets(rate=1.0, burst=1)
    for index in range(1024):
        assert limit.wait(f"10.0.{index // 256}.{index % 256}", 0.0) == 0.0
    assert limit.wait("192.168.1.1", 0.5) == 0.0  # none is full yet: all are kept
    assert len(limit) == 1025
    for index in range(1024, 2048):  # past twice what was kept: the full ones go
        limit.wait(f"10.1.{index // 256}.{index % 256}", 1.0)
    assert len(limit) < 1100
