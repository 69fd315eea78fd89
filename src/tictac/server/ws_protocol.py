"""uvicorn's WebSocket protocol, made cheap to flood. A socket the app reads no faster than its
rate (`ws.pump`) leaves the client's backlog in the network, but uvicorn parses everything each
read returns, and after a close it parses everything the client goes on sending until its
close timeout. So here:

- each socket's receive buffer is small (RECEIVE_BUFFER), so one read, and the frames parsed
  in one go, stay small whatever the client has queued;
- once the app closes a socket for flooding (CLOSE_FLOOD), what the client still sends is
  dropped unparsed, and the connection ends SHED_S after the close frame went out (not
  uvicorn's 10 s close timeout: the flooder's close reply is not worth waiting for);
- a socket closed because its room moved (CLOSE_MOVED: reconnect at once) ends as soon as
  its close frame is written, its client's reply not waited for.

Game-night traffic is a few small frames a second and never fills either.

And cheap to send on: `write_text` writes text frames to the socket at once, several in one
write if asked, where the ASGI `send` costs a task switch and the whole middleware chain per
message (a fifth of the server's time per action went there; docs/server.md, "Benchmark").
The app finds it in the scope's extensions (`WRITE_TEXT`); it writes only what `send` would
write the same way.

And cheap to read from: once the app `listen`s (`READ_TEXT`), each message goes to its reader
as soon as it is parsed. uvicorn's own way put it on an asyncio.Queue, paused reading until
the app's task had taken it, and woke that task: a tenth of an action's instructions, and two
system calls per message (docs/server.md, "A fifth pass").

And cheap to parse: a read that is one whole short text message, as a player's action nearly
always is, is unmasked and handed on here (`read_alone`), not through websockets' parser.

And cheap to keep alive: a client is pinged only once it has sent nothing for the ping interval, not
every interval whatever it sends, and one timer a server (`Keepalive`) pings every socket that is
due at once, not two timers a socket. A message proves the client there as a pong would; the web
client pings the room itself when it has heard nothing for 10 s (keepalive.js), and at a game
night's pace most players act within the 20 s. Pinged together, the due sockets cost the loop one
wake-up, and their pongs come back together: a timer a socket, each firing on its own, woke the loop
for each (the change that pinged only silent clients with a timer each cut the instructions and
raised the CPU, docs/server.md). A dead client is still closed within the interval, the pong's
timeout and two of the sweep's periods of its last message."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import math
import operator
import random
import socket
import weakref
from asyncio import BaseTransport, TimerHandle
from collections.abc import Callable
from typing import Any, cast

from uvicorn._types import ASGIReceiveEvent, ASGISendEvent
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.http11 import Request
from websockets.protocol import State
from websockets.speedups import apply_mask  # (what websockets.frames unmasks with)
from websockets.streams import StreamReader

from tictac.rooms.mailbox import Mailbox
from tictac.rooms.room import CLOSE_MOVED
from tictac.server.connection import READ_TEXT, WRITE_TEXT
from tictac.server.errors import CLOSE_FLOOD

RECEIVE_BUFFER = 16 * 1024  # bytes (the kernel doubles it); a message may still span reads
SHED_S = 1.0  # long enough for the close frame to be read before the connection goes
TEXT_FIN = 0x81  # a final frame of text
MASKED = 0x80  # a client's frame: its payload's length follows in the low 7 bits
SHORT_MOST = 125  # the longest payload whose length fits in those 7 bits
SWEEPS_AN_INTERVAL = 4  # how often `Keepalive` looks for due sockets: a ping is at most a
# quarter of the interval late, and the sockets due within that quarter are pinged together
# where websockets' parser waits while no frame has begun to arrive
BETWEEN_FRAMES = StreamReader.at_eof.__code__


def text_frame(text: str) -> bytes:
    """`text` as a final, unmasked frame of text (a server's)."""
    payload = text.encode()
    size = len(payload)
    if size < 126:
        return bytes((TEXT_FIN, size)) + payload
    if size < 1 << 16:
        return bytes((TEXT_FIN, 126)) + size.to_bytes(2, "big") + payload
    return bytes((TEXT_FIN, 127)) + size.to_bytes(8, "big") + payload


class Received(Mailbox[ASGIReceiveEvent]):
    """What uvicorn queues for the app's `receive`, with the two asyncio.Queue methods it calls
    besides `get`. An asyncio.Queue is three deques and an Event, some 2.5 KB kept for each
    socket's whole life, and once the app listens (`READ_TEXT`) it only ever holds the
    disconnect."""

    __slots__ = ("heard_at",)

    put_nowait = Mailbox.put

    def __init__(self) -> None:
        super().__init__()
        # when the client's last message came, by the loop's clock (here, not on the protocol:
        # one more attribute name there would pass the 30 its instances share, see SERVER_WIDE)
        self.heard_at = 0.0

    def empty(self) -> bool:
        return not self


class Writable:
    """uvicorn's `writable` flag (an asyncio.Event's methods it calls), its waiters in a list
    made only when a send must wait: an Event's deque takes 600 bytes for each socket's whole
    life, and a send waits on it only while a client does not read."""

    __slots__ = ("_waiters", "flag")

    def __init__(self) -> None:
        self.flag = True  # (read by `write_text` itself: a method call per frame less)
        self._waiters: list[asyncio.Future[None]] | None = None

    def is_set(self) -> bool:
        return self.flag

    def set(self) -> None:
        self.flag = True
        waiters, self._waiters = self._waiters, None
        for waiter in waiters or ():
            if not waiter.done():
                waiter.set_result(None)

    def clear(self) -> None:
        self.flag = False

    async def wait(self) -> None:
        while not self.flag:
            waiter = asyncio.get_running_loop().create_future()
            if self._waiters is None:
                self._waiters = []
            self._waiters.append(waiter)
            await waiter


# What uvicorn sets alike on the protocol of every connection of a server (its config, loop,
# logger and shared state; the listening address and scheme): kept once per server, in a
# ServerWide, not in each protocol's `__dict__`. Python shares one table of attribute names
# among a class's instances, up to 30 names; an instance past that carries a table of its own,
# 1.3 KB a socket more (uvicorn's protocol sets 37).
SERVER_WIDE = ("app", "app_state", "asgi_version", "close_timeout", "config", "connections",
               "default_headers", "logger", "loop", "ping_interval", "ping_timeout", "root_path",
               "scheme", "server", "tasks")


class ServerWide:
    """The SERVER_WIDE values of one server's protocols, and its sockets' `Keepalive`."""

    __slots__ = (*SERVER_WIDE, "keepalive")
    keepalive: Keepalive


def server_wide(name: str) -> property:
    """Attribute `name` of a protocol, held by its ServerWide. Set to a value unlike the one the
    server's other protocols hold (a server listening on two addresses), it gives the protocol a
    ServerWide of its own. None is uvicorn's placeholder for the listening address and scheme
    until a connection is made: it replaces no value, and a value replaces it in place."""

    def put(protocol: FloodProofProtocol, value: Any) -> None:
        wide = protocol.wide
        held = getattr(wide, name, None)
        if held is not None and held != value:
            if value is None:
                return
            protocol.wide = wide = copy.copy(wide)
        setattr(wide, name, value)

    return property(operator.attrgetter(f"wide.{name}"), put)


# each server's ServerWide, by the state uvicorn gives each of its protocols
SERVERS: weakref.WeakKeyDictionary[ServerState, ServerWide] = weakref.WeakKeyDictionary()


class Keepalive:
    """The keepalive of one server's sockets: one timer, every quarter of the ping interval,
    that pings the sockets due (`FloodProofProtocol.keep_alive`), set while there are any.
    uvicorn's own way is two timers a ping (the next ping's and the pong's deadline), each
    firing on its own."""

    __slots__ = ("sockets", "timer")

    def __init__(self) -> None:
        self.sockets: set[FloodProofProtocol] = set()
        self.timer: TimerHandle | None = None

    def add(self, protocol: FloodProofProtocol) -> None:
        assert protocol.ping_interval  # (uvicorn keeps a socket alive only with an interval)
        self.sockets.add(protocol)
        if self.timer is None:
            period_s = protocol.ping_interval / SWEEPS_AN_INTERVAL
            self.timer = protocol.loop.call_later(period_s, self.sweep, protocol.loop, period_s)

    def sweep(self, loop: asyncio.AbstractEventLoop, period_s: float) -> None:
        now = loop.time()
        for protocol in list(self.sockets):
            protocol.keep_alive(now)
        self.timer = (loop.call_later(period_s, self.sweep, loop, period_s) if self.sockets
                      else None)


class FloodProofProtocol(WebSocketsSansIOProtocol):
    shedding = False
    reader: Callable[[str], float] | None = None  # the app's, once it listens (`listen`)
    resume_timer: TimerHandle | None = None  # hands `held` on when the reader's pause is over

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # (before uvicorn's __init__, which sets the SERVER_WIDE attributes)
        wide = SERVERS.get(kwargs["server_state"])
        if wide is None:
            wide = SERVERS[kwargs["server_state"]] = ServerWide()
            wide.keepalive = Keepalive()  # (before any copy: the server's copies share it)
        self.wide = wide
        super().__init__(*args, **kwargs)
        self.queue = Received()  # type: ignore[assignment]  # (the few methods uvicorn uses)
        self.writable = Writable()  # type: ignore[assignment]
        # parsed, not yet handed to the reader, in order; a list, not a deque: it is nearly
        # always empty, and an empty deque takes ten times the memory (600 bytes a socket)
        self.held: list[str] = []

    @property
    def received(self) -> Received:
        """uvicorn's queue, a Received here (a property, not one more attribute name)."""
        return cast(Received, self.queue)

    def connection_made(self, transport: BaseTransport) -> None:
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        if getattr(self, "scope", None) is not None:
            self.scope["extensions"][WRITE_TEXT] = {"write": self.write_text}
            self.scope["extensions"][READ_TEXT] = {"listen": self.listen,
                                                   "gone": self.received.arrival}

    def listen(self, reader: Callable[[str], float] | None) -> None:
        """Hands every message the client sends to `reader` as soon as it is parsed, those the
        app has not received yet first: no queue, no task switch and no pause of reading per
        message (uvicorn's way). The reader returns how many seconds not to read the socket for
        (0: read on); infinity means the app is closing it for flooding, and what the client
        sends is then dropped unparsed. Only the disconnect still goes through the queue, to
        `receive`, and the app may wait for it with `gone` (the queue's `arrival`): no
        coroutine of uvicorn's and Starlette's `receive` kept for the socket's life. None stops
        it."""
        self.reader = reader
        if reader is None:
            self.held.clear()
            if self.resume_timer is not None:  # the client's close reply must still be read
                self.resume_timer.cancel()
                self.hand_on()
            return
        for message in self.received.take_all():
            if message["type"] == "websocket.receive":
                text = message.get("text")
                self.held.append((message.get("bytes") or b"").decode("utf-8", "replace")
                                 if text is None else text)
            else:
                self.queue.put_nowait(message)
        self.hand_on()

    def send_receive_event_to_app(self) -> None:
        self.received.heard_at = self.loop.time()  # (not by a pong: a silent client is pinged)
        if self.shedding:  # the rest of a read that ended in the close for flooding
            self.frames = []
            return
        if self.reader is None:
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        try:  # a text message that is not UTF-8 closes the socket (1007), as uvicorn does
            text = data.decode("utf-8", "strict" if self.curr_msg_data_type == "text"
                               else "replace")
        except UnicodeDecodeError:
            super().send_receive_event_to_app()
            return
        self.frames = []
        if self.close_sent:
            return
        if self.held or self.resume_timer is not None:
            self.held.append(text)
        else:
            self.read(text)

    def read(self, text: str) -> bool:
        """Hands `text` to the reader: False when it asked not to be read for a while."""
        assert self.reader is not None
        wait = self.reader(text)
        if not wait:
            return True
        if wait == math.inf:
            self.reader = None
            self.held.clear()
            self.shedding = True
            self.queue.put_nowait({"type": "websocket.disconnect", "code": CLOSE_FLOOD})
        else:
            self.transport.pause_reading()
            self.resume_timer = self.loop.call_later(wait, self.hand_on)
        return False

    def hand_on(self) -> None:
        """Hands on what was held while the reader asked for a pause, then reads on."""
        if self.resume_timer is not None:  # (not set on the class's default: see SERVER_WIDE)
            self.resume_timer = None
        while self.held and self.reader is not None and not self.close_sent:
            if not self.read(self.held.pop(0)):
                return
        self.held.clear()
        self.read_paused = False
        if not self.transport.is_closing():
            self.transport.resume_reading()

    def write_text(self, text: str, *more: str) -> bool:
        """`text`, then each of `more`, a frame each, written now in one write; False when they
        must go through `send` instead: the handshake not done, a close sent or the socket
        closing, the peer not reading (writing is paused), frames of text that need an
        extension (deflate) or a text that cannot be encoded."""
        if (not self.handshake_complete or self.close_sent or self.disconnected
                or self.initial_response is not None
                or not self.writable.flag  # type: ignore[attr-defined]  # (a Writable)
                or self.conn.extensions or self.conn.state is not State.OPEN
                or self.transport.is_closing()):
            return False
        try:
            data = text_frame(text) if not more else b"".join(map(text_frame, (text, *more)))
        except UnicodeEncodeError:
            return False
        self.transport.write(data)
        return True

    def start_keepalive(self) -> None:
        if self.ping_interval:
            self.received.heard_at = self.loop.time()  # (the handshake's request proves it)
            self.wide.keepalive.add(self)

    def stop_keepalive(self) -> None:
        super().stop_keepalive()
        if self.ping_interval:
            self.wide.keepalive.sockets.discard(self)

    def keep_alive(self, now: float) -> None:
        """At a sweep of `Keepalive`: the ping of a client that has sent nothing, and answered
        no ping, for the interval; the close (1011) of one whose pong is later than the ping's
        timeout."""
        assert self.ping_interval is not None  # (swept only with an interval)
        if self.close_sent or self.transport.is_closing():
            return
        if self.pending_ping_payload is not None:
            if self.ping_timeout is not None and now - self.ping_sent_at >= self.ping_timeout:
                self.keepalive_timeout()
            return
        if now - max(self.received.heard_at, self.ping_sent_at) >= self.ping_interval:
            self.pending_ping_payload = random.getrandbits(32).to_bytes(4, "big")
            self.ping_sent_at = now
            self.conn.send_ping(self.pending_ping_payload)
            self.transport.write(b"".join(self.conn.data_to_send()))

    def data_received(self, data: bytes) -> None:
        if not self.shedding and not self.read_alone(data):
            super().data_received(data)

    def read_alone(self, data: bytes) -> bool:
        """A read that is exactly one short text message (one final frame, masked as a
        client's are, no extension bit) while websockets' parser waits between frames: its
        payload unmasked and handed on here, as websockets and uvicorn would hand it on, without
        their parser's generators, frame object and events (a fifth of an action's reading).
        False, and nothing done, for anything else: websockets parses it."""
        size = len(data) - 6  # (two bytes of header, four of mask)
        if (not 0 <= size <= SHORT_MOST or data[0] != TEXT_FIN or data[1] != MASKED | size
                or self.reader is None):
            return False
        conn = self.conn
        if (conn.state is not State.OPEN or conn.current_size is not None or conn.extensions
                or conn.reader.buffer or not between_frames(conn.parser)
                or (conn.max_message_size is not None and size > conn.max_message_size)):
            return False
        self.curr_msg_data_type = "text"
        self.frames = [apply_mask(data[6:], data[2:6])]
        self.send_receive_event_to_app()
        return True

    async def send(self, message: ASGISendEvent) -> None:
        await super().send(message)
        if message["type"] == "websocket.accept" and self.handshake_complete:
            # the handshake's request and response (their headers: some 40 objects the
            # collector walks) serve nothing once it is answered, and a socket lives for hours;
            # nor do the scope's headers (the middleware read them before the app accepted;
            # emptied in place: the scopes the middleware made share the list). The request's
            # are emptied too: websockets' parser keeps the request for the socket's life.
            self.request.headers.clear()
            del self.request, self.response
            headers = self.scope["headers"]
            assert isinstance(headers, list)  # (uvicorn's own, made in handle_connect)
            headers.clear()
        if message["type"] == "websocket.close" and message.get("code") == CLOSE_FLOOD:
            self.shedding = True
            if self.close_timer is not None:
                self.close_timer.cancel()
            self.close_timer = self.loop.call_later(SHED_S, self.transport.close)
        elif message["type"] == "websocket.close" and message.get("code") == CLOSE_MOVED:
            # Ended once the close frame is written (the transport flushes it first), not when
            # the client's reply is read: a client hears the close only once the connection
            # ends, and a stopping server's loop, handing its rooms on, read the replies 0.7 s
            # late (most of a moved room's stall in a rolling upgrade).
            self.transport.close()


def between_frames(parser: Any) -> bool:
    """Whether websockets' parser (a generator delegating to others) waits for a new frame to
    begin, not for the rest of one it has begun to read."""
    while (inner := parser.gi_yieldfrom) is not None:
        parser = inner
    return parser.gi_code is BETWEEN_FRAMES


for _name in SERVER_WIDE:
    setattr(FloodProofProtocol, _name, server_wide(_name))
