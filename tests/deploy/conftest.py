"""What the self-hoster's tests share: the real server process of the server tests, and one
PostgreSQL from Debian's packages on a free loopback port for the whole run."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))  # serverproc, scripted

from tictac.cluster.services import Postgres, available


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    missing = available()
    if missing is not None:
        pytest.fail(f"the backup tests need {missing}; ./scripts/test installs it")
    server = Postgres().init().start()
    yield server
    server.remove()
