"""Who a request comes from (issue 20, item 1): the TCP peer, or behind a proxy listed in
`--trusted-proxies` the right-most X-Forwarded-For address that is not one. uvicorn once
believed X-Forwarded-For from any loopback peer: 30 of 30 creates with forged headers were
accepted (the limit is 10), and the forged "addresses" went into the access log.

Here: the rule itself; a real server with no trusted proxy and forged headers from loopback;
and a real nginx from Debian, configured from `deploy/nginx.conf` (the very file
docs/deploy.md shows), in front of a real server, with clients on two loopback addresses."""

from __future__ import annotations

import json
import re
import socket
import ssl
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from nginxproc import NGINX_CONF, ROOT, nginx
from serverproc import TICTAC, ServerProcess
from websockets.sync.client import connect

from tictac.server.clients import Proxies, networks

pytestmark = pytest.mark.timeout(300)

NEW_ROOM = {"game": "time-bomb", "name": "Ann"}
FORGED = ["10.9.0.1", "<script>alert(1)</script>", "x" * 3000, "1.2.3.4, 5.6.7.8", "unknown",
          "::1", "127.0.0.1", "", "198.51.100.7:80", "10.9.0.2,,,"]


# -- the rule ----------------------------------------------------------------------------------


def test_an_untrusted_peer_is_the_client_whatever_it_forwards() -> None:
    proxies = Proxies([])
    assert [proxies.client("127.0.0.1", [forged]) for forged in FORGED] == ["127.0.0.1"] * 10
    assert proxies.client("::ffff:192.0.2.1", ["10.0.0.1"]) == "192.0.2.1"
    assert proxies.ignored == 11 and proxies.client("192.0.2.1", []) == "192.0.2.1"
    assert proxies.ignored == 11  # a request without the header is not one ignored


def test_behind_trusted_proxies_the_client_is_the_right_most_untrusted_address() -> None:
    proxies = Proxies(["127.0.0.1", "10.0.0.0/8"])
    assert proxies.client("127.0.0.1", ["203.0.113.5"]) == "203.0.113.5"
    # what the client wrote itself is left of what the proxy appended: never read
    assert proxies.client("127.0.0.1", ["6.6.6.6, 203.0.113.5"]) == "203.0.113.5"
    # a chain of trusted hops: each vouches for the one before it
    assert proxies.client("127.0.0.1", ["6.6.6.6, 203.0.113.5, 10.1.2.3"]) == "203.0.113.5"
    assert proxies.client("127.0.0.1", ["6.6.6.6", "203.0.113.5", "10.1.2.3"]) == "203.0.113.5"
    # garbage ends the walk at the last hop that was an address: never the garbage
    assert proxies.client("127.0.0.1", ["<b>x</b>"]) == "127.0.0.1"
    assert proxies.client("127.0.0.1", ["203.0.113.5, <b>x</b>, 10.0.0.9"]) == "10.0.0.9"
    assert proxies.client("127.0.0.1", ["x" * 10_000]) == "127.0.0.1"
    assert proxies.client("127.0.0.1", []) == "127.0.0.1"
    assert proxies.client("203.0.113.9", ["10.0.0.1"]) == "203.0.113.9"  # not a proxy
    assert proxies.client("127.0.0.1", [" 2001:DB8::1 "]) == "2001:db8::1"


