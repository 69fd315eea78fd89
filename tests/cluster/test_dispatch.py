"""`--workers N` hands each connection to the worker owning the room it asks for
(`cluster/dispatch.py`): a room's clients meet on its owner and none is relayed, while a room
owned by a node elsewhere is still reached, through the relay."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from scripted import open_table, start
from serverproc import PATIENCE_S, TICTAC, ServerProcess, free_port

from cluster import Services
from tictac.cluster.dispatch import DEAF, Dispatcher, bound_socket, channel_pair, room_in, slot_of
from tictac.rooms.codes import new_code

pytestmark = pytest.mark.timeout(120)


def test_the_room_code_is_read_from_the_start_of_a_request() -> None:
    assert room_in(b"GET /ws/abcde?v=1 HTTP/1.1\r\nHost: h\r\n") == "ABCDE"
    assert room_in(b"GET /ws/ABCDE HTTP/1.1\r\n") == "ABCDE"
    assert room_in(b"POST /api/rooms/ABCDE/join HTTP/1.1\r\n") == "ABCDE"
    assert room_in(b"GET /api/rooms/ABCDE") == "ABCDE"  # the line's end has not come yet
    for head in (b"POST /api/rooms HTTP/1.1\r\n", b"GET / HTTP/1.1\r\n",
                 b"GET /ws/ABCD0 HTTP/1.1\r\n",  # 0 is no letter of a code
                 b"GET /ws/AB", b"GET /ws/ABCDEFGHJKLMNPQRSTUVW HTTP/1.1\r\n",
                 b"GET /ws/\xed\xa0\x80\xed HTTP/1.1\r\n", b"\x16\x03\x01\x02\x00\x01",
                 b"", b"GET /static/ABCDE HTTP/1.1\r\n"):
        assert room_in(head) is None, head


def test_a_room_nobody_owns_goes_to_one_worker_for_all_its_clients() -> None:
    codes = {new_code(()) for _ in range(400)}
    assert all(slot_of(code, 2) == slot_of(code, 2) for code in codes)
    spread = Counter(slot_of(code, 2) for code in codes)
    assert set(spread) == {0, 1} and min(spread.values()) > len(codes) / 4
    assert {slot_of(code, 3) for code in codes} == {0, 1, 2}


def scrape(base: str) -> dict[str, float]:
    """One worker's figures: a new connection, so the next scrape reaches the other worker."""
    text = httpx.get(base + "/metrics", timeout=10).text
    return {name: float(value) for name, value in
            re.findall(r"^(tictac_(?:relayed_)?connections) (\S+)$", text, re.M)}


def both_workers(base: str) -> list[dict[str, float]]:
    """Requests that name no room go to the workers in turn: two scrapes, one each."""
    return [scrape(base) for _ in range(2)]


@pytest.fixture
def workers(services: Services, tmp_path: Path) -> Iterator[ServerProcess]:
    server = ServerProcess(services.postgres.url, "--redis", services.redis.url,  # type: ignore[arg-type]
                           "--workers", "2", output=tmp_path / "workers.log").start()
    yield server
    server.stop()


async def test_every_client_of_a_room_reaches_its_owner_and_none_is_relayed(
        workers: ServerProcess) -> None:
    tables = [await open_table(workers.base, workers.ws_base, "time-bomb", 4) for _ in range(6)]
    # Let the HTTP calls' connections close, so only the 24 WebSockets count.
    await asyncio.sleep(0.5)
    figures = both_workers(workers.base)
    assert sum(f["tictac_connections"] for f in figures) == 24
    assert all(f["tictac_connections"] > 0 for f in figures)  # the rooms are on both workers
    assert sum(f["tictac_relayed_connections"] for f in figures) == 0
    _, seated, _ = tables[0]
    await start(seated[0])
    assert all(await asyncio.gather(*(player.play() for player in seated)))
    for _, players, _ in tables:
        for player in players:
            await player.close()


async def test_a_room_owned_by_another_machine_is_played_through_the_relay(
        workers: ServerProcess, services: Services, tmp_path: Path) -> None:
    elsewhere = ServerProcess(services.postgres.url, "--redis", services.redis.url,  # type: ignore[arg-type]
                              output=tmp_path / "elsewhere.log").start()
    try:
        # Made on the other node, played through the workers' port.
        _, seated, _ = await open_table(elsewhere.base, workers.ws_base, "time-bomb", 4)
        figures = both_workers(workers.base)
        assert sum(f["tictac_relayed_connections"] for f in figures) == 4
        await start(seated[0])
        assert all(await asyncio.gather(*(player.play() for player in seated)))
        for player in seated:
            await player.close()
    finally:
        elsewhere.stop()


