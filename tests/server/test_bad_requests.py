"""What httptools cannot parse gets the project's error JSON (issue 20, item 8): uvicorn answered
such requests with a plain-text "Invalid HTTP request received."."""

from __future__ import annotations

import json
import socket

import httpx
import pytest
from serverproc import ServerProcess

pytestmark = pytest.mark.timeout(120)

BROKEN = [
    b"GARBAGE\r\n\r\n",
    b"GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n",
    b"GET /\x00 HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(32),  # TLS to the HTTP port
    b"<html><script>alert(1)</script></html>\r\n\r\n",
]


def answer_to(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as raw:
        raw.sendall(request)
        answer = b""
        while chunk := raw.recv(4096):
            answer += chunk
    return answer


@pytest.mark.parametrize("request_bytes", BROKEN, ids=range(len(BROKEN)))
def test_a_request_httptools_cannot_parse_gets_the_error_json(
        server: ServerProcess, request_bytes: bytes) -> None:
    answer = answer_to(server.port, request_bytes)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 "), answer[:300]
    headers = head.decode("latin-1").lower().split("\r\n")
    assert "content-type: application/json" in headers and "connection: close" in headers
    assert f"content-length: {len(body)}" in headers
    assert json.loads(body) == {"type": "error", "code": "bad_request",
                                "message": "this is not an HTTP request the server can read"}
    assert httpx.get(server.base + "/healthz").status_code == 200
