"""One client's WebSocket as a room sees it: `send` queues and never blocks the room; a
writer task drains the queue. A client that reads too slowly is dropped (it reconnects and
sends `sync`) rather than slowing the table down, and a message that cannot be sent closes
the socket: a client is either told everything or told to reconnect, never left deaf."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from starlette.websockets import WebSocket

from tictac.rooms.conn import Transport
from tictac.rooms.mailbox import Mailbox
from tictac.rooms.stats import Stats
from tictac.server.errors import CLOSE_SLOW_CLIENT, CLOSE_UNSENDABLE

log = logging.getLogger(__name__)
CLOSE_WAIT_S = 10.0  # how long a dropped client's close frame may wait for it to read
# The scope's extension by which the server offers to write a text frame at once
# (ws_protocol.py): {"write": (text, *more) -> bool, False when the messages must wait their
# turn}.
WRITE_TEXT = "tictac.write_text"
# ... and to hand each message the client sends to a function of the app at once
# (ws_protocol.py): {"listen": (reader or None) -> None, "gone": () -> a future done once the
# client has gone (the disconnect then waits in `receive`)}.
READ_TEXT = "tictac.read_text"


class Connection(Transport):
    """The outbox is a `Mailbox` (a room's inbox is one too): an asyncio.Queue's bookkeeping
    per message was a tenth of the server's time per action. A message goes to the socket at
    once, through the server's `write_text` (ws_protocol.py), whenever nothing is queued before
    it; the outbox holds what waits for a client that does not read, and its writer task is
    started only then (most connections never need one: a task, its coroutine and its context
    were a kilobyte of every socket)."""

    def __init__(self, websocket: WebSocket, stats: Stats, max_outbox: int) -> None:
        self.websocket = websocket
        self.stats = stats
        self.max_outbox = max_outbox
        self._outbox: Mailbox[str | int] = Mailbox()
        self._closing = False
        self._finishing = False
        self.dropped = False
        found = websocket.scope.get("extensions", {}).get(WRITE_TEXT)
        self._write_now: Callable[[str], bool] | None = found and found["write"]
        self._reader = asyncio.current_task()  # made in the endpoint's task, which reads
        self._writer: asyncio.Task[None] | None = None

    def send(self, text: str, *more: str) -> None:
        if self._closing:
            return
        # (no writer: nothing queued nor being sent, as `_write` ends only once the outbox is
        # empty; one attribute read where the outbox's length was a call per message)
        if self._write_now is not None and self._writer is None and self._write_now(text, *more):
            return
        if len(self._outbox) + len(more) >= self.max_outbox:
            self._drop(CLOSE_SLOW_CLIENT)
            return
        self._outbox.put(text)
        for later in more:
            self._outbox.put(later)
        self._start_writer()

    def close(self, code: int) -> None:
        """Closes after what is queued has gone out."""
        if not self._closing:
            self._closing = True
            self._outbox.put(code)
            self._start_writer()

    def _start_writer(self) -> None:
        if self._writer is None:
            self._writer = asyncio.create_task(self._write())

    def _drop(self, code: int) -> None:
        """Lets the client go now: the queue is thrown away, a writer waiting on a client that
        does not read is stopped, and the endpoint stops reading so the room hears at once
        that the client left. The close frame then waits (CLOSE_WAIT_S at most, see `finish`)
        for the client to read what the network already holds."""
        self._closing = self.dropped = True
        self._outbox.take_all()
        if self._writer is not None:
            self._writer.cancel()
        self._writer = asyncio.create_task(self._close(code))
        if self._reader is not None and not self._finishing:
            self._reader.cancel()

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(code)

    async def _write(self) -> None:
        """Sends what is queued, then ends: a writer (a task, its coroutine and its context, a
        kilobyte) is made again the next time a message must wait, not kept for the socket's
        life because its client was slow once."""
        try:
            while self._outbox:
                # Everything queued goes out together, in one write when the socket takes it:
                # an ack and the view it brought must reach the client in the same read.
                items = self._outbox.take_all()
                texts = [item for item in items if isinstance(item, str)]
                if texts and (self._write_now is None or not self._write_now(*texts)):
                    for text in texts:
                        await self.websocket.send_text(text)
                if isinstance(items[-1], int):  # `close` queues its code last
                    await self._close(items[-1])
                    return
            self._writer = None
        except Exception as failure:  # the socket is gone, or a message cannot be encoded
            log.info("closing a connection: a message could not be sent (%r)", failure)
            self._closing = True
            self._outbox.take_all()
            await self._close(CLOSE_UNSENDABLE)

    async def finish(self) -> None:
        """Lets queued messages go out (the socket may already be gone), then stops."""
        self._finishing = True
        self.close(1000)
        writer = self._writer
        assert writer is not None  # close() started it, or an earlier close or drop did
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, CLOSE_WAIT_S if self.dropped else 1.0)
        writer.cancel()