async def test_a_silent_or_garbled_connection_is_handed_on_and_the_workers_go_on(
        workers: ServerProcess) -> None:
    async def ask(first: bytes, pause: float, then: bytes) -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", workers.port)
        writer.write(first)
        await asyncio.sleep(pause)
        writer.write(then)
        answer = await asyncio.wait_for(reader.read(), 20)
        writer.close()
        return answer

    healthz = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    # Silent past the supervisor's wait, then a request: the worker it was handed to answers.
    silent = ask(b"", 3.0, healthz)
    # The code's first letters, then the rest: read as a request naming no room.
    split = ask(b"GET /api/rooms/AB", 0.3,
                b"CDE HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    garbled = ask(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 0.1, b"\xff" * 64)
    late, unknown, refused = await asyncio.gather(silent, split, garbled)
    assert late.startswith(b"HTTP/1.1 200")
    assert unknown.startswith(b"HTTP/1.1 404")  # no room ABCDE, answered by a worker
    assert refused == b"" or refused.startswith(b"HTTP/1.1 400")
    assert httpx.get(workers.base + "/healthz", timeout=10).status_code == 200


async def test_rooms_made_as_soon_as_the_port_answers_are_spread_over_every_worker(
        services: Services, tmp_path: Path) -> None:
    port = free_port()
    with (tmp_path / "workers.log").open("ab") as output:
        process = subprocess.Popen(
            [TICTAC, "serve", "--port", str(port), "--db", services.postgres.url, "--redis",
             services.redis.url, "--workers", "2", "--log-level", "warning",
             "--create-burst", "1000"], stdout=output, stderr=output)
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60,
                                     limits=httpx.Limits(max_keepalive_connections=0)) as http:
            # the moment the port takes connections (once its workers are ready), not /healthz
            for _ in range(int(PATIENCE_S / 0.05)):
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                    break
                await asyncio.sleep(0.05)
            for _ in range(6):  # a new connection for each room
                made = await http.post("/api/rooms", json={"game": "time-bomb", "name": "Ann"})
                assert made.status_code == 201
            figures = [(await http.get("/metrics")).text for _ in range(2)]
        rooms = [sum(float(count) for count in re.findall(
            r'^tictac_rooms\{status="\w+"\} (\S+)$', text, re.M)) for text in figures]
        assert rooms == [3, 3]
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(PATIENCE_S)
        finally:
            process.kill()  # never left behind, whatever went wrong


async def test_a_machine_whose_workers_are_all_deaf_hands_a_connection_on_without_asking_redis(
        ) -> None:
    """Every worker says `deaf` (the machine is cut off from Redis, or Redis is down): the
    supervisor hands a connection to the room's hashed worker without asking Redis who owns the
    room, which would wait out the look-up's bound (0.5 s) for each connection; a balancer that
    knows nothing of the cut sends a reconnecting client there again and again (seen in the
    chaos run's 30 s Redis cut: rooms acting again up to 5.8 s after it). Here Redis is a port
    that takes connections and never answers: it must hear nothing."""
    loop = asyncio.get_running_loop()
    heard = bytearray()

    async def silent(reader: asyncio.StreamReader, _: asyncio.StreamWriter) -> None:
        while data := await reader.read(1024):
            heard.extend(data)

    redis = await asyncio.start_server(silent, "127.0.0.1", 0)
    redis_port = redis.sockets[0].getsockname()[1]
    listening = bound_socket("127.0.0.1", 0)
    dispatcher = Dispatcher(listening, f"redis://127.0.0.1:{redis_port}", 2)
    workers = []
    for slot in range(2):
        ours, theirs = channel_pair()
        dispatcher.attach(slot, 1000 + slot, ours)
        theirs.send(DEAF)
        workers.append(theirs)
    serving = asyncio.create_task(dispatcher.serve())
    try:
        while not all(dispatcher.channels):  # (each worker's word heard)
            await asyncio.sleep(0.01)
        client = socket.create_connection(listening.getsockname())
        client.sendall(b"GET /ws/ABCDE HTTP/1.1\r\nHost: h\r\n\r\n")
        worker = workers[slot_of("ABCDE", 2)]
        _, fds, _, _ = await loop.run_in_executor(None, socket.recv_fds, worker, 16, 1)
        for fd in fds:
            os.close(fd)
        client.close()
        await asyncio.sleep(0)
        assert not heard, bytes(heard)
    finally:
        serving.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await serving
        for worker in workers:
            worker.close()
        listening.close()
        redis.close()
        await redis.wait_closed()
