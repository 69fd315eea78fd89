"""A WebSocket client for the load benches that costs the machine as little as it can.

The benches run their clients on the machine that runs the server. With the `websockets`
client, a thousand clients took about half a core at 1,000 actions/s (each message goes
through futures, a queue and a reader task): CPU the server under test did not get, which
hid what a second server process adds. Here a message is handed to a callback straight from
the socket's `data_received`, with nothing in between. It speaks only what the benches need:
text frames, unfragmented from the server, optionally compressed (permessage-deflate, with the
server keeping its context); pings are answered; what it sends is masked, as RFC 6455 asks of
a client, and never compressed (which the extension allows per message).

Its CPU is the server's loss on a shared machine (issue 48: with two server processes on two
cores, the clients' share was what held their ratio to one process down), so the common case
is kept short: the frames of one read are cut from the bytes as they came, without a copy
into a buffer unless one is split across reads, and what it sends is masked with a zero key,
which makes masking a copy and which the server cannot tell from any other (RFC 6455 asks
browsers for unpredictable keys, against proxies fooled by a page's script: a bench on
loopback has neither).
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
ZERO_KEY = bytes(4)  # the masking key: XOR with it leaves the payload as it is


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
        if self.buffer or not self.handshake.done():
            self.buffer += data
            if not self.handshake.done() and not self._handshake_read():
                return
            data = bytes(self.buffer)
            self.buffer.clear()
        end = self._frames(data)
        if end < len(data):
            self.buffer += data[end:]

    def _handshake_read(self) -> bool:
        """Whether the server's answer to the upgrade is whole (and taken from the buffer)."""
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return False
        head = bytes(self.buffer[:end])
        del self.buffer[:end + 4]
        if b"permessage-deflate" in head.lower():  # before the frames that came with it
            self.inflate = zlib.decompressobj(wbits=-15)
        self.handshake.set_result(head)
        return True

    def _frames(self, data: bytes) -> int:
        """Hands on each whole frame in `data`; returns where the first incomplete one starts."""
        start, size = 0, len(data)
        while size - start >= 2:
            first, length = data[start], data[start + 1] & 0x7F
            at = start + 2
            if length == 126:
                if size - at < 2:
                    break
                length, at = int.from_bytes(data[at:at + 2], "big"), at + 2
            elif length == 127:
                if size - at < 8:
                    break
                length, at = int.from_bytes(data[at:at + 8], "big"), at + 8
            if size - at < length:
                break
            payload, start = data[at:at + length], at + length
            opcode = first & 0x0F
            if opcode == TEXT:
                if first & 0x40 and self.inflate is not None:  # RSV1: a compressed message
                    payload = self.inflate.decompress(payload + DEFLATE_TAIL)
                self.on_text(self, payload.decode())
            elif opcode == PING:
                self._frame(0xA, payload)
            elif opcode == CLOSE:
                self.close()
                return size
        return start

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
        self.transport.write(head + ZERO_KEY + payload)

    def send(self, text: str) -> None:
        self._frame(TEXT, text.encode())

    def close(self) -> None:
        """A close frame (code 1000), then the socket."""
        self._frame(CLOSE, (1000).to_bytes(2, "big"))
        if self.transport is not None:
            self.transport.close()
