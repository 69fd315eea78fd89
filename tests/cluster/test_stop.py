"""A node's stop is bounded whatever it waits on: a real `tictac serve` node of a cluster,
SIGTERMed under play while its PostgreSQL server is frozen (every process of it SIGSTOPped, so
its sockets stay open and its kernel acknowledges what is sent, and a commit under way waits
for good). Before, the stop waited for that commit to end (the store's close), and a worker
was held until its supervisor killed it 15 s later, its sockets open meanwhile; a lone node
waited as long as the database stayed frozen."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from scripted import start
from serverproc import PATIENCE_S, ServerProcess

from cluster import LASTING, Services, children, play_on, spread_table, until_acks
from conftest import LEASE_MS
from tictac.cluster.services import Postgres

pytestmark = pytest.mark.timeout(600)


@pytest.fixture
def own_postgres() -> Iterator[Postgres]:
    """A PostgreSQL server of this test's own: the test freezes it."""
    postgres = Postgres().init().start().create_database()
    try:
        yield postgres
    finally:
        postgres.remove()


@contextlib.contextmanager
def frozen(postgres: Postgres) -> Iterator[None]:
    """Every process of the server stopped (SIGSTOP) until the block ends, on every path."""
    postmaster = int((postgres.data / "postmaster.pid").read_text().split()[0])
    pids = [postmaster, *children(postmaster)]
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)


async def test_a_node_stops_while_its_database_is_frozen(
        own_postgres: Postgres, services: Services, tmp_path: Path) -> None:
    """The node is SIGTERMed while an action's commit waits on the frozen database: it ends
    while the database is still frozen, its log names the step it gave up on (the store's
    close, waiting for that commit), and it says what its stop waited on."""
    node = ServerProcess(own_postgres.url, "--redis", services.redis.url,  # type: ignore[arg-type]
                         "--lease-ms", str(LEASE_MS), "--store-timeout-s", "2",
                         "--log-level", "info", output=tmp_path / "node.log").start()
    playing: list[asyncio.Task[bool]] = []
    try:
        _, seated, _ = await spread_table([node], "timos-twist", 3, options=LASTING)
        await start(seated[0])
        playing = [asyncio.create_task(play_on(player, [node.ws_base])) for player in seated]
        await until_acks(seated, 10, playing)
        assert node.process is not None
        with frozen(own_postgres):
            # an action's commit is under way and will not end: its player is refused
            deadline = time.monotonic() + PATIENCE_S
            while not any(error["code"] == "store_failed" for player in seated
                          for error in player.errors):
                assert time.monotonic() < deadline, "no store_failed while the database froze"
                await asyncio.sleep(0.05)
            node.process.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                await asyncio.to_thread(node.process.wait, PATIENCE_S)
            assert node.process.poll() is not None, "the node did not stop while the " \
                "database was frozen"
    finally:
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
        node.kill()
    logged = (tmp_path / "node.log").read_text(errors="replace")
    assert "stop: closing the store did not end in" in logged, logged[-3000:]
    assert "ending the process now" in logged
    assert " s in, waiting on " in logged  # said while it waited (past stopping.SLOW_S)
