"""`bench/peers.py`'s readings of a paced round, which say where a bad round's tail was: the
scheduler's view of the server and of the load client (schedstat), and tictac's own (its
actions from frame read to answer, its loop's lateness, its store's commits), taken from a
real server played by the real Node load client. Present and sane, not timed."""

from __future__ import annotations

import argparse
import math
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_bench_busy import BENCH, peers

from tictac.durations import BOUNDS_S

pytestmark = [
    pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed"),
    pytest.mark.skipif(not (BENCH / "peers" / "node_modules").is_dir(),
                       reason="bench/peers has no node_modules (npm ci)"),
    pytest.mark.timeout(300),  # a loaded machine starts a server slowly
]


def test_a_paced_round_tells_the_scheduler_and_the_server_apart() -> None:
    bench = peers()
    args = argparse.Namespace(rooms=4, paced_rate=20.0, warmup=1.0, seconds=2.0,
                              night_play=1.0, night_idle=1.0, night_pace=3.0, nice=0)
    got = bench.run("tictac", args, "paced")
    assert got["moves_per_s"] > 0
    assert got["stolen_ms"] >= 0
    for who in ("server", "client"):
        assert got[f"{who}_wait_ms"] >= 0
        assert 0 <= got[f"{who}_wait_per_turn_ms"] <= got[f"{who}_wait_ms"]
        assert got[f"{who}_involuntary"] >= 0
        assert got[f"{who}_threads_turns"] >= 0 and got[f"{who}_threads_wait_ms"] >= 0
    # every action of the window was answered, its lone row committed on the loop's thread,
    # and the loop's lateness sampled (the bench's switch, paced)
    for held_up in ("action_ms_under", "commit_loop_ms_under", "loop_lag_ms_under",
                    "loop_cpu_ms_under"):
        assert got[held_up] > 0, held_up
        assert got[held_up] in {1000 * bound for bound in BOUNDS_S} | {math.inf}
    assert got["actions_over_20ms"] >= 0 and got["lags_over_20ms"] >= 0


def test_the_scheduler_is_read_from_an_ended_process_too() -> None:
    """The load client ends once it has printed its results: its main thread's last figures
    are still read (till it is waited for), and its threads gone meanwhile are left out."""
    bench = peers()
    spinning = ("import os, threading, time\n"
                "threading.Thread(target=time.sleep, args=(60,), daemon=True).start()\n"
                "print(flush=True)\n"
                "end = time.monotonic() + 0.3\n"
                "while time.monotonic() < end: pass\n"
                "os._exit(0)\n")
    child = subprocess.Popen([sys.executable, "-c", spinning], stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None and child.stdout.readline()  # its thread started
        before = bench.scheduler_readings(child.pid)
        assert len(before) == 2
        while Path(f"/proc/{child.pid}/stat").read_text().split(") ")[1][0] != "Z":
            time.sleep(0.01)  # till it has ended: a zombie, not yet waited for
        after = bench.scheduler_readings(child.pid)
        assert list(after) == [str(child.pid)]
        got = bench.scheduled("client", child.pid, before, after)
    finally:
        child.wait()
    assert got["client_wait_ms"] >= 0 and got["client_involuntary"] >= 0
    assert got["client_threads_turns"] == got["client_threads_wait_ms"] == 0

