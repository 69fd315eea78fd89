"""`bench/cluster_chaos.py`'s stall of a moved room counts across the room's own move: from its
last ack before its clients heard the 1012 close (or the SIGTERM, if later) to its first ack
after it. Its other figure counts from the SIGTERM to the first ack of an action sent after
it, and a room the drain handed 0.2 s into the stop had acted meanwhile: it counted 0.1 s
whatever its move then cost (in one stop all 23 rooms of the stopping machine)."""

from __future__ import annotations

from scripted import Player
from test_bench_client import bench_module


def seat(acked_at: list[float]) -> Player:
    return Player("ws://nowhere", "ABCDE", "token", 0, "time-bomb", acked_at=acked_at)


def test_a_moved_rooms_stall_runs_from_its_last_ack_before_the_move_to_its_first_after() -> None:
    chaos = bench_module("cluster_chaos")
    sigterm = 100.0
    # acting on after the SIGTERM (100.1, 100.2), closed 1012 at 100.3, acting again at 101.5
    table = chaos.Table("ABCDE", [seat([99.0, 100.1, 101.5]), seat([100.2, 102.0])],
                        seat([]), closed_moved=[100.3, 100.35])
    assert chaos.hand_over_stall(table, sigterm) == 101.5 - 100.2


def test_a_moved_room_quiet_since_before_the_sigterm_counts_from_the_sigterm() -> None:
    chaos = bench_module("cluster_chaos")
    table = chaos.Table("ABCDE", [seat([90.0, 100.9])], seat([]), closed_moved=[100.4])
    assert chaos.hand_over_stall(table, 100.0) == 100.9 - 100.0


def test_a_moved_room_is_not_measured_before_its_close_and_its_next_ack_are_heard() -> None:
    chaos = bench_module("cluster_chaos")
    acting = chaos.Table("ABCDE", [seat([100.1, 100.5])], seat([]))
    assert chaos.hand_over_stall(acting, 100.0) is None  # no 1012 heard yet
    closed = chaos.Table("ABCDE", [seat([100.1])], seat([]), closed_moved=[99.0, 100.2])
    assert chaos.hand_over_stall(closed, 100.0) is None  # (the 99.0 close: an earlier fault)
