"""The WebSocket endpoint: size and rate limits, parsing and validation here; everything that
touches a room is posted to the room's inbox."""

from __future__ import annotations

import asyncio
import inspect
import json
import json.scanner
import math
import time
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from pydantic import ValidationError
from starlette.routing import Match, WebSocketRoute
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from tictac.engine import IllegalAction
from tictac.rooms import Room, RoomManager, chat, lobby
from tictac.rooms.buckets import Bucket
from tictac.rooms.conn import Transport
from tictac.rooms.errors import NO_ROOM, RATE_LIMITED, ROOM_UNAVAILABLE, SEAT_MOVED, RoomError
from tictac.rooms.rejoin import CLOSE_SEAT_MOVED
from tictac.rooms.room import CLOSE_MOVED
from tictac.rooms.wire import dumps
from tictac.server import lag
from tictac.server.connection import READ_TEXT, Connection
from tictac.server.errors import (
    BAD_JSON,
    BAD_MESSAGE,
    CHAT_LIMITED,
    CLOSE_BAD_TOKEN,
    CLOSE_BANNED,
    CLOSE_FLOOD,
    CLOSE_NO_HELLO,
    CLOSE_NO_ROOM,
    HELLO_EXPECTED,
    TOKEN_IN_URL,
    TOO_LARGE,
    UNKNOWN_TYPE,
    VOTE_LIMITED,
)
from tictac.server.http_api import refuse_banned
from tictac.server.media_models import MEDIA_PREFIX
from tictac.server.models import CLIENT_TYPES, ActionIn, HelloIn, client_message
from tictac.server.quotas import Quotas
from tictac.server.settings import ServerSettings
from tictac.server.text import clean, plain
from tictac.server.urltokens import has_token

if TYPE_CHECKING:  # the cluster (and Redis's client, long to import) only with --redis
    from tictac.cluster import Node

__all__ = ["BAD_JSON", "BAD_MESSAGE", "TOO_LARGE", "endpoint", "parse"]
ACTION_KEYS = frozenset(ActionIn.model_fields)


async def _answer(conn: Transport, msg_id: int | None, job: Callable[..., Any],
                  *args: Any) -> None:
    """Runs in the room's task: a refusal goes back to the sender, tagged with its id."""
    try:
        result = job(*args)
        if inspect.isawaitable(result):
            await result
    except IllegalAction as refusal:
        conn.error(refusal.code, refusal.message, msg_id)


async def _act(read_at: float, room: Room, conn: Transport, message: ActionMessage) -> None:
    """An action, in the room's task; once answered (refused, or stored, acknowledged and every
    view written), its time since its frame was read is counted (`lag.ACTIONS`)."""
    await _answer(conn, message.id, room.act, conn, message.action, message.id, message.seen)
    lag.ACTIONS.add(time.perf_counter() - read_at)


# The scanner `json.loads` reads with (the C one, under the same settings as its own decoder's)
SCAN = json.scanner.make_scanner(json.JSONDecoder())  # type: ignore[arg-type]  # (duck-typed)


def decoded(text: str) -> Any:
    """`json.loads(text)`: a text that is one JSON value from its first character to its last
    (every client's message) read by json's scanner directly, without `loads`' three calls
    and two regular expressions around it; any other text (whitespace around the value, none,
    more after it) by `json.loads`, which decides as before."""
    try:
        value, end = SCAN(text, 0)
    except StopIteration:  # no value begins at the first character
        return json.loads(text)
    return value if end == len(text) else json.loads(text)


