"""The image, built from the Containerfile by podman and run as a self-hoster runs it: a game
played through it over HTTP and WebSocket, read-only but for its data volume, as a user who is
not root, answering its HEALTHCHECK; stopped by SIGTERM (exit 0: it stopped itself, within
the runtime's wait, rather than being killed) and started again with the room still there.

Podman runs without a daemon with Debian's runc and explicit ulimits (tests/deploy/podman.py);
where it cannot, or the build cannot reach the package registries, the tests skip and say why.
The container shares the host's network (`--network host`): the port is the TICTAC_PORT it
is given, no port mapping in between."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator

import podman
import pytest
from tables import healthy, play_a_game, the_game_is_over

from tictac.cluster.services import free_port

pytestmark = pytest.mark.timeout(2400)


@pytest.fixture
def container(image: str) -> Iterator[tuple[str, int]]:
    """A container of the image on a free port, read-only but for its data volume (both
    removed afterwards); its name and port."""
    name = f"tictac-test-{secrets.token_hex(4)}"
    port = free_port()
    podman.podman("volume", "create", name)
    podman.podman("create", "--name", name, "--network", "host", "--read-only",
                  *podman.ulimits(), "-v", f"{name}:/data",
                  "-e", f"TICTAC_PORT={port}", "-e", "TICTAC_HOST=127.0.0.1", image)
    try:
        yield name, port
    finally:
        podman.podman("rm", "-f", "-t", "0", name, check=False)
        podman.podman("volume", "rm", "-f", name, check=False)


def inspect(name: str, field: str) -> str:
    return podman.podman("inspect", name, "--format", "{{" + field + "}}").stdout.strip()


async def test_the_image_plays_a_game_and_keeps_its_room_across_a_restart(
        container: tuple[str, int]) -> None:
    name, port = container
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    podman.podman("start", name)
    await asyncio.to_thread(healthy, base)
    assert podman.podman("healthcheck", "run", name, check=False).returncode == 0
    uid = podman.podman("exec", name, "id", "-u").stdout.strip()
    assert uid != "0" and inspect(name, ".Config.User") == "tictac"
    # Read-only: nothing may be written but the data volume.
    assert podman.podman("exec", name, "touch", "/app/x", check=False).returncode != 0
    assert podman.podman("exec", name, "touch", "/data/x", check=False).returncode == 0

    code, token = await play_a_game(base, ws_base)

    podman.podman("stop", "-t", "30", name)
    assert inspect(name, ".State.ExitCode") == "0"  # it stopped itself on SIGTERM
    podman.podman("start", name)
    await asyncio.to_thread(healthy, base)
    assert await the_game_is_over(base, code, token)
