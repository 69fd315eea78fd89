"""Hostile HTTP against a real `tictac serve`: bodies that never end, forged cross-site posts,
floods of rooms and joins, half-sent requests, impossible file names, and what an operator's
terminal and log show."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets
from serverproc import ServerProcess

pytestmark = pytest.mark.timeout(120)

JSON = {"content-type": "application/json"}
NEW_ROOM = {"game": "time-bomb", "name": "Ann"}


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server of its own with small per-address limits and a short request timeout."""
    process = ServerProcess(tmp_path / "strict.sqlite3", "--create-burst", "3",
                            "--create-per-min", "1", "--join-burst", "4", "--join-per-min", "1",
                            "--request-timeout-s", "1").start()
    yield process
    process.stop()


def rooms(server: ServerProcess) -> int:
    count: int = httpx.get(server.base + "/healthz").json()["rooms"]
    return count


def read_answer(sock: socket.socket, timeout: float) -> bytes:
    """What the server says until it closes the connection or goes quiet for `timeout` s."""
    sock.settimeout(timeout)
    said = b""
    try:
        while chunk := sock.recv(65536):
            said += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return said


def closed_by_server(sock: socket.socket) -> bool:
    """Reads what is waiting (an answer, e.g. 429, may come first) without blocking."""
    sock.setblocking(False)
    try:
        while sock.recv(65536):
            pass
    except BlockingIOError:  # nothing more to read, and not closed: still held
        return False
    except ConnectionResetError:
        pass
    return True


def test_a_chunked_body_is_refused_as_it_passes_the_limit_not_read_to_its_end(
        server: ServerProcess) -> None:
    before = rooms(server)
    with socket.create_connection(("127.0.0.1", server.port)) as sock:
        sock.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"%x\r\n%s\r\n" % (65536, b" " * 65536)
        sent = 0
        with pytest.raises(OSError):  # the server closes the connection mid-body
            for _ in range(64):  # 4 MiB at most, and the body is never ended
                sock.sendall(chunk)
                sent += 1
                time.sleep(0.01)
        answer = read_answer(sock, 5)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413"), answer[:200]
    assert json.loads(body)["code"] == "too_large"
    assert sent < 64
    assert rooms(server) == before


def test_a_cross_site_post_creates_no_room(server: ServerProcess) -> None:
    """A form or a script of another site can send text/plain without asking first: the
    server takes state-changing calls as JSON only, and from its own pages (or no page)."""
    before = rooms(server)
    body = json.dumps(NEW_ROOM)
    forged = [
        ({"content-type": "text/plain;charset=UTF-8", "origin": "https://evil.example"}, 415,
         "not_json"),
        ({"content-type": "text/plain"}, 415, "not_json"),
        ({"content-type": "application/x-www-form-urlencoded"}, 415, "not_json"),
        ({**JSON, "origin": "https://evil.example"}, 403, "bad_origin"),
        ({**JSON, "origin": "null"}, 403, "bad_origin"),
    ]
    for headers, status, code in forged:
        answer = httpx.post(server.base + "/api/rooms", content=body, headers=headers)
        assert (answer.status_code, answer.json()["code"]) == (status, code), headers
    assert rooms(server) == before
    made = httpx.post(server.base + "/api/rooms", content=body,
                      headers={**JSON, "origin": server.base})
    assert made.status_code == 201
    joined = httpx.post(f"{server.base}/api/rooms/{made.json()['code']}/join",
                        content=json.dumps({"name": "Bob"}),
                        headers={"content-type": "text/plain", "origin": "https://evil.example"})
    assert (joined.status_code, joined.json()["code"]) == (415, "not_json")


def test_room_creation_is_limited_per_address_with_retry_after(strict: ServerProcess) -> None:
    with httpx.Client(base_url=strict.base) as http:
        made = [http.post("/api/rooms", json=NEW_ROOM) for _ in range(3)]
        assert [answer.status_code for answer in made] == [201, 201, 201]
        refused = http.post("/api/rooms", json=NEW_ROOM)
        assert (refused.status_code, refused.json()["code"]) == (429, "rate_limited")
        # one room a minute: the next comes in a minute, not a second (--create-per-min 1)
        assert 55 <= int(refused.headers["retry-after"]) <= 60
        assert rooms(strict) == 3


def test_joins_are_limited_per_address_with_retry_after(strict: ServerProcess) -> None:
    with httpx.Client(base_url=strict.base) as http:
        code = http.post("/api/rooms", json=NEW_ROOM).json()["code"]
        joins = [http.post(f"/api/rooms/{code}/join", json={"name": f"P{index}"})
                 for index in range(5)]
        assert [answer.status_code for answer in joins] == [200, 200, 200, 200, 429]
        assert joins[-1].json()["code"] == "rate_limited"
        assert 55 <= int(joins[-1].headers["retry-after"]) <= 60  # --join-per-min 1
        seats = http.get(f"/api/rooms/{code}").json()["seats"]
        assert [seat["name"] for seat in seats] == ["Ann", "P0", "P1", "P2", "P3"]


def test_half_sent_requests_are_dropped_after_the_request_timeout(
        strict: ServerProcess) -> None:
    """200 clients that send part of a request and wait hold nothing after the timeout (1 s
    here): half the headers, headers and part of a body, or nothing at all."""
    starts = [b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty",
              b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
              b"Content-Length: 100\r\n\r\n{\"game\": ",
              b""]
    socks = []
    try:
        for index in range(200):
            sock = socket.create_connection(("127.0.0.1", strict.port))
            sock.sendall(starts[index % 3])
            socks.append(sock)
        time.sleep(2.5)
        held = sum(not closed_by_server(sock) for sock in socks)
        assert held == 0
    finally:
        for sock in socks:
            sock.close()
    assert httpx.get(strict.base + "/healthz").status_code == 200


def test_impossible_static_names_are_404(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        for path in ("/static/%00", "/static/a%00b.js", "/static/" + "a" * 5000,
                     "/static/" + "/".join(["abcdefgh"] * 600), "/static/../pyproject.toml",
                     "/static/%2e%2e/%2e%2e/pyproject.toml", "/static/nope.js"):
            assert http.get(path).status_code == 404, path[:60]
        index = http.get("/static/app.js")
        assert index.status_code == 200 and index.headers["cache-control"] == "no-cache"


async def test_seat_tokens_stay_out_of_the_log(tmp_path: Path) -> None:
    output = tmp_path / "server.log"
    process = ServerProcess(tmp_path / "log.sqlite3", "--log-level", "info",
                            output=output).start()
    try:
        made = httpx.post(process.base + "/api/rooms", json=NEW_ROOM).json()
        token = made["token"]
        async with websockets.connect(f"{process.ws_base}/ws/{made['code']}?token={token}") as ws:
            await ws.recv()
        httpx.get(f"{process.base}/api/rooms/{made['code']}/replay?token={token}")
    finally:
        process.stop()
    logged = output.read_text()
    assert f"/ws/{made['code']}?token=<hidden>" in logged  # the line is there, the token not
    assert token not in logged
