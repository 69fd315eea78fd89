"""DNS rebinding (issue 20, item 7): a page of evil.example whose name is pointed at this server
sends `Host: evil.example` with a matching Origin, and the same-origin check alone let its
create in (201). The server answers only for the hosts it is: IP addresses, localhost, this
machine's name and `--allowed-hosts` (tests/server/test_proxy.py runs one behind nginx)."""

from __future__ import annotations

import json
import socket

import httpx
import pytest
from serverproc import ServerProcess
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from tictac.server.hosts import Hosts

pytestmark = pytest.mark.timeout(120)
EVIL = {"host": "evil.example", "origin": "http://evil.example"}


def test_hosts_served_are_addresses_local_names_and_the_allowed_ones() -> None:
    hosts = Hosts(["games.example.org", " Other.Example.NET "])
    machine = socket.gethostname()
    for served in ("127.0.0.1:8000", "192.168.1.20", "[::1]:8000", "[fe80::1]", "localhost",
                   "LOCALHOST.:80", machine, f"{machine}.local:8000", "games.example.org",
                   "games.example.org:443", "other.example.net", None):
        assert hosts.serves(served), served
    for refused in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example",
                    "games.example.org.evil.example", "localhost.evil.example", "",
                    "<script>", "[::1", "1.2.3.4:x"):
        assert not hosts.serves(refused), refused
    assert Hosts(["*"]).serves("evil.example")


def test_a_foreign_host_is_refused_over_http(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        create = http.post("/api/rooms", json={"game": "time-bomb", "name": "Ann"}, headers=EVIL)
        assert create.status_code == 400
        assert create.json() == {"type": "error", "code": "bad_host",
                                 "message": "this server does not answer for that host name"}
        assert http.get("/healthz", headers=EVIL).status_code == 400
        assert http.get("/", headers={"host": f"evil.example:{server.port}"}).status_code == 400
        assert 'tictac_errors_total{code="bad_host"}' in http.get("/metrics").text
        for name in ("127.0.0.1", "localhost", "[::1]", socket.gethostname()):
            answer = http.get("/healthz", headers={"host": f"{name}:{server.port}"})
            assert answer.status_code == 200, name


def test_a_foreign_host_is_refused_a_websocket(server: ServerProcess) -> None:
    made = httpx.post(server.base + "/api/rooms", json={"game": "time-bomb", "name": "Ann"}).json()
    path = f"/ws/{made['code']}"

    def to_server() -> socket.socket:  # the name in the URL is the Host; the socket is ours
        return socket.create_connection(("127.0.0.1", server.port), timeout=30)

    with pytest.raises(InvalidStatus) as refused, to_server() as raw, \
            connect(f"ws://evil.example:{server.port}{path}", sock=raw,
                    origin="http://evil.example"):  # type: ignore[arg-type]
        pass
    assert refused.value.response.status_code == 400
    assert json.loads(refused.value.response.body or b"")["code"] == "bad_host"
    with to_server() as raw, connect(f"ws://localhost:{server.port}{path}", sock=raw) as ws:
        ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        assert json.loads(ws.recv(30))["type"] == "room"


def test_a_request_without_host_is_served(server: ServerProcess) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as raw:
        raw.sendall(b"GET /healthz HTTP/1.0\r\n\r\n")
        answer = b""
        while chunk := raw.recv(4096):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
