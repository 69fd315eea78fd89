"""`tictac serve` as a cluster from the command line: settings that cannot work are refused at
start with one line, and `--workers 2` runs two nodes on one port that play a game together and
let go of everything when stopped."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

import pytest
from redis import Redis
from scripted import open_table, start
from serverproc import TICTAC, ServerProcess, free_port

from cluster import Services
from tictac.cli.serve import check_cluster
from tictac.server.settings import ServerSettings

pytestmark = pytest.mark.timeout(90)


def test_settings_that_cannot_make_a_cluster_are_refused(services: Services,
                                                         tmp_path: Path) -> None:
    assert check_cluster(ServerSettings(workers=2)) == "--workers above 1 needs --redis"
    alone = ServerSettings(db_url=f"sqlite+aiosqlite:///{tmp_path / 'alone.sqlite3'}",
                           redis_url=services.redis.url)
    assert "needs a database every node reaches" in (check_cluster(alone) or "")
    nowhere = f"redis://127.0.0.1:{free_port()}/0"
    assert "cannot reach Redis" in (check_cluster(ServerSettings(
        db_url=services.postgres.url, redis_url=nowhere)) or "")
    # ... and `tictac serve` stops at once, saying so.
    done = subprocess.run([TICTAC, "serve", "--port", str(free_port()), "--db",
                           services.postgres.url, "--redis", nowhere],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1 and "cannot reach Redis" in done.stderr


def alive_nodes(services: Services) -> set[str]:
    with Redis.from_url(services.redis.url) as redis:
        return {key.decode() for key in redis.scan_iter("tictac:alive:*")}


async def test_two_workers_on_one_port_play_a_game_and_let_go_when_stopped(
        services: Services, tmp_path: Path) -> None:
    before = alive_nodes(services)
    server = ServerProcess(services.postgres.url, "--redis", services.redis.url,  # type: ignore[arg-type]
                           "--workers", "2", output=tmp_path / "workers.log").start()
    try:
        for _ in range(100):  # both workers beat once they are up
            workers = alive_nodes(services) - before
            if len(workers) == 2:
                break
            await asyncio.sleep(0.1)
        assert len(workers) == 2
        _, seated, _ = await open_table(server.base, server.ws_base, "time-bomb", 4)
        await start(seated[0])
        assert all(await asyncio.gather(*(player.play() for player in seated)))
        for player in seated:
            await player.close()
    finally:
        server.stop()
    assert server.process is not None and server.process.returncode == 0
    assert not alive_nodes(services) & workers  # a graceful stop leaves no sign of life behind
