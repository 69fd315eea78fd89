"""uvicorn's WebSocket protocol, made cheap to flood. A socket the app reads no faster than its
rate (`ws.pump`) leaves the client's backlog in the network, but uvicorn parses everything each
read returns, and after a close it parses everything the client goes on sending until its
close timeout. So here:

- each socket's receive buffer is small (RECEIVE_BUFFER), so one read, and the frames parsed
  in one go, stay small whatever the client has queued;
- once the app closes a socket for flooding (CLOSE_FLOOD), what the client still sends is
  dropped unparsed, and the connection ends SHED_S after the close frame went out (not
  uvicorn's 10 s close timeout: the flooder's close reply is not worth waiting for).

Game-night traffic is a few small frames a second and never fills either."""

from __future__ import annotations

import contextlib
import socket
from asyncio import BaseTransport

from uvicorn._types import ASGISendEvent
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from tictac.server.errors import CLOSE_FLOOD

RECEIVE_BUFFER = 16 * 1024  # bytes (the kernel doubles it); a message may still span reads
SHED_S = 1.0  # long enough for the close frame to be read before the connection goes


class FloodProofProtocol(WebSocketsSansIOProtocol):
    shedding = False

    def connection_made(self, transport: BaseTransport) -> None:
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)

    def data_received(self, data: bytes) -> None:
        if not self.shedding:
            super().data_received(data)

    async def send(self, message: ASGISendEvent) -> None:
        await super().send(message)
        if message["type"] == "websocket.close" and message.get("code") == CLOSE_FLOOD:
            self.shedding = True
            if self.close_timer is not None:
                self.close_timer.cancel()
            self.close_timer = self.loop.call_later(SHED_S, self.transport.close)
