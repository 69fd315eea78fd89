"""The server's heap (server/heap.py): the start-up's objects frozen out of every collection's
way, each collection's pause timed in /metrics, and a full collection on SIGURG only where a
benchmark switched it on (TICTAC_BENCH_COLLECT=1, bench/peers.py's memory readings)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import httpx
import pytest
from serverproc import PATIENCE_S, ServerProcess

from tictac.server.heap import BENCH_COLLECT


def gc_metrics(server: ServerProcess) -> dict[str, float]:
    text = httpx.get(server.base + "/metrics", timeout=30).text
    return {name: float(value) for line in text.splitlines() if line.startswith("tictac_gc_")
            for name, value in [line.rsplit(" ", 1)]}


FULL = 'tictac_gc_collections_total{generation="2"}'


def test_the_start_up_heap_is_frozen_and_a_bench_may_ask_for_a_full_collection(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BENCH_COLLECT, "1")
    server = ServerProcess(tmp_path / "t.sqlite3").start()
    try:
        assert server.process is not None
        before = gc_metrics(server)
        # every module, class and function of a started server: no collection walks them
        assert before["tictac_gc_frozen_objects"] > 20_000
        server.process.send_signal(signal.SIGURG)
        deadline = time.monotonic() + PATIENCE_S  # (waits for the collection, decides nothing)
        while gc_metrics(server)[FULL] == before[FULL] and time.monotonic() < deadline:
            time.sleep(0.1)
        after = gc_metrics(server)
        assert after[FULL] == before[FULL] + 1
        assert after["tictac_gc_pause_seconds_max"] > 0
        assert after["tictac_gc_pause_seconds_sum"] >= after["tictac_gc_pause_seconds_max"]
        # every collection counted by its pause's length too (a bench subtracts two readings
        # for the longest pause inside its window: bench/peers.py)
        collections = sum(value for name, value in after.items()
                          if name.startswith("tictac_gc_collections_total"))
        assert after['tictac_gc_pause_seconds_bucket{le="+Inf"}'] == collections
        assert after["tictac_gc_pause_seconds_count"] == collections
        longest = after["tictac_gc_pause_seconds_max"]
        bounds = sorted((float(name.split('"')[1]), value) for name, value in after.items()
                        if name.startswith("tictac_gc_pause_seconds_bucket{")
                        and "+Inf" not in name)
        assert all(value == collections for bound, value in bounds if bound >= longest)
        assert all(value < collections for bound, value in bounds if bound < longest)
    finally:
        server.stop()


def test_without_the_bench_switch_sigurg_collects_nothing(server: ServerProcess) -> None:
    assert os.environ.get(BENCH_COLLECT) is None
    assert server.process is not None
    gc_metrics(server)  # (the first scrape imports Prometheus's client)
    before = gc_metrics(server)
    server.process.send_signal(signal.SIGURG)  # ignored, as its default is
    assert httpx.get(server.base + "/healthz", timeout=30).json()["ok"] is True
    assert gc_metrics(server)[FULL] == before[FULL]
