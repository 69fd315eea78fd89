"""Per-address limits: the wait they answer with, and a table that does not grow for ever."""

from __future__ import annotations

import time

from tictac.server.limits import PerAddress


def test_an_address_over_its_burst_is_told_how_long_to_wait() -> None:
    limit = PerAddress(rate_per_min=60, burst=2)
    assert [limit.wait_s("10.0.0.1") for _ in range(2)] == [0.0, 0.0]
    wait = limit.wait_s("10.0.0.1")
    assert 0 < wait <= 1.0
    assert limit.wait_s("10.0.0.2") == 0.0  # another address has its own bucket


def test_addresses_whose_bucket_is_full_again_are_forgotten() -> None:
    limit = PerAddress(rate_per_min=6_000_000, burst=1)  # refills within a millisecond
    for index in range(1024):
        assert limit.wait_s(f"10.0.{index // 256}.{index % 256}") == 0.0
    time.sleep(0.01)
    assert limit.wait_s("192.168.1.1") == 0.0
    assert len(limit.buckets) == 1
