"""compose.yaml's default service through podman-compose (PyPI's, in the dev group): `up`
starts one tictac on SQLite with its port published, a game is played through it, `down` and
`up` again find the room in the volume. The `public` profile: test_compose_public.py."""

from __future__ import annotations

import asyncio
import os
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import podman
import pytest
from tables import healthy, play_a_game, the_game_is_over

from tictac.cluster.services import free_port

pytestmark = pytest.mark.timeout(1200)

COMPOSE = Path(sys.executable).with_name("podman-compose")
COMPOSED = "localhost/tictac:latest"  # compose.yaml's `image:`, used as it is there


@pytest.fixture
def project(image: str) -> Iterator[tuple[str, int]]:
    """A compose project of its own name on a free port (its containers, network and volume
    removed afterwards)."""
    if not COMPOSE.exists():
        pytest.skip("podman-compose is not installed (uv sync --group dev)")
    podman.podman("tag", image, COMPOSED)
    name, port = f"tictac{secrets.token_hex(3)}", free_port()
    try:
        yield name, port
    finally:
        compose(name, port, "down", "-v", "-t", "0")


def compose(project: str, port: int, *args: str) -> None:
    """podman-compose with the runtime and ulimits this machine needs (tests/deploy/podman.py)."""
    done = subprocess.run(
        [str(COMPOSE), "--podman-args=--runtime runc",
         "--podman-run-args=" + " ".join(podman.ulimits()),
         "-f", str(podman.REPOSITORY / "compose.yaml"), "-p", project, *args],
        capture_output=True, text=True, timeout=600, check=False,
        env={**os.environ, "TICTAC_HOST_PORT": str(port)})
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


async def test_compose_up_serves_a_game_and_keeps_its_room_across_down_and_up(
        project: tuple[str, int]) -> None:
    name, port = project
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    compose(name, port, "up", "-d")
    await asyncio.to_thread(healthy, base)
    running = podman.podman("ps", "--filter", f"label=io.podman.compose.project={name}",
                            "--format", "{{.Names}}").stdout.split()
    assert running == [f"{name}_tictac_1"]  # the default service alone, no profile's
    code, token = await play_a_game(base, ws_base)
    compose(name, port, "down", "-t", "30")
    compose(name, port, "up", "-d")
    await asyncio.to_thread(healthy, base)
    assert await the_game_is_over(base, code, token)
