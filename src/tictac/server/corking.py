"""A WebSocket's writes held to the end of the event loop's turn, then made together: every
socket written in the turn gets one write, and the sockets are written one after the other.

A write to a socket whose reader sleeps wakes that reader, and on these machines the wake-up
costs the writer four times the write itself (14 µs against 3 µs, measured with a reader on
loopback). Written one by one, between the rooms' work, the writes of a busy turn woke the
readers again and again; written together, the first write wakes a reader and the others find
it awake. A turn's writes to one socket (an action's ack and view, the `room` message and the
view of an arrival) also become one system call (docs/server.md, "A seventh pass").

Order is kept: every write of the connection, the handshake's and uvicorn's own (pings, the
close frame) included, goes through the same buffer, and closing the transport writes the
buffer first. Past HELD_MAX held in a turn, everything held is written at once: a client that
does not read still meets the transport's back-pressure (and the app's slow-client rule with
it), and a burst (a crowd connecting at once) holds little memory for little time."""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

HELD_MAX = 256 * 1024  # bytes held in a turn, all sockets together, before they are written


class TurnWrites:
    """The loop's sockets with writes held for the end of this turn."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.held: list[CorkedTransport] = []
        self.held_bytes = 0

    def hold(self, transport: CorkedTransport, size: int) -> None:
        """`transport` holds `size` bytes more."""
        if not self.held:
            self.loop.call_soon(self.flush)
        if len(transport.held) == 1:  # its first in this turn
            self.held.append(transport)
        self.held_bytes += size
        if self.held_bytes > HELD_MAX:
            self.flush()

    def flush(self) -> None:
        held, self.held, self.held_bytes = self.held, [], 0
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

    __slots__ = ("held", "transport", "turn")  # one per WebSocket

    def __init__(self, transport: asyncio.Transport, turn: TurnWrites) -> None:
        self.transport = transport
        self.turn = turn
        self.held: list[bytes] = []

    def write(self, data: bytes) -> None:
        if data:
            self.held.append(data)
            self.turn.hold(self, len(data))

    def flush(self) -> None:
        if not self.held:
            return
        data = self.held[0] if len(self.held) == 1 else b"".join(self.held)
        self.held = []
        if not self.transport.is_closing():
            self.transport.write(data)

    def close(self) -> None:
        self.flush()
        self.transport.close()

    def abort(self) -> None:
        self.held = []
        self.transport.abort()

    def is_closing(self) -> bool:  # (asked at every write: no detour through __getattr__)
        return self.transport.is_closing()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.transport, name)
