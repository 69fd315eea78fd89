"""PostgreSQL and Redis from Debian's packages on free loopback ports (one of each for the whole
run), and three `tictac serve` nodes of one cluster on them for each test module."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))  # serverproc, scripted

from serverproc import ServerProcess

from cluster import Services
from tictac.cluster.services import Postgres, Redis, available

LEASE_MS = 1500  # short, so a dead node's rooms are taken over quickly


@pytest.fixture(scope="session")
def services(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Services]:
    missing = available()
    if missing is not None:
        pytest.fail(f"the cluster tests need {missing}; ./scripts/test installs it")
    root = tmp_path_factory.mktemp("services")
    postgres = Postgres().init().start().create_database()
    redis = Redis(root / "redis").start()
    yield Services(postgres, redis)
    redis.stop()
    postgres.remove()


def start_nodes(services: Services, logs: Path, count: int = 3, *extra: str,
                ) -> list[ServerProcess]:
    """`count` nodes started side by side, each logging to a file of its own under `logs`;
    `extra`: more options for each."""
    nodes = [ServerProcess(services.postgres.url, "--redis", services.redis.url,  # type: ignore[arg-type]
                           "--lease-ms", str(LEASE_MS), "--seed", "7", *extra,
                           output=logs / f"node{index}.log") for index in range(count)]
    with ThreadPoolExecutor(count) as pool:
        list(pool.map(ServerProcess.start, nodes))
    return nodes


@pytest.fixture(scope="module")
def nodes(services: Services, tmp_path_factory: pytest.TempPathFactory,
          ) -> Iterator[list[ServerProcess]]:
    """Shared by a module's tests (a node takes seconds to start on a busy machine); a test that
    kills one comes last in its module."""
    started = start_nodes(services, tmp_path_factory.mktemp("nodes"))
    yield started
    for node in started:
        node.stop()
