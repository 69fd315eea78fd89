"""`bench/cluster_chaos.py`'s tables start their game as a table would: whoever the room says is
host taps Start. A host slow to come back after a fault turns gone, host rights pass on to a
seat that is connected, and the bench's host, back, was refused `not_host` at every `start`
for good: the lobby stalled and the run's summary failed (two rooms of a 10-minute run)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from scripted import open_table
from serverproc import ServerProcess
from test_bench_client import bench_module

pytestmark = pytest.mark.timeout(240)  # a loaded machine starts a server slowly


async def test_the_seat_the_room_names_host_starts_once_host_rights_passed_on(
        tmp_path: Path) -> None:
    chaos = bench_module("cluster_chaos")
    server = ServerProcess(tmp_path / "chaos.sqlite3", "--gone-after-s", "1").start()
    try:
        code, seated, _ = await open_table(server.base, server.ws_base, "timos-twist", 4)
        maker = seated[0]
        await maker.close()  # slow to come back: gone after a second, its rights pass on
        while (await seated[1].until("room", timeout=30))["room"]["host"] != 1:
            pass
        await maker.connect()  # back, no longer host
        await asyncio.wait_for(chaos.begin(seated, [server.ws_base]), 60)
        playing = await seated[2].until("view", timeout=30)
        assert playing["view"]["over"] is False
        assert not [error for error in seated[1].errors if error["code"] == "not_host"]
        assert [error["code"] for error in maker.errors] == ["not_host"], code
    finally:
        server.stop()
