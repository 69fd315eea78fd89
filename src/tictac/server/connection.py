"""One client's WebSocket as a room sees it: `send` queues and never blocks the room; a
writer task drains the queue. A client that reads too slowly is dropped (it reconnects and
sends `sync`) rather than slowing the table down."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque

from starlette.websockets import WebSocket

from tictac.rooms.stats import Stats
from tictac.rooms.wire import dumps

SLOW_CLIENT = 1013  # "try again later"


class Connection:
    """The outbox is a deque and the writer sleeps on a future only when it is empty: an
    asyncio.Queue's bookkeeping per message was a tenth of the server's time per action."""

    def __init__(self, websocket: WebSocket, stats: Stats, max_outbox: int) -> None:
        self.websocket = websocket
        self.stats = stats
        self.max_outbox = max_outbox
        self._outbox: deque[str | int] = deque()
        self._idle: asyncio.Future[None] | None = None
        self._closing = False
        self._writer = asyncio.create_task(self._write())

    def _put(self, item: str | int) -> None:
        self._outbox.append(item)
        if self._idle is not None and not self._idle.done():
            self._idle.set_result(None)

    def send(self, text: str) -> None:
        if self._closing:
            return
        if len(self._outbox) >= self.max_outbox:
            self.close(SLOW_CLIENT)
            return
        self._put(text)

    def error(self, code: str, message: str, msg_id: int | None = None) -> None:
        self.stats.errors[code] += 1
        answer: dict[str, object] = {"type": "error", "code": code, "message": message}
        if msg_id is not None:
            answer["id"] = msg_id
        self.send(dumps(answer))

    def close(self, code: int) -> None:
        if not self._closing:
            self._closing = True
            self._put(code)

    async def _write(self) -> None:
        loop = asyncio.get_running_loop()
        with contextlib.suppress(Exception):
            while True:
                while self._outbox:
                    item = self._outbox.popleft()
                    if isinstance(item, int):
                        await self.websocket.close(item)
                        return
                    await self.websocket.send_text(item)
                self._idle = loop.create_future()
                await self._idle

    async def finish(self) -> None:
        """Lets queued messages go out (the socket may already be gone), then stops."""
        self.close(1000)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._writer, 1.0)
        self._writer.cancel()
