"""The WebSocket endpoint: size and rate limits, parsing and validation here; everything that
touches a room is posted to the room's inbox."""

from __future__ import annotations

import inspect
import json
import time
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from tictac.engine import IllegalAction
from tictac.rooms import Room, RoomManager, lobby
from tictac.rooms.errors import RoomError
from tictac.rooms.wire import dumps
from tictac.server.connection import Connection
from tictac.server.limits import TokenBucket
from tictac.server.models import CLIENT_TYPES, ActionIn, client_message
from tictac.server.settings import ServerSettings

BAD_JSON = "bad_json"
BAD_MESSAGE = "bad_message"
UNKNOWN_TYPE = "unknown_type"
TOO_LARGE = "too_large"
RATE_LIMITED = "rate_limited"
CLOSE_NO_ROOM = 4404
CLOSE_BAD_TOKEN = 4401
ACTION_KEYS = frozenset(ActionIn.model_fields)


async def _answer(conn: Connection, msg_id: int | None, job: Callable[..., Any],
                  *args: Any) -> None:
    """Runs in the room's task: a refusal goes back to the sender, tagged with its id."""
    try:
        result = job(*args)
        if inspect.isawaitable(result):
            await result
    except IllegalAction as refusal:
        conn.error(refusal.code, refusal.message, msg_id)


def parse(text: str, limit: int) -> Any:
    """The validated message, or the IllegalAction to answer with."""
    if len(text) > limit or (len(text) * 4 > limit and len(text.encode()) > limit):
        raise IllegalAction(TOO_LARGE, f"a message has at most {limit} bytes")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raise IllegalAction(BAD_JSON, "a message is one JSON object") from None
    if not isinstance(raw, dict):
        raise IllegalAction(BAD_JSON, "a message is one JSON object")
    kind = raw.get("type")
    if not isinstance(kind, str):
        raise IllegalAction(BAD_MESSAGE, 'a message needs a string "type"')
    if kind not in CLIENT_TYPES:
        raise IllegalAction(UNKNOWN_TYPE, f"unknown message type {kind[:40]!r}")
    if kind == "action":
        return action_message(raw)
    try:
        return client_message.validate_python(raw)
    except ValidationError as invalid:
        first = invalid.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(part) for part in first["loc"][1:]) or kind
        raise IllegalAction(BAD_MESSAGE, f"{where}: {first['msg']}") from None


def action_message(raw: dict[str, Any]) -> ActionIn:
    """`ActionIn` checked by hand: the one message sent on every move skips pydantic's
    validator, with the same verdicts and codes (tests/server/test_server_parse.py holds the
    two to agreement)."""
    for key in raw:
        if key not in ACTION_KEYS:
            raise IllegalAction(BAD_MESSAGE, f"{key}: Extra inputs are not permitted")
    if "action" not in raw:
        raise IllegalAction(BAD_MESSAGE, "action: Field required")
    action, msg_id = raw["action"], raw.get("id")
    if type(action) is not dict:
        raise IllegalAction(BAD_MESSAGE, "action: Input should be a valid dictionary")
    if msg_id is not None and type(msg_id) is not int:
        raise IllegalAction(BAD_MESSAGE, "id: Input should be a valid integer")
    return ActionIn.model_construct(type="action", action=action, id=msg_id)


def dispatch(room: Room, conn: Connection, message: Any) -> None:
    kind = message.type
    if kind == "ping":
        conn.send(dumps({"type": "pong", "t": message.t, "server_time": room.clock.now_ms()}))
    elif kind == "action":
        room.post(_answer, conn, message.id, room.act, conn, message.action, message.id)
    elif kind == "chat":
        room.post(_answer, conn, None, lobby.chat, room, conn, message.text)
    elif kind == "sync":
        room.post(_answer, conn, None, lobby.sync, room, conn)
    else:
        fields = message.model_dump(exclude={"type", "op"})
        room.post(_answer, conn, None, lobby.run_op, room, conn, message.op, fields)


async def endpoint(websocket: WebSocket) -> None:
    manager: RoomManager = websocket.app.state.manager
    settings: ServerSettings = websocket.app.state.settings
    await websocket.accept()
    conn = Connection(websocket, manager.stats, settings.max_outbox)
    try:
        room = manager.get(websocket.path_params["code"])
        await room.call(room.connect, conn, websocket.query_params.get("token", ""))
    except RoomError as refusal:
        conn.error(refusal.code, refusal.message)
        conn.close(CLOSE_NO_ROOM if refusal.code == "no_room" else CLOSE_BAD_TOKEN)
        await conn.finish()
        return
    bucket = TokenBucket(settings.rate_per_s, settings.rate_burst)
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            if text is None:
                text = (frame.get("bytes") or b"").decode("utf-8", "replace")
            if not bucket.take(time.monotonic()):
                conn.error(RATE_LIMITED, f"at most {settings.rate_per_s:g} messages a second")
                continue
            try:
                message = parse(text, settings.max_message_bytes)
            except IllegalAction as refusal:
                conn.error(refusal.code, refusal.message)
                continue
            dispatch(room, conn, message)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        room.post(room.disconnect, conn)
        await conn.finish()
