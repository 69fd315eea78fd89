"""A client connection relayed between two nodes: the gateway holds the WebSocket, the owner
holds the room.

On the gateway, a `Link` sends the client's frames to the owner as they come (`open` with the
token, `msg` for each frame, `shut` when the socket closes); what the owner sends back goes
into the client's `Connection` (`send`, `close`). On the owner, a `Session` feeds those frames
to the very loop a local WebSocket goes through (limits, parsing, the room's inbox), and a
`RemoteConn` is the connection as the room sees it. A frame nobody hears (the owner died, or
the gateway) ends the connection: its client reconnects and sends `sync`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from tictac.cluster.bus import Bus, pack
from tictac.rooms.conn import Transport
from tictac.rooms.mailbox import Mailbox
from tictac.rooms.room import CLOSE_MOVED
from tictac.rooms.stats import Stats

CLOSE_TRIES = 20  # a close is sent this often at most, CLOSE_RETRY_S apart, until heard
CLOSE_RETRY_S = 0.25


class Link:
    def __init__(self, bus: Bus, cid: str, owner: str, code: str, conn: Any) -> None:
        self.bus, self.cid, self.owner, self.code, self.conn = bus, cid, owner, code, conn

    def open(self, token: str) -> None:
        self.bus.send(self.owner, pack("open", self.code, self.cid, body=token), self.moved)

    def forward(self, text: str) -> None:
        self.bus.send(self.owner, pack("msg", self.cid, body=text), self.moved)

    def shut(self) -> None:
        self.bus.send(self.owner, pack("shut", self.cid))

    def moved(self) -> None:
        self.conn.close(CLOSE_MOVED)


class RemoteConn(Transport):
    """A relayed client as its room and the server's endpoint see it (a slow one is let go by
    its gateway's `Connection`)."""

    def __init__(self, bus: Bus, cid: str, gateway: str, stats: Stats) -> None:
        self.bus, self.cid, self.gateway, self.stats = bus, cid, gateway, stats
        self.gone: Callable[[], None] | None = None  # the gateway did not hear a message
        self.closed = False

    def send(self, text: str, *more: str) -> None:
        for message in (text, *more):
            self.bus.send(self.gateway, pack("send", self.cid, body=message), self.gone)

    def close(self, code: int) -> None:
        self.closed = True
        self._close(str(code), CLOSE_TRIES)

    def _close(self, code: str, tries: int) -> None:
        # A close the gateway did not hear (a publish failed) is sent again a little later:
        # lost, it would leave the client waiting on an open socket for views that never come.
        def unheard() -> None:
            if tries > 1:
                asyncio.get_running_loop().call_later(CLOSE_RETRY_S, self._close, code, tries - 1)

        self.bus.send(self.gateway, pack("close", self.cid, body=code), unheard)

    async def finish(self) -> None:
        """Nothing to wait for here: the gateway's connection lets its queue go out."""


class Session:
    """A relayed connection on its room's owner: the client's frames (None: it ended)."""

    def __init__(self, conn: RemoteConn) -> None:
        self.conn = conn
        self.frames: Mailbox[str | None] = Mailbox()
        self.left = False  # the gateway said the client left
        conn.gone = self.end

    def end(self) -> None:
        self.frames.put(None)

    def leave(self) -> None:
        self.left = True
        self.end()

    def ended(self) -> None:
        """Served to its end. Unless the client left or its room closed it, it ended here (a
        frame lost, this node deaf): the gateway is told to close the socket, or the client
        would wait for views that never come. Its client then reconnects."""
        if not self.left and not self.conn.closed:
            self.conn.close(CLOSE_MOVED)

    async def feed(self, handle: Callable[[str], None]) -> None:
        while (text := await self.frames.get()) is not None:
            handle(text)
