"""The load benches' lean WebSocket client (`bench/ws_client.py`) against a real server: what it
sends arrives whole at every frame length (masking, the 126-byte and 64 KiB length forms), and
what it receives is read right, compressed or not. A wrong frame would not crash a bench: it
would only make its figures wrong. And the players of `bench/server_load.py` on it: each action
they count was acknowledged, by the id it was sent with."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import httpx
import pytest
from serverproc import PATIENCE_S, ServerProcess

pytestmark = pytest.mark.timeout(240)  # a loaded machine starts a server slowly
Choose = Callable[[str, int], str | None]  # server_load's: a view's text and version, the action
BENCH = Path(__file__).resolve().parents[2] / "bench"


def bench_module(name: str) -> ModuleType:
    """`bench/<name>.py`, importing its neighbours as the benches do."""
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))


def ws_client() -> ModuleType:
    return bench_module("ws_client")


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


def one_past(choose: Choose) -> Choose:
    """`choose`, its actions sent with the id after the one the player will expect back."""
    def lie(text: str, version: int) -> str | None:
        action = choose(text, version)
        return action and action.replace(f'"id":{version + 1}', f'"id":{version + 2}')

    return lie


async def test_the_bench_players_see_each_action_acknowledged_by_its_id(tmp_path: Path) -> None:
    """Two rooms of five players flat out: in one the players send the ids they expect back,
    and every ack matches; in the other each action goes out with an id one past that, so
    every ack the server sends is counted as an error (the check can fail)."""
    load = bench_module("server_load")
    server = ServerProcess(tmp_path / "bench.sqlite3", "--rate", "1000").start()
    clients = []
    try:
        runs, urls, players, tokens = [], [], [], []
        async with httpx.AsyncClient(base_url=server.base, timeout=10) as http:
            for lying in (False, True):
                made = (await http.post("/api/rooms", json={
                    "game": "timos-twist", "name": "P0",
                    "options": {"target_score": 10000, "timo_grace_ms": 0}})).json()
                tokens += [made["token"], *[await load.join(http, made["code"], f"P{seat}")
                                            for seat in range(1, load.SEATS)]]
                run, table = load.Run(measuring=True), load.Table()
                choose = load.game_choice(random.Random(3))
                runs.append(run)
                urls += [f"{server.ws_base}/ws/{made['code']}"] * load.SEATS
                players += [load.player(seat, table, run, one_past(choose) if lying else choose)
                            for seat in range(load.SEATS)]
        clients = await load.connect_all(urls, players, False, tokens)
        for host in clients[::load.SEATS]:
            host.send('{"type":"lobby","op":"start"}')

        async def played() -> None:
            while min(run.actions for run in runs) < 100:
                await asyncio.sleep(0.02)

        await asyncio.wait_for(played(), PATIENCE_S)
        truthful, one_off = runs
        # an action is counted once all five players hold its view, which reaches its player
        # after the ack: every counted action was acked, and one more may be in flight
        assert truthful.actions <= truthful.acks <= truthful.actions + 1
        assert truthful.errors == 0
        assert one_off.acks == 0 and one_off.actions <= one_off.errors <= one_off.actions + 1
    finally:
        for client in clients:
            client.close()
        server.stop()
