"""One client's WebSocket as a room sees it: `send` queues and never blocks the room; a
writer task drains the queue. A client that reads too slowly is dropped (it reconnects and
sends `sync`) rather than slowing the table down."""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket

from tictac.rooms.stats import Stats
from tictac.rooms.wire import dumps

SLOW_CLIENT = 1013  # "try again later"


class Connection:
    def __init__(self, websocket: WebSocket, stats: Stats, max_outbox: int) -> None:
        self.websocket = websocket
        self.stats = stats
        self.max_outbox = max_outbox
        self._outbox: asyncio.Queue[str | int] = asyncio.Queue()
        self._closing = False
        self._writer = asyncio.create_task(self._write())

    def send(self, text: str) -> None:
        if self._closing:
            return
        if self._outbox.qsize() >= self.max_outbox:
            self.close(SLOW_CLIENT)
            return
        self._outbox.put_nowait(text)

    def error(self, code: str, message: str, msg_id: int | None = None) -> None:
        self.stats.errors[code] += 1
        answer: dict[str, object] = {"type": "error", "code": code, "message": message}
        if msg_id is not None:
            answer["id"] = msg_id
        self.send(dumps(answer))

    def close(self, code: int) -> None:
        if not self._closing:
            self._closing = True
            self._outbox.put_nowait(code)

    async def _write(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                item = await self._outbox.get()
                while True:  # drain what is queued without a task switch per message
                    if isinstance(item, int):
                        await self.websocket.close(item)
                        return
                    await self.websocket.send_text(item)
                    if self._outbox.empty():
                        break
                    item = self._outbox.get_nowait()

    async def finish(self) -> None:
        """Lets queued messages go out (the socket may already be gone), then stops."""
        self.close(1000)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._writer, 1.0)
        self._writer.cancel()
