"""Memory per room, as tracemalloc counts it in a real `tictac serve` (every allocation of
Python's, whatever the machine's load: no clock decides it), and the objects per room the
cyclic collector tracks (what each full collection walks, so what its pause grows with):
rooms of 5 connected players who have played, then paused, after a collection. The bounds keep
them from growing unseen; what a host's RSS shows per room, and the peers' figures, are
bench/peers.py's (docs/server.md)."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverproc import PATIENCE_S, ServerProcess
from websockets.sync.client import ClientConnection, connect

SEATS = 5
MOVES = 8  # each room's, before the pause
OPTIONS = {"target_score": 10000, "timo_grace_ms": 0}  # as the benches' rooms
# KiB per room: 166 measured before the outbox's writer task and deque were made only when a
# client does not read (and the read-ahead a list), 153 to 158 after; 131 once a socket to
# /ws/{code} went past Starlette's router (ws.Sockets: some ten coroutines and their closures
# kept for a socket's life), the handshake's request and response were let go and a logged
# action had no __dict__; 110 to 114 once uvicorn's receive queue and writable event were a
# list-backed Mailbox and flag (ws_protocol.py: an asyncio.Queue and an Event are four deques,
# 600 bytes each even empty, for each socket's life) and a connection's writer task and its
# outbox's deque were let go once drained; 105 once the scope's headers were emptied after the
# handshake, 92 once the request's were too (websockets' parser keeps the request); 86 once the
# middleware in front of a socket (the client's address, the host and token checks, ws.Sockets)
# handed the next app's awaitable back instead of awaiting it (a coroutine each, per socket);
# 84 once a socket went past ServerErrorMiddleware (app.App), 81.5 once the endpoint waited
# for the disconnect on a future (ws_protocol's `gone`), not through Starlette's and uvicorn's
# `receive` and the mailbox's `get` (three coroutines a socket); 79 once ws.serve was one
# coroutine (not two) and a frame's handler a method of its Client (no closures); 78 once the
# endpoint's check for a token in the URL no longer kept Starlette's parsed `query_params`; 72
# once what uvicorn sets alike on every protocol of a server was kept once (ws_protocol's
# ServerWide: past 30 attribute names each protocol had a name table of its own, 1.3 KB).
# Most of it is the stack's: uvicorn, websockets and asyncio. The bounds: what is measured now
# and some 8 % (the figures vary by a few tenths from run to run).
BOUND_KIB = 78
# Objects the collector tracks per room: 775 before those three changes, 565 after; 534 after
# the queue, the flag and the writer, 494 once the request's headers were emptied, 468 once the
# middleware handed on instead of awaiting, 453 past ServerErrorMiddleware, 443 with `gone`, 408
# with one coroutine for ws.serve, 398 without `query_params`.
BOUND_TRACKED = 430
# Time's Up's word lists, as tracemalloc counts them (about 13 MB; RSS grows by 14)
WORD_LISTS_BYTES = 8 * 1024 * 1024


def traced(server: ServerProcess, out: Path) -> tuple[int, int]:
    """The bytes the server's Python heap holds after a collection, and the objects the
    collector tracks."""
    assert server.process is not None
    out.unlink(missing_ok=True)
    server.process.send_signal(signal.SIGUSR1)
    deadline = time.monotonic() + PATIENCE_S  # (waits for the answer, decides nothing)
    while not out.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    held, tracked = out.read_text().split()
    return int(held), int(tracked)


def settled(server: ServerProcess, out: Path) -> tuple[int, int]:
    """Traced bytes and tracked objects once the bytes stop growing (the server warms its
    word lists beside its first rooms)."""
    readings = [traced(server, out)]
    while True:
        time.sleep(0.5)
        readings.append(traced(server, out))
        if abs(readings[-1][0] - readings[-2][0]) < 64 * 1024:
            return readings[-1]


def latest_view(ws: ClientConnection, version: int) -> dict[str, Any]:
    """The first view of at least `version` this socket gets."""
    while True:
        message = json.loads(ws.recv(timeout=PATIENCE_S))
        if message["type"] == "view" and message["version"] >= version:
            return message  # type: ignore[no-any-return]


def play_room(server: ServerProcess, stack: ExitStack) -> None:
    """A room of 5 players who play MOVES moves of Timo's Twist, connected until `stack`
    closes."""
    made = httpx.post(server.base + "/api/rooms", json={
        "game": "timos-twist", "name": "P0", "options": OPTIONS}).json()
    tokens = [made["token"]] + [httpx.post(
        f"{server.base}/api/rooms/{made['code']}/join", json={"name": f"P{seat}"}).json()["token"]
        for seat in range(1, SEATS)]
    sockets = [stack.enter_context(connect(f"{server.ws_base}/ws/{made['code']}"))
               for _ in tokens]
    for ws, token in zip(sockets, tokens, strict=True):
        ws.send(json.dumps({"type": "hello", "token": token}))
    sockets[0].send(json.dumps({"type": "lobby", "op": "start"}))
    views = [latest_view(ws, 0) for ws in sockets]
    for _ in range(MOVES):
        version = views[0]["version"]
        acting = views[0]["view"]["to_act"][0]
        legal = views[acting]["view"]["legal"]
        sockets[acting].send(json.dumps({"type": "action", "action": legal[0],
                                         "id": version + 1}))
        views = [latest_view(ws, version + 1) for ws in sockets]


@contextmanager
def traced_server(tmp_path: Path,
                  monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[ServerProcess, Path]]:
    """A real server whose heap `traced` reads (tests/server/traced/sitecustomize.py), and the
    folder it writes to; stopped on every path."""
    out = tmp_path / "traced"
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).with_name("traced")))
    monkeypatch.setenv("PYTHONTRACEMALLOC", "1")
    monkeypatch.setenv("TICTAC_TRACED_TO", str(out))
    server = ServerProcess(tmp_path / "t.sqlite3").start()
    try:
        yield server, out
    finally:
        server.stop()


def test_a_played_room_holds_a_bounded_memory(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    with traced_server(tmp_path, monkeypatch) as (server, out), ExitStack() as stack:
        # a first few rooms: what the first room of a server loads once is not a room's
        for _ in range(3):
            play_room(server, stack)
        held, tracked = settled(server, out)
        rooms = 12
        for _ in range(rooms):
            play_room(server, stack)
        held_after, tracked_after = settled(server, out)
    per_room_kib = (held_after - held) / rooms / 1024
    tracked_per_room = (tracked_after - tracked) / rooms
    print(f"{per_room_kib:.1f} KiB traced, {tracked_per_room:.0f} objects tracked per room")
    assert per_room_kib < BOUND_KIB
    assert tracked_per_room < BOUND_TRACKED


def test_the_word_lists_load_with_the_first_time_s_up_room(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server whose rooms play Timo's Twist never holds Time's Up's word lists; the first
    Time's Up room loads them (on a thread, long before its first typed guess)."""
    with traced_server(tmp_path, monkeypatch) as (server, out), ExitStack() as stack:
        play_room(server, stack)
        held, _ = settled(server, out)
        httpx.post(server.base + "/api/rooms", json={"game": "times-up", "name": "P0"})
        grown = 0
        deadline = time.monotonic() + PATIENCE_S  # (waits for the load, decides nothing)
        while grown < WORD_LISTS_BYTES and time.monotonic() < deadline:
            time.sleep(0.2)
            grown = traced(server, out)[0] - held
    assert grown >= WORD_LISTS_BYTES
