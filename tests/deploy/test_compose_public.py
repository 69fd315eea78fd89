"""compose.yaml's `public` profile through podman-compose: PostgreSQL, Redis, two tictac nodes
and nginx with deploy/nginx.conf, brought up by `--profile public up -d nginx`, and a game
played through nginx over HTTPS, its requests served by both nodes and its room kept in
PostgreSQL.

The profile's upstream images (postgres, redis, nginx) cannot be pulled on these machines, so
the test builds stand-ins from the Debian base the image tests make (tests/deploy/standins:
Debian's PostgreSQL 15, redis-server and nginx, started as the official images start) and
names them through compose.yaml's TICTAC_*_IMAGE variables; the certificate is a self-signed
one for 127.0.0.1 in a folder given by TICTAC_CERTS. What this does not test: the official
images themselves (PostgreSQL 16's, Redis 7's, nginx 1.27's) and a real certificate."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import podman
import pytest
from serverproc import PATIENCE_S
from tables import healthy, play_a_game, the_game_is_over
from test_compose import COMPOSE, COMPOSED

from tictac.cluster.services import free_port

pytestmark = pytest.mark.timeout(1800)

STANDINS = Path(__file__).resolve().parent / "standins"
HOST = "games.example.org"  # deploy/nginx.conf's


@pytest.fixture(scope="module")
def standins(image: str) -> dict[str, str]:
    """The stand-in images, built (podman's layer cache keeps them between runs), by the
    compose variable that names each."""
    podman.podman("tag", image, COMPOSED)
    made = {}
    for name in ("postgres", "redis", "nginx"):
        tag = f"localhost/tictac-standin-{name}"
        built = podman.build(STANDINS, tag, f"{name}.Containerfile")
        assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-3000:]
        made[f"TICTAC_{name.upper()}_IMAGE"] = tag
    return made


def certificate(folder: Path) -> Path:
    """A self-signed certificate for 127.0.0.1 where deploy/nginx.conf looks for HOST's."""
    live = folder / "live" / HOST
    live.mkdir(parents=True)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", f"/CN={HOST}", "-addext", f"subjectAltName=DNS:{HOST},IP:127.0.0.1",
                    "-keyout", str(live / "privkey.pem"), "-out", str(live / "fullchain.pem")],
                   capture_output=True, check=True, timeout=60)
    return live / "fullchain.pem"


@pytest.fixture
def public(standins: dict[str, str], tmp_path: Path,
           monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, int, dict[str, str]]]:
    """A compose project of its own name, its HTTPS on a free port, taken down afterwards."""
    if not COMPOSE.exists():
        pytest.skip("podman-compose is not installed (uv sync --group dev)")
    authority = certificate(tmp_path / "certs")
    monkeypatch.setenv("SSL_CERT_FILE", str(authority))  # httpx's and websockets' trust
    name, port = f"tictac{secrets.token_hex(3)}", free_port()
    env = {**os.environ, **standins, "TICTAC_CERTS": str(tmp_path / "certs"),
           "TICTAC_HTTPS_PORT": str(port)}
    try:
        yield name, port, env
    finally:
        compose(name, env, "down", "-v", "-t", "0")


def compose(project: str, env: dict[str, str], *args: str) -> None:
    done = subprocess.run(
        [str(COMPOSE), "--podman-args=--runtime runc",
         "--podman-run-args=" + " ".join(podman.ulimits()),
         "-f", str(podman.REPOSITORY / "compose.yaml"), "-p", project, "--profile", "public",
         *args], capture_output=True, text=True, timeout=900, check=False, env=env)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


# The image's HEALTHCHECK, run in a container (podman keeps no HEALTHCHECK in an OCI image).
HEALTHZ = ("import os, urllib.request; urllib.request.urlopen("
           "'http://127.0.0.1:' + os.environ['TICTAC_PORT'] + '/healthz', timeout=4)")


def ready(container: str) -> None:
    """Once the node in `container` answers /healthz itself: nginx answering means one node
    is up, and a node still starting refuses what nginx then sends the other."""
    deadline = time.monotonic() + PATIENCE_S
    while time.monotonic() < deadline:
        if podman.podman("exec", container, "python3", "-c", HEALTHZ, check=False,
                         timeout=60).returncode == 0:
            return
        time.sleep(0.5)
    raise AssertionError(f"{container} did not answer /healthz in {PATIENCE_S:.0f} s")


def requests_served(container: str) -> int:
    """The JSON log lines of requests a node's container wrote."""
    logs = podman.podman("logs", container, check=False)
    return sum(1 for line in (logs.stdout + logs.stderr).splitlines()
               if line.startswith("{") and json.loads(line).get("event") == "request")


async def test_the_public_profile_serves_a_game_through_nginx_on_two_nodes(
        public: tuple[str, int, dict[str, str]]) -> None:
    name, port, env = public
    base, ws_base = f"https://127.0.0.1:{port}", f"wss://127.0.0.1:{port}"
    compose(name, env, "up", "-d", "nginx")
    await asyncio.to_thread(healthy, base)
    running = set(podman.podman("ps", "--filter", f"label=io.podman.compose.project={name}",
                                "--format", "{{.Names}}").stdout.split())
    assert running == {f"{name}_{service}_1" for service in
                       ("postgres", "redis", "node-1", "node-2", "nginx")}
    for node in ("node-1", "node-2"):
        await asyncio.to_thread(ready, f"{name}_{node}_1")
    code, token = await play_a_game(base, ws_base)
    assert await the_game_is_over(base, code, token)
    # nginx shares the requests out: both nodes served some
    assert all(requests_served(f"{name}_{node}_1") > 0 for node in ("node-1", "node-2"))
    kept = podman.podman("exec", f"{name}_postgres_1", "psql", "-U", "tictac", "-d", "tictac",
                         "-tAc", f"SELECT count(*) FROM rooms WHERE code = '{code}'")
    assert kept.stdout.strip() == "1"