def parse(text: str, limit: int, signal_limit: int = 0) -> Any:
    """The validated message, or the IllegalAction to answer with. Every string in it has
    passed `tictac.server.text.clean` (no lone surrogate, control or bidi character, NFC).
    A `media` message (WebRTC's signalling) may be up to `signal_limit` long."""
    signalled = signal_limit > limit and text.startswith(MEDIA_PREFIX)
    most = signal_limit if signalled else limit
    if len(text) > most or (len(text) * 4 > most and len(text.encode()) > most):
        raise IllegalAction(TOO_LARGE, f"a message has at most {most} bytes")
    try:
        raw = decoded(text)
    except (ValueError, RecursionError):
        raise IllegalAction(BAD_JSON, "a message is one JSON object") from None
    if not isinstance(raw, dict):
        raise IllegalAction(BAD_JSON, "a message is one JSON object")
    if not plain(text):
        raw = clean(raw)
    kind = raw.get("type")
    if not isinstance(kind, str):
        raise IllegalAction(BAD_MESSAGE, 'a message needs a string "type"')
    if kind not in CLIENT_TYPES:
        raise IllegalAction(UNKNOWN_TYPE, f"unknown message type {kind[:40]!r}")
    if signalled and kind != "media" and len(text.encode()) > limit:  # a second "type" key
        raise IllegalAction(TOO_LARGE, f"a message has at most {limit} bytes")
    if kind == "action":
        return action_message(raw)
    try:
        return client_message.validate_python(raw)
    except ValidationError as invalid:
        first = invalid.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(part) for part in first["loc"][1:]) or kind
        raise IllegalAction(BAD_MESSAGE, f"{where}: {first['msg']}") from None


class ActionMessage(NamedTuple):
    """An `action` message as `action_message` accepts it: `ActionIn`'s fields, in a tuple
    (pydantic's `model_construct` of the model cost more than the check itself)."""

    action: dict[str, Any]
    id: int | None
    seen: int | None
    type: str = "action"


def action_message(raw: dict[str, Any]) -> ActionMessage:
    """`ActionIn` checked by hand: the one message sent on every move skips pydantic's
    validator, with the same verdicts and codes (tests/server/test_server_parse.py holds the
    two to agreement)."""
    for key in raw:
        if key not in ACTION_KEYS:
            raise IllegalAction(BAD_MESSAGE, f"{key}: Extra inputs are not permitted")
    if "action" not in raw:
        raise IllegalAction(BAD_MESSAGE, "action: Field required")
    action, msg_id, seen = raw["action"], raw.get("id"), raw.get("seen")
    if type(action) is not dict:
        raise IllegalAction(BAD_MESSAGE, "action: Input should be a valid dictionary")
    for key, number in (("id", msg_id), ("seen", seen)):
        if number is not None and type(number) is not int:
            raise IllegalAction(BAD_MESSAGE, f"{key}: Input should be a valid integer")
    return ActionMessage(action, msg_id, seen)


class Client:
    """One socket's sender as the dispatcher needs it: its connection, room and place."""

    __slots__ = ("conn", "pid", "quotas", "room", "settings")

    def __init__(self, room: Room, conn: Transport, pid: int, quotas: Quotas,
                 settings: ServerSettings) -> None:
        self.room, self.conn, self.pid, self.quotas = room, conn, pid, quotas
        self.settings = settings

    def handle(self, text: str) -> None:
        """One frame the client sent: parsed, then dispatched or refused."""
        read_at = time.perf_counter()
        settings = self.settings
        try:
            message = parse(text, settings.max_message_bytes, settings.max_signal_bytes)
        except IllegalAction as refusal:
            self.conn.error(refusal.code, refusal.message)
            return
        dispatch(self, message, read_at)


def dispatch(client: Client, message: Any, read_at: float) -> None:
    room, conn = client.room, client.conn
    kind = message.type
    if kind == "ping":
        conn.send(dumps({"type": "pong", "t": message.t, "server_time": room.clock.now_ms()}))
    elif kind == "action":
        rate = client.quotas.action(room.code, room.game, client.pid, message.action)
        if rate is not None:
            conn.error(rate.code, f"at most {rate.per_s:g} {message.action['type']!r} a second "
                       f"({rate.burst} at once): wait a little", message.id)
            return
        room.post(_act, read_at, room, conn, message)
    elif kind == "chat":
        if not client.quotas.chat(room.code, client.pid):
            conn.error(CHAT_LIMITED, "too many chat lines: wait a little")
            return
        room.post(_answer, conn, None, chat.say, room, conn, message.text)
    elif kind == "vote":
        if not client.quotas.vote(room.code, client.pid):
            conn.error(VOTE_LIMITED, "too many votes: wait a little")
            return
        room.post(_answer, conn, None, room.audience.vote, conn, message.ballot, message.choice)
    elif kind == "sync":
        room.post(_answer, conn, None, room.sync, conn)
    elif kind == "media":
        room.post(_answer, conn, None, room.calls.handle, conn, message)
    else:
        fields = message.model_dump(exclude={"type", "op"})
        room.post(_answer, conn, None, lobby.run_op, room, conn, message.op, fields)


