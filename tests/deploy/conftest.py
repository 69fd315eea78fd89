"""What the self-hoster's tests share: the real server process of the server tests, one
PostgreSQL from Debian's packages on a free loopback port for the whole run, and the image
built from the Containerfile."""

from __future__ import annotations

import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))  # serverproc, scripted

import podman

from tictac.cluster.services import Postgres, available


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    missing = available()
    if missing is not None:
        pytest.fail(f"the backup tests need {missing}; ./scripts/test installs it")
    server = Postgres().init().start()
    yield server
    server.remove()


IMAGE = "localhost/tictac:test"
# What the image's build downloads from: Debian's packages, uv and the locked wheels.
REGISTRIES = (("deb.debian.org", 80), ("pypi.org", 443), ("files.pythonhosted.org", 443))


def unreachable() -> str | None:
    for host, port in REGISTRIES:
        try:
            socket.create_connection((host, port), timeout=10).close()
        except OSError as failure:
            return f"the image's build needs {host}:{port}, unreachable here: {failure}"
    return None


@pytest.fixture(scope="session")
def image() -> str:
    """The Containerfile built (skips, saying why, where podman cannot run it)."""
    reason = podman.why_not() or unreachable()
    if reason is not None:
        pytest.skip(reason)
    podman.ensure_base()
    built = podman.build(podman.REPOSITORY, IMAGE)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-3000:]
    return IMAGE
