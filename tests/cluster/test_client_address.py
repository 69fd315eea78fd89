"""The client's address under `--workers 2` (issue 20, item 1): the supervisor hands each worker
the very socket it accepted, so a worker's peer is the client's, and a forged X-Forwarded-For
from loopback changes nothing (uvicorn once believed it from 127.0.0.1: every forged create
was accepted). The per-address limits are the cluster's (issue 21, item 5): two workers, one
burst."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
import pytest
from serverproc import ServerProcess
from websockets.sync.client import connect

from cluster import Services

pytestmark = pytest.mark.timeout(300)


def test_forged_forwarded_for_through_the_workers_does_not_beat_the_limit(
        services: Services, tmp_path: Path) -> None:
    log = tmp_path / "workers.log"
    server = ServerProcess(services.postgres.url, "--redis", services.redis.url,  # type: ignore[arg-type]
                           "--workers", "2", "--create-burst", "10", "--create-per-min", "1",
                           "--log-level", "info", output=log).start()
    try:
        made = []
        for index in range(30):  # a connection each: requests naming no room go to either worker
            answer = httpx.post(server.base + "/api/rooms", json={"game": "time-bomb",
                                                                  "name": "Ann"},
                                headers={"x-forwarded-for": f"10.9.{index}.1"}, timeout=30)
            if answer.status_code == 201:
                made.append(answer.json())
            else:
                assert answer.status_code == 429, answer.text
        assert len(made) == 10, len(made)
        with connect(f"{server.ws_base}/ws/{made[0]['code']}",
                     additional_headers={"x-forwarded-for": "10.9.99.1"}) as ws:
            ws.send(json.dumps({"type": "hello", "token": made[0]["token"]}))
            ws.recv(30)
    finally:
        server.stop()
    logged = log.read_text()
    access = [line for line in logged.splitlines()
              if re.match(r"INFO: +\S+ - \"(POST /api/rooms|WebSocket /ws/)", line)]
    assert len(access) == 31 and all(line.split()[1].startswith("127.0.0.1:") for line in access)
    assert "10.9." not in logged
