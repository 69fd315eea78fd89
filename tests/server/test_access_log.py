"""The access log of a real `tictac serve` (issue 20, item 4): one line per request whatever its
URL holds, seat tokens hidden, at every log level that shows access lines. The token filter
once emptied the arguments uvicorn's access formatter needs, and every request with `token=`
in its URL printed a 65-line "Logging error" traceback instead of its line."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from serverproc import ServerProcess
from websockets.sync.client import connect

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize("level", ["info", "debug", "trace"])
def test_one_access_line_per_request_and_no_token(tmp_path: Path, level: str) -> None:
    output = tmp_path / "server.log"
    process = ServerProcess(tmp_path / "log.sqlite3", "--log-level", level,
                            output=output).start()
    try:
        with httpx.Client(base_url=process.base) as http:
            made = http.post("/api/rooms", json={"game": "time-bomb", "name": "Ann"}).json()
            assert http.get("/healthz?token=secret").status_code == 400
            assert http.get("/api/games?x=1&token=secret&y=2").status_code == 400
            assert http.get("/api/games?probe=1").status_code == 200
            http.get(f"/api/rooms/{made['code']}/replay?token={made['token']}")
            # the name percent-encoded: the server reads it as `token`, and so does the filter
            assert http.get("/api/share?tok%65n=encoded").status_code == 400
        with connect(f"{process.ws_base}/ws/{made['code']}?token={made['token']}") as ws:
            ws.recv(10)
    finally:
        process.stop()
    logged = output.read_text()
    assert "Traceback" not in logged and "Logging error" not in logged, logged[:3000]
    assert "secret" not in logged and made["token"] not in logged and "encoded" not in logged

    def lines(request: str) -> list[str]:
        return [line for line in logged.splitlines() if request in line]

    code = made["code"]
    for request in ('"GET /healthz?token=<hidden> HTTP/1.1" 400',
                    '"GET /api/games?x=1&token=<hidden>&y=2 HTTP/1.1" 400',
                    '"GET /api/games?probe=1 HTTP/1.1" 200',
                    '"GET /api/share?token=<hidden> HTTP/1.1" 400',
                    f'"GET /api/rooms/{code}/replay?token=<hidden> HTTP/1.1"',
                    '"POST /api/rooms HTTP/1.1" 201'):
        found = lines(request)
        assert len(found) == 1, (request, found)
        assert all(re.search(r"127\.0\.0\.1:\d+ - ", line) for line in found), found
    assert len(lines(f'"WebSocket /ws/{code}?token=<hidden>" [accepted]')) == 1, logged[:3000]