async def _refuse(conn: Transport, refusal: IllegalAction,
                  close_code: int) -> None:
    conn.error(refusal.code, refusal.message)
    conn.close(close_code)
    await conn.finish()


async def endpoint(websocket: WebSocket) -> None:
    manager: RoomManager = websocket.app.state.manager
    settings: ServerSettings = websocket.app.state.settings
    node: Node | None = websocket.app.state.node
    await websocket.accept()
    conn = Connection(websocket, manager.stats, settings.max_outbox)
    # (read as NoTokenInUrl reads it: Starlette's `query_params` would keep a parsed copy of
    # the query on the WebSocket for the socket's life)
    if has_token(websocket.scope.get("query_string", b"")):
        await _refuse(conn, IllegalAction(TOKEN_IN_URL, "a token never goes in a URL (proxies "
                                          "log them): send it in the hello message"),
                      CLOSE_NO_HELLO)
        return
    try:
        await refuse_banned(websocket, websocket.client.host if websocket.client else "")
    except IllegalAction as refusal:
        await _refuse(conn, refusal, CLOSE_BANNED)
        return
    code = websocket.path_params["code"]
    if node is not None and node.draining:
        # A stopping node takes no room and would only relay this client until its drain
        # ends, then close it (in a rolling upgrade, clients that reached a machine as it
        # stopped waited there 1.5 s for a room that had moved already): 1012 sends it on at
        # once, and the balancer to another machine (this one's port is closed).
        await _refuse(conn, RoomError(ROOM_UNAVAILABLE, "this server is stopping; try again"),
                      CLOSE_MOVED)
        return
    try:
        room = manager.get(code) if node is None else await node.locate(code)
    except RoomError as refusal:
        await _refuse(conn, refusal, CLOSE_MOVED if refusal.code == ROOM_UNAVAILABLE
                      else CLOSE_NO_ROOM)
        return
    try:
        token = await hello(websocket, settings)
    except IllegalAction as refusal:
        await _refuse(conn, refusal, CLOSE_NO_HELLO)
        return
    if token is None:  # gone before saying hello
        await conn.finish()
        return
    if isinstance(room, Room):
        await serve(room, conn, token, partial(pump, websocket, conn, settings=settings),
                    settings=settings, quotas=websocket.app.state.quotas)
        return
    assert node is not None  # another node owns the room: its frames go there and back
    link = node.relay(room, code, conn, token)
    try:
        await pump(websocket, conn, link.forward, settings=settings)
    finally:
        node.unlink(link)
        await conn.finish()


async def hello(websocket: WebSocket, settings: ServerSettings) -> str | None:
    """The token of the client's first message, `{"type": "hello", "token": ...}` (None: the
    client left first). The token never travels in the URL, which proxies and browsers keep."""
    refusal = IllegalAction(HELLO_EXPECTED, 'the first message is {"type": "hello", "token": '
                            f'...}}, within {settings.hello_timeout_s:g} s')
    try:
        frame = await asyncio.wait_for(websocket.receive(), settings.hello_timeout_s)
    except TimeoutError:
        raise refusal from None
    if frame["type"] == "websocket.disconnect":
        return None
    text = frame.get("text") or (frame.get("bytes") or b"").decode("utf-8", "replace")
    if len(text) > settings.max_message_bytes:
        raise refusal
    try:
        return HelloIn.model_validate_json(text).token
    except ValidationError:
        raise refusal from None


Feed = Callable[[Callable[[str], None]], Awaitable[None]]