def test_a_wrong_trusted_proxy_stops_the_server_at_start(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not an address or a CIDR"):
        networks(["10.0.0.0/8", "nginx.local"])
    run = subprocess.run([TICTAC, "serve", "--db", str(tmp_path / "x.sqlite3"),
                          "--trusted-proxies", "10.0.0.1,10.0.0.0/33"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "'10.0.0.0/33' is not an address or a CIDR" in run.stderr


# -- a real server with no trusted proxy -------------------------------------------------------


def metric(base: str, name: str) -> float:
    text = httpx.get(base + "/metrics").text
    found = re.search(rf"^{name} (\S+)$", text, re.MULTILINE)
    assert found is not None, text
    return float(found.group(1))


def test_forged_forwarded_for_from_loopback_does_not_beat_the_limit(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = ServerProcess(tmp_path / "forged.sqlite3", "--create-burst", "10",
                           "--create-per-min", "1", "--log-level", "info", output=log).start()
    try:
        with httpx.Client(base_url=server.base) as http:
            statuses = [http.post("/api/rooms", json=NEW_ROOM, headers={
                "x-forwarded-for": f"10.9.{index}.1", "x-real-ip": f"10.9.{index}.2",
                "forwarded": f"for=10.9.{index}.3"}).status_code for index in range(30)]
            statuses += [http.post("/api/rooms", json=NEW_ROOM,
                                   headers={"x-forwarded-for": forged}).status_code
                         for forged in FORGED]
        assert statuses.count(201) == 10 and statuses.count(429) == 30, statuses
        assert metric(server.base, "tictac_forwarded_ignored_total") == 40
        assert metric(server.base, "tictac_client_addresses") == 1
    finally:
        server.stop()
    logged = log.read_text()
    assert logged.count('"POST /api/rooms HTTP/1.1" 201') == 10
    assert all(line.startswith("INFO:     127.0.0.1:") for line in logged.splitlines()
               if "POST /api/rooms" in line)
    assert "10.9." not in logged and "<script>" not in logged and "xxxx" not in logged


# -- behind a real nginx -----------------------------------------------------------------------


def client_from(source: str, port: int) -> httpx.Client:
    """HTTPS to the nginx from `source` (an address of 127.0.0.0/8, all of it local on
    Linux): nginx's $remote_addr is then `source`."""
    return httpx.Client(base_url=f"https://127.0.0.1:{port}",
                        transport=httpx.HTTPTransport(local_address=source, verify=False),
                        headers={"origin": f"https://127.0.0.1:{port}"})


@pytest.fixture
def behind_nginx(tmp_path: Path) -> Iterator[tuple[ServerProcess, int, Path]]:
    log = tmp_path / "server.log"
    server = ServerProcess(tmp_path / "proxied.sqlite3", "--create-burst", "3",
                           "--create-per-min", "1", "--trusted-proxies", "127.0.0.1",
                           "--allowed-hosts", "games.example.org", "--log-level", "info",
                           output=log).start()
    try:
        with nginx(tmp_path / "nginx", [f"127.0.0.1:{server.port}"]) as port:
            yield server, port, log
    finally:
        server.stop()


def test_behind_nginx_each_client_has_its_own_budget_whatever_it_forges(
        behind_nginx: tuple[ServerProcess, int, Path]) -> None:
    server, port, log = behind_nginx
    with client_from("127.0.0.2", port) as first, client_from("127.0.0.3", port) as second:
        # the Origin is https://...: accepted, since nginx says the scheme (X-Forwarded-Proto)
        forging = [first.post("/api/rooms", json=NEW_ROOM, headers={
            "x-forwarded-for": forged}).status_code for forged in FORGED[:6]]
        assert forging == [201, 201, 201, 429, 429, 429]
        made = [second.post("/api/rooms", json=NEW_ROOM).json() for _ in range(3)]
        assert all("code" in answer for answer in made)  # a budget of its own
        assert second.post("/api/rooms", json=NEW_ROOM).status_code == 429
        # the public name nginx serves passes the host check; another name does not
        assert first.get("/healthz", headers={"host": f"games.example.org:{port}"}
                         ).status_code == 200
        evil = first.get("/healthz", headers={"host": "evil.example"})
        assert evil.status_code == 400 and evil.json()["code"] == "bad_host"
        with socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.3", 0)
                                      ) as raw, connect(
                f"wss://127.0.0.1:{port}/ws/{made[0]['code']}",
                sock=raw, ssl=unverified(), additional_headers={"x-forwarded-for": "6.6.6.6"},
                origin=f"https://127.0.0.1:{port}") as ws:  # type: ignore[arg-type]
            ws.send(json.dumps({"type": "hello", "token": made[0]["token"]}))
            assert '"type":"room"' in str(ws.recv(30)).replace(" ", "")
    assert metric(server.base, "tictac_client_addresses") == 2
    assert metric(server.base, "tictac_forwarded_ignored_total") == 0
    server.stop()
    access = [line for line in log.read_text().splitlines() if line.startswith("INFO:     ")]
    creates = [line for line in access if "POST /api/rooms" in line]
    assert sum(line.startswith("INFO:     127.0.0.2:0 - ") for line in creates) == 6
    assert sum(line.startswith("INFO:     127.0.0.3:0 - ") for line in creates) == 4
    assert any(line.startswith("INFO:     127.0.0.3:0 - \"WebSocket /ws/") for line in access)
    logged = log.read_text()
    assert "6.6.6.6" not in logged and "10.9." not in logged and "<script>" not in logged


def unverified() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def test_docs_deploy_shows_the_tested_nginx_config() -> None:
    blocks = re.findall(r"```nginx\n(.*?)```", (ROOT / "docs" / "deploy.md").read_text(),
                        re.DOTALL)
    assert blocks == [NGINX_CONF.read_text()]
