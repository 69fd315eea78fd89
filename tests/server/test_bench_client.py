"""The load benches' lean WebSocket client (`bench/ws_client.py`) against a real server: what it
sends arrives whole at every frame length (masking, the 126-byte and 64 KiB length forms), and
what it receives is read right, compressed or not. A wrong frame would not crash a bench: it
would only make its figures wrong."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import httpx
import pytest
from serverproc import ServerProcess

pytestmark = pytest.mark.timeout(240)  # a loaded machine starts a server slowly
BENCH = Path(__file__).resolve().parents[2] / "bench" / "ws_client.py"


def ws_client() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ws_client", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ws_client"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("deflate", ["off", "on"])
async def test_the_bench_client_sends_and_reads_every_frame_length(tmp_path: Path,
                                                                   deflate: str) -> None:
    server = ServerProcess(tmp_path / "bench.sqlite3", "--deflate", deflate,
                           "--max-message-bytes", "100000").start()
    try:
        async with httpx.AsyncClient(base_url=server.base, timeout=10) as http:
            made = (await http.post("/api/rooms", json={"game": "time-bomb",
                                                        "name": "Ann"})).json()
        received: list[dict[str, object]] = []
        arrived = asyncio.Event()

        def on_text(client: object, text: str) -> None:
            received.append(json.loads(text))
            arrived.set()

        client = await ws_client().Client.connect(
            f"{server.ws_base}/ws/{made['code']}", on_text, deflate=deflate == "on",
            token=made["token"])
        assert (client.inflate is not None) == (deflate == "on")
        await asyncio.wait_for(arrived.wait(), 10)
        assert received[0]["type"] == "room"
        # A `sync` padded with JSON whitespace to each length: the server answers each whole
        # frame with the room's summary, and a frame it could not unmask would be refused.
        for length in (15, 16, 17, 18, 125, 126, 127, 65535, 65536, 70000):
            text = '{"type":"sync"' + " " * (length - 15) + "}"
            assert len(text) == length
            before = len(received)
            client.send(text)
            for _ in range(100):
                if any(m["type"] == "room" for m in received[before:]):
                    break
                await asyncio.sleep(0.02)
            assert [m["type"] for m in received[before:]][:1] == ["room"], length
        assert not [m for m in received if m["type"] == "error"]
        client.close()
        await asyncio.wait_for(client.closed, 10)
    finally:
        server.stop()