async def serve(room: Room, conn: Transport, token: str, feed: Feed, *,
                settings: ServerSettings, quotas: Quotas) -> None:
    """One client of a room, from its token to its last frame: `feed` hands each frame the
    client sends to the handler it is given, and returns when the client has gone (a local
    WebSocket's frames, or a relayed one's from another node). (One coroutine, waiting for
    the socket's whole life: every nested one would be kept as long.)"""
    quotas.open_socket(room.code, token, conn)
    try:
        try:
            place = await room.call(room.connect, conn, token)
        except RoomError as refusal:
            if room.abandoned:  # it moved while the client came in: reconnecting finds it
                close = CLOSE_MOVED
            else:
                close = {NO_ROOM: CLOSE_NO_ROOM, SEAT_MOVED: CLOSE_SEAT_MOVED}.get(
                    refusal.code, CLOSE_BAD_TOKEN)
            await _refuse(conn, refusal, close)
            return
        try:
            await feed(Client(room, conn, place.pid, quotas, settings).handle)
        finally:
            room.post(room.disconnect, conn)
            await conn.finish()
    finally:
        quotas.close_socket(room.code, token, conn)


class Throttle:
    """A socket's frames at most `rate_per_s` a second. A frame over the rate is refused, and
    the socket is not read again until the next one may pass: a flood then waits in the
    client's own socket buffers instead of costing the server a refusal per frame, which is
    what slowed other rooms down. A client that keeps flooding (`rate_burst` frames refused
    before it kept quiet long enough to fill its bucket again) is closed with CLOSE_FLOOD, so
    the backlog it queued is dropped rather than read at the rate for minutes after it left.
    The socket that reads the client's frames throttles them, so a relayed client is held
    back on the node it reached."""

    __slots__ = ("bucket", "conn", "handle", "refused", "settings")

    def __init__(self, conn: Connection, handle: Callable[[str], None],
                 settings: ServerSettings) -> None:
        self.conn, self.handle, self.settings = conn, handle, settings
        self.bucket = Bucket(settings.rate_per_s, settings.rate_burst, time.monotonic())
        self.refused = 0

    def read(self, text: str) -> float:
        """Hands `text` on, or refuses it: the seconds not to read the socket for (0: read on;
        infinite once the socket is closed for flooding)."""
        bucket = self.bucket
        if wait := bucket.wait(time.monotonic()):
            self.refused += 1
            self.conn.error(RATE_LIMITED, f"at most {self.settings.rate_per_s:g} messages a second")
            if self.refused > self.settings.rate_burst:
                self.conn.close(CLOSE_FLOOD)
                return math.inf
            return wait
        if bucket.level >= bucket.burst - 1:  # the bucket was full: the client kept quiet
            self.refused = 0
        self.handle(text)
        return 0.0


async def pump(websocket: WebSocket, conn: Connection, handle: Callable[[str], None], *,
               settings: ServerSettings) -> None:
    """Hands every frame the client sends to `handle`, through a `Throttle`, until the socket
    closes. On `tictac serve`'s own protocol each frame is handed on as it is parsed
    (`READ_TEXT`); on another ASGI server, by a loop over `receive`."""
    throttle = Throttle(conn, handle, settings)
    direct = websocket.scope.get("extensions", {}).get(READ_TEXT)
    try:
        if direct is not None:
            direct["listen"](throttle.read)
            try:
                await direct["gone"]()
            finally:
                direct["listen"](None)
            return
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            if text is None:
                text = (frame.get("bytes") or b"").decode("utf-8", "replace")
            wait = throttle.read(text)
            if wait == math.inf:
                break
            # (a turn of the loop at least: frames already read come back from `receive`
            # without a pause, and a burst would hold the loop)
            await asyncio.sleep(wait)
    except (WebSocketDisconnect, RuntimeError):
        pass
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if not conn.dropped or task is None or task.uncancel():
            raise  # a real cancellation (shutdown), not the connection letting go


class Sockets:
    """The innermost middleware: a WebSocket to /ws/{code} goes straight to `endpoint`, once the
    client's address, the host check and the token check have seen it. Starlette's own way
    (its exception middleware, router, route and session wrappers) keeps some ten coroutines
    and their closures alive for each socket's whole life: memory per player, and objects
    every full collection walks, for hours."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.route = WebSocketRoute("/ws/{code}", endpoint)

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # (the awaitable handed back, not awaited: see clients.ClientAddress)
        if scope["type"] == "websocket":
            match, child = self.route.matches(scope)
            if match is Match.FULL:
                scope.update(child)
                return endpoint(WebSocket(scope, receive, send))
        return self.app(scope, receive, send)
