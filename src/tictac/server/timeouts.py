"""uvicorn's HTTP protocol with a deadline on each request: its headers and body must arrive
within `timeout_s` of its first byte (or of the connection, for the first request), else the
connection is closed. uvicorn only times out idle keep-alive connections, so a client that
sends half a request and waits would hold its connection (and a task) for ever.

And what httptools cannot parse (a broken request line, a bad header) is answered with the
project's error JSON (`bad_request`), not uvicorn's plain text."""

from __future__ import annotations

import asyncio
import json

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from tictac.engine import IllegalAction
from tictac.server.errors import BAD_REQUEST

NOT_HTTP = json.dumps(IllegalAction(BAD_REQUEST, "this is not an HTTP request the server can read"
                               ).to_json()).encode()


def timed_protocol(timeout_s: float) -> type[HttpToolsProtocol]:
    class TimedHttpToolsProtocol(HttpToolsProtocol):
        deadline: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            if self.deadline is None:
                self.deadline = self.loop.call_later(timeout_s, self._too_slow)

        def _disarm(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _too_slow(self) -> None:
            self.deadline = None
            if not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._disarm()  # the WebSocket protocol takes the connection over
            super().handle_websocket_upgrade()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def send_400_response(self, msg: str) -> None:
            head = [STATUS_LINE[400], *(name + b": " + value + b"\r\n"
                                        for name, value in self.server_state.default_headers),
                    b"content-type: application/json\r\n",
                    b"content-length: %d\r\n" % len(NOT_HTTP), b"connection: close\r\n\r\n"]
            self.transport.write(b"".join(head) + NOT_HTTP)
            self.transport.close()

    return TimedHttpToolsProtocol
