"""A WebSocket client for the load benches that costs the machine as little as it can.

The benches run their clients on the machine that runs the server. With the `websockets`
client, a thousand clients took about half a core at 1,000 actions/s (each message goes
through futures, a queue and a reader task): CPU the server under test did not get, which
hid what a second server process adds. Here a message is handed to a callback straight from
the socket's `data_received`, with nothing in between. It speaks only what the benches need:
text frames, unfragmented from the server, optionally compressed (permessage-deflate, with the
server keeping its context); pings are answered; what it sends is masked as RFC 6455 asks,
and never compressed (which the extension allows per message).
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import zlib
from collections.abc import Callable
from urllib.parse import urlsplit

OnText = Callable[["Client", str], None]
TEXT, CLOSE, PING = 0x1, 0x8, 0x9
DEFLATE_TAIL = b"\x00\x00\xff\xff"


class HandshakeFailed(ConnectionError):
    pass


class Client(asyncio.Protocol):
    def __init__(self, on_text: OnText) -> None:
        self.on_text = on_text
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.handshake: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self.inflate: zlib._Decompress | None = None
        self.closed = asyncio.get_running_loop().create_future()

    @classmethod
    async def connect(cls, url: str, on_text: OnText, deflate: bool = False,
                      token: str | None = None) -> Client:
        """`token`: the place's, sent in the first message (tictac's hello, never the URL)."""
        parts = urlsplit(url)
        loop = asyncio.get_running_loop()
        transport, client = await loop.create_connection(lambda: cls(on_text), parts.hostname,
                                                         parts.port or 80)
        client.transport = transport
        key = base64.b64encode(os.urandom(16)).decode()
        offer = "Sec-WebSocket-Extensions: permessage-deflate\r\n" if deflate else ""
        target = f"{parts.path}?{parts.query}" if parts.query else parts.path
        transport.write(
            f"GET {target} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
            f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            f"Sec-WebSocket-Version: 13\r\n{offer}\r\n".encode())
        head = (await asyncio.wait_for(client.handshake, 30)).decode("latin-1")
        if not head.startswith("HTTP/1.1 101"):
            transport.close()
            raise HandshakeFailed(head.split("\r\n", 1)[0])
        if token is not None:
            client.send(json.dumps({"type": "hello", "token": token}))
        return client

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's is not a subclass

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.handshake.done():
            self.handshake.set_exception(exc or ConnectionResetError("closed in the handshake"))
        if not self.closed.done():
            self.closed.set_result(None)

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if not self.handshake.done():
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(self.buffer[:end])
            del self.buffer[:end + 4]
            if b"permessage-deflate" in head.lower():  # before the frames that came with it
                self.inflate = zlib.decompressobj(wbits=-15)
            self.handshake.set_result(head)
        self._frames()

    def _frames(self) -> None:
        buffer, start = self.buffer, 0
        while len(buffer) - start >= 2:
            first, length = buffer[start], buffer[start + 1] & 0x7F
            at = start + 2
            if length == 126:
                if len(buffer) - at < 2:
                    break
                length, at = int.from_bytes(buffer[at:at + 2], "big"), at + 2
            elif length == 127:
                if len(buffer) - at < 8:
                    break
                length, at = int.from_bytes(buffer[at:at + 8], "big"), at + 8
            if len(buffer) - at < length:
                break
            payload, start = bytes(buffer[at:at + length]), at + length
            opcode = first & 0x0F
            if opcode == TEXT:
                if first & 0x40 and self.inflate is not None:  # RSV1: a compressed message
                    payload = self.inflate.decompress(payload + DEFLATE_TAIL)
                self.on_text(self, payload.decode())
            elif opcode == PING:
                self._frame(0xA, payload)
            elif opcode == CLOSE:
                self.close()
                break
        del buffer[:start]

    def _frame(self, opcode: int, payload: bytes) -> None:
        if self.transport is None or self.transport.is_closing():
            return
        size = len(payload)
        if size < 126:
            head = bytes((0x80 | opcode, 0x80 | size))
        elif size < 1 << 16:
            head = bytes((0x80 | opcode, 0x80 | 126)) + size.to_bytes(2, "big")
        else:
            head = bytes((0x80 | opcode, 0x80 | 127)) + size.to_bytes(8, "big")
        mask = os.urandom(4)
        masked = (int.from_bytes(payload, "big")
                  ^ int.from_bytes(mask * ((size + 3) // 4), "big") >> (8 * (-size % 4)))
        self.transport.write(head + mask + masked.to_bytes(size, "big"))

    def send(self, text: str) -> None:
        self._frame(TEXT, text.encode())

    def close(self) -> None:
        """A close frame (code 1000), then the socket."""
        self._frame(CLOSE, (1000).to_bytes(2, "big"))
        if self.transport is not None:
            self.transport.close()
