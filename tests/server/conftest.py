"""One `tictac serve` process shared by the server tests (the crash test starts its own)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from serverproc import ServerProcess


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("server") / "tictac.sqlite3").start()
    yield process
    process.stop()
