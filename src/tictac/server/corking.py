"""A WebSocket's writes held to the end of the event loop's turn, then made together: every
socket written in the turn gets one write, and the sockets are written one after the other.

A write to a socket whose reader sleeps wakes that reader, and on these machines the wake-up
costs the writer four times the write itself (14 µs against 3 µs, measured with a reader on
loopback). Written one by one, between the rooms' work, the writes of a busy turn woke the
readers again and again; written together, the first write wakes a reader and the others find
it awake. A turn's writes to one socket (an action's ack and view, the `room` message and the
view of an arrival) also become one system call. Flat out this took the writes from 8.5 µs to
3.2 µs each (docs/server.md, "A seventh pass").

Order is kept: every write of the connection, the handshake's and uvicorn's own (pings, the
close frame) included, goes through the same buffer, and closing the transport writes the
buffer first. A buffer that grows past CORKED_MAX is written at once, so a client that does
not read still meets the transport's back-pressure, and the app's slow-client rule with it."""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

CORKED_MAX = 64 * 1024  # bytes held for one socket before they are written within the turn


class TurnWrites:
    """The loop's sockets with writes held for the end of this turn."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.held: list[CorkedTransport] = []

    def hold(self, transport: CorkedTransport) -> None:
        if not self.held:
            self.loop.call_soon(self.flush)
        self.held.append(transport)

    def flush(self) -> None:
        held, self.held = self.held, []
        for transport in held:
            transport.flush()


_turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, TurnWrites] = (
    weakref.WeakKeyDictionary())


def turn_writes(loop: asyncio.AbstractEventLoop) -> TurnWrites:
    found = _turns.get(loop)
    if found is None:
        found = _turns[loop] = TurnWrites(loop)
    return found


class CorkedTransport:
    """A transport whose writes wait for the end of the turn (`TurnWrites`); everything else
    is the transport's own."""

    def __init__(self, transport: asyncio.Transport, turn: TurnWrites) -> None:
        self.transport = transport
        self.turn = turn
        self.held: list[bytes] = []
        self.held_bytes = 0

    def write(self, data: bytes) -> None:
        if not data:
            return
        if not self.held:
            self.turn.hold(self)
        self.held.append(data)
        self.held_bytes += len(data)
        if self.held_bytes > CORKED_MAX:
            self.flush()

    def flush(self) -> None:
        if not self.held:
            return
        data = self.held[0] if len(self.held) == 1 else b"".join(self.held)
        self.held, self.held_bytes = [], 0
        if not self.transport.is_closing():
            self.transport.write(data)

    def close(self) -> None:
        self.flush()
        self.transport.close()

    def abort(self) -> None:
        self.held, self.held_bytes = [], 0
        self.transport.abort()

    def is_closing(self) -> bool:  # (asked at every write: no detour through __getattr__)
        return self.transport.is_closing()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.transport, name)
