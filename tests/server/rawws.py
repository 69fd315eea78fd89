"""A WebSocket client over a bare socket, for tests that need to say exactly what goes on the
wire: frames written as given, several in one write if asked, and a flood that reads whatever
the server answers while it writes (a client library's reading thread can starve behind its own
writes and miss the server's close frame, which is not what such a test is about)."""

from __future__ import annotations

import json
import selectors
import socket
from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate, islice
from typing import Any

from serverproc import PATIENCE_S

TEXT, BINARY, CLOSE = 0x1, 0x2, 0x8


class RawClient:
    def __init__(self, port: int, path: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE_S)
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                          "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                          "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self._read()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 101"), head

    def _read(self) -> bytes:
        data = self.sock.recv(65536)
        if not data:
            raise ConnectionError("closed by the server")
        return data

    @staticmethod
    def frame(payload: bytes | str, opcode: int = TEXT) -> bytes:
        data = payload.encode() if isinstance(payload, str) else payload
        assert len(data) < 1 << 16
        length = bytes((0x80 | len(data),)) if len(data) < 126 else (
            bytes((0x80 | 126,)) + len(data).to_bytes(2, "big"))
        return bytes((0x80 | opcode,)) + length + b"\0\0\0\0" + data  # masked with zeros

    def send(self, *frames: bytes) -> None:
        self.sock.sendall(b"".join(frames))

    def _frames(self) -> Iterator[tuple[int, bytes]]:
        """The frames whole in the buffer, taken out of it."""
        while len(self.buffer) >= 2:
            length, start = self.buffer[1] & 0x7F, 2
            if length == 126:
                length, start = int.from_bytes(self.buffer[2:4], "big"), 4
            if len(self.buffer) < start + length:
                return
            frame = self.buffer[0] & 0x0F, self.buffer[start:start + length]
            self.buffer = self.buffer[start + length:]
            yield frame

    def recv(self) -> tuple[int, bytes]:
        """The next frame: its opcode and payload."""
        while True:
            for frame in self._frames():
                return frame
            self.buffer += self._read()

    def read_once(self) -> list[tuple[int, bytes]]:
        """The frames that one read of the socket completes (what the server wrote at once
        arrives together)."""
        self.buffer += self._read()
        return list(self._frames())

    def flood(self, frames: Iterator[bytes]) -> tuple[list[dict[str, Any]], int, int | None]:
        """Writes `frames` as fast as the server takes them while reading what it answers, until
        it sends a close frame or the connection ends: its messages, how many frames went whole
        onto the wire, and the close code (None if no close frame came)."""
        self.sock.setblocking(False)
        selector = selectors.DefaultSelector()
        selector.register(self.sock, selectors.EVENT_READ | selectors.EVENT_WRITE)
        answers: list[dict[str, Any]] = []
        pending, written, ends, whole = b"", 0, [0], 0  # `ends`: where pending's frames end
        try:
            while True:
                if written == len(pending):
                    whole += len(ends) - 1
                    batch = list(islice(frames, 200))
                    pending, written, ends = b"".join(batch), 0, [0, *accumulate(map(len, batch))]
                    if not pending:
                        selector.modify(self.sock, selectors.EVENT_READ)
                ready = selector.select(PATIENCE_S)
                if not ready:
                    raise AssertionError("the server neither answered nor closed")
                events = ready[0][1]
                if events & selectors.EVENT_READ:
                    self.buffer += self._read()
                    for opcode, payload in self._frames():
                        if opcode == CLOSE:
                            return answers, whole + bisect_right(ends, written) - 1, \
                                int.from_bytes(payload[:2], "big")
                        answers.append(json.loads(payload))
                if events & selectors.EVENT_WRITE:
                    written += self.sock.send(pending[written:])
        except OSError:  # reset by the server, with no close frame before
            return answers, whole + bisect_right(ends, written) - 1, None
        finally:
            selector.close()
            self.sock.settimeout(PATIENCE_S)  # blocking again, as made

    def close(self) -> None:
        self.sock.close()
