"""The HTTP API: games, create, look up and join rooms, replays, health and metrics."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket

from tictac.bots import room_bot_kinds
from tictac.engine import GAMES, IllegalAction, get_game
from tictac.engine.errors import GAME_CODES
from tictac.rooms import Room, RoomManager, joins, rejoin, replays, reports
from tictac.rooms import errors as room_errors
from tictac.rooms.buckets import Buckets
from tictac.rooms.errors import RATE_LIMITED, ROOM_CODES
from tictac.server import game_client
from tictac.server.bans import Bans
from tictac.server.errors import (
    BAD_JSON,
    BAD_MESSAGE,
    BAD_ORIGIN,
    BAD_TEXT,
    BANNED,
    NOT_JSON,
    SERVER_CODES,
    TOO_LARGE,
)
from tictac.server.models import CreateRoom, JoinRoom, Rejoin
from tictac.server.settings import ServerSettings
from tictac.store import StoreError

if TYPE_CHECKING:  # the cluster (and Redis's client, long to import) only with --redis
    from tictac.cluster import Node
    from tictac.cluster.node import Call
    from tictac.cluster.shared_buckets import SharedBuckets

MAX_BODY = 16_384
M = TypeVar("M", bound=BaseModel)
# The HTTP status of each code, as its catalogue declares it.
STATUS = {code: status for codes in (GAME_CODES, ROOM_CODES, SERVER_CODES)
          for code, status in codes.statuses.items()}


class Limits:
    """The per-address limits of the HTTP calls that add to the server's state or cost it
    work (a QR code drawn, a shared deck read), by name: this
    node's buckets, and on a node of a cluster the cluster's (`shared`, in Redis). The node's
    own count every request even then: they answer while Redis does not."""

    def __init__(self, settings: ServerSettings) -> None:
        self.here = {"create": Buckets(settings.create_per_min / 60, settings.create_burst),
                     "join": Buckets(settings.join_per_min / 60, settings.join_burst),
                     "qr": Buckets(settings.qr_per_min / 60, settings.qr_burst),
                     "deck_read": Buckets(settings.deck_read_per_min / 60,
                                          settings.deck_read_burst),
                     "admin": Buckets(settings.admin_per_min / 60, settings.admin_burst),
                     "report": Buckets(settings.report_per_min / 60, settings.report_burst),
                     # keyed by a room's code, not an address
                     "room_report": Buckets(settings.room_report_per_min / 60,
                                            settings.room_report_burst)}
        self.shared: SharedBuckets | None = None

    async def wait(self, limit: str, address: str) -> float:
        """0 if `address` may go on now (a token is taken), else the seconds until it may."""
        buckets = self.here[limit]
        here = buckets.wait(address, time.monotonic())
        if self.shared is None:
            return here
        return await self.shared.wait(limit, address, buckets.rate, buckets.burst, here)

    def addresses(self) -> int:
        """The client addresses this node's buckets hold (the recently active ones)."""
        return len({key for buckets in self.here.values() for key in buckets})


class Refused(IllegalAction):
    """A refusal that also sets headers on the answer (Retry-After, Connection: close)."""

    def __init__(self, code: str, message: str, headers: dict[str, str]) -> None:
        super().__init__(code, message)
        self.headers = headers


def error(refusal: IllegalAction, manager: RoomManager) -> JSONResponse:
    manager.stats.errors[refusal.code] += 1
    headers = refusal.headers if isinstance(refusal, Refused) else None
    return JSONResponse(refusal.to_json(), status_code=STATUS.get(refusal.code, 400),
                        headers=headers)


async def refused(request: Request, failure: Exception) -> Response:
    """The app's one handler of a refusal raised by any HTTP call (`create_app` registers it
    for `IllegalAction` and `StoreError`): answered with its code and its status; a store that
    failed is `store_failed`. A WebSocket's refusals are its connection's to answer (ws.py)."""
    if not isinstance(request, Request):
        raise failure
    if isinstance(failure, StoreError):
        failure = IllegalAction(room_errors.STORE_FAILED, str(failure))
    assert isinstance(failure, IllegalAction)
    return error(failure, _manager(request))


def _manager(request: Request | WebSocket) -> RoomManager:
    manager: RoomManager = request.app.state.manager
    return manager


async def admit(request: Request, limit: str) -> None:
    """A state-changing call is JSON from a page of this server, from an address not banned;
    then it counts toward its address's limit."""
    json_from_here(request)
    await refuse_banned(request, request.client.host if request.client else "")
    await limited(request, limit)


async def refuse_banned(request: Request | WebSocket, client: str) -> None:
    """`banned` if the instance admin banned `client`'s address (server/bans.py)."""
    bans: Bans = request.app.state.bans
    found = await bans.of(client, _manager(request).clock.now_ms())
    if found is not None:
        raise IllegalAction(BANNED, "this address is banned from this server"
                            + (f": {found.reason}" if found.reason else ""))


def json_from_here(request: Request) -> None:
    """A state-changing call is JSON from a page of this server (or from a program, which
    sends no Origin): a form or a script of another site gets nothing done."""
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != "application/json":
        raise IllegalAction(NOT_JSON, "the body is JSON (Content-Type: application/json)")
    origin = request.headers.get("origin")
    if origin is not None and origin != f"{request.url.scheme}://{request.url.netloc}":
        raise IllegalAction(BAD_ORIGIN, "this call is only taken from this server's own pages")


async def limited(request: Request, limit: str, key: str | None = None) -> None:
    """Counts the request toward its address's `limit` (`Limits`), or `key`'s (a room's
    code); `rate_limited` past it."""
    whose = "this address" if key is None else "this room"
    if key is None:
        key = request.client.host if request.client else ""
    wait = await _limits(request).wait(limit, key)
    if wait:
        raise Refused(RATE_LIMITED, f"too many requests from {whose}; try again later",
                      {"Retry-After": str(math.ceil(wait))})


async def read_body(request: Request, limit: int = MAX_BODY) -> bytes:
    """The body, read as it comes and refused as soon as it passes `limit` bytes (a chunked
    body declares no length). The connection is closed after such an answer: the rest of the
    body is not read."""
    too_large = Refused(TOO_LARGE, f"a request body has at most {limit} bytes",
                        {"Connection": "close"})
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise too_large
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise too_large
    except ClientDisconnect:  # gone, or cut off by the request timeout: nobody reads an answer
        raise IllegalAction(BAD_MESSAGE, "the body did not arrive") from None
    return bytes(body)


async def read_model(request: Request, model: type[M]) -> M:
    raw = await read_body(request)
    try:
        return model.model_validate_json(raw or b"{}")
    except ValidationError as invalid:
        first = invalid.errors(include_url=False, include_input=False)[0]
        code = {"json_invalid": BAD_JSON, BAD_TEXT: BAD_TEXT}.get(first["type"], BAD_MESSAGE)
        where = ".".join(str(part) for part in first["loc"]) or "body"
        raise IllegalAction(code, f"{where}: {first['msg']}") from None


def game_info(name: str) -> dict[str, Any]:
    game = get_game(name)
    return {"name": name, "title": game.TITLE, "min_players": game.MIN_PLAYERS,
            "max_players": game.MAX_PLAYERS,
            "options": [option.to_json() for option in game.OPTIONS],
            "bots": list(room_bot_kinds(name)), **game_client.client_fields(name)}


async def games(request: Request) -> Response:
    return JSONResponse([game_info(name) for name in GAMES])


def _limits(request: Request) -> Limits:
    limits: Limits = request.app.state.limits
    return limits


async def create_room(request: Request) -> Response:
    manager = _manager(request)
    await admit(request, "create")
    body = await read_model(request, CreateRoom)
    node = _node(request)
    _, joined = await (manager.create if node is None else node.create)(
        body.game, body.name, body.options)
    return Response(joined.answer, status_code=201, media_type="application/json")


async def get_room(request: Request) -> Response:
    return JSONResponse(await on_room(request, await room_of(request), "summary"))


async def join_room(request: Request) -> Response:
    await admit(request, "join")
    where = await room_of(request)
    body = await read_model(request, JoinRoom)
    answer = await on_room(request, where, "join", name=body.name, spectator=body.spectator,
                           tv=body.tv)
    return Response(answer, media_type="application/json")


# What is asked of a room by HTTP, run where the room lives: here, or on the node of the
# cluster that owns it (which runs the same function and sends the answer back).


async def _summary(room: Room) -> dict[str, Any]:
    summary: dict[str, Any] = await room.call(room.summary)
    return summary


async def _join(room: Room, name: str, spectator: bool, tv: bool = False) -> str:
    """The joiner's answer as JSON text, built before the new place was saved."""
    joined: joins.Joined = await room.call(joins.join, room, name, spectator, tv)
    return joined.answer


async def _rejoin_code(room: Room, token: str) -> dict[str, Any]:
    answer: dict[str, Any] = await room.call(rejoin.make_code, room, token)
    return answer


async def _rejoin(room: Room, rejoin_code: str) -> dict[str, Any]:
    # not `code`: in a cluster the call's arguments travel beside the room's code
    return joins.joined(room, *await room.call(rejoin.exchange, room, rejoin_code))


async def _replay(room: Room, token: str | None, game: int | None, seat: int | None,
                  client: str | None) -> str:
    """The replay as JSON text, encoded once per cached answer (it may be relayed as is)."""
    return (await replays.fetch(room, token, game, seat, client=client)).encoded()


async def _close(room: Room, message: str) -> None:
    await room.call(room.close_by_admin, message)


async def _report(room: Room, token: str, what: str, text: str) -> dict[str, str]:
    found: dict[str, str] = await room.call(reports.shown, room, token, what, text)
    return found


ROOM_CALLS: dict[str, Call] = {"summary": _summary, "join": _join, "replay": _replay,
                               "rejoin_code": _rejoin_code, "rejoin": _rejoin, "close": _close,
                               "report": _report}


def _node(request: Request) -> Node | None:
    node: Node | None = request.app.state.node
    return node


async def room_of(request: Request) -> Room | str:
    """The room named in the path, or (in a cluster) the node that owns it."""
    node, code = _node(request), request.path_params["code"]
    return _manager(request).get(code) if node is None else await node.locate(code)


async def on_room(request: Request, where: Room | str, op: str, **args: Any) -> Any:
    if isinstance(where, Room):
        return await ROOM_CALLS[op](where, **args)
    node = _node(request)
    assert node is not None
    return await node.run(request.path_params["code"], op, **args)


def _int_param(request: Request, name: str) -> int | None:
    value = request.query_params.get(name)
    if value is None or value == "":
        return None
    try:
        return int(value)
    except ValueError:
        raise IllegalAction(BAD_MESSAGE, f"{name} is a whole number") from None


def bearer(request: Request) -> str | None:
    """The place's token of `Authorization: Bearer TOKEN`. Never a query parameter: URLs are
    logged by proxies and kept by browsers (such a request is refused before routing,
    server/urltokens.py)."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


async def rejoin_code(request: Request) -> Response:
    """A one-time code that opens the caller's place on another device (rooms/rejoin.py)."""
    await admit(request, "join")
    token = bearer(request)
    if token is None:
        raise IllegalAction(room_errors.BAD_TOKEN, "send Authorization: Bearer TOKEN")
    return JSONResponse(await on_room(request, await room_of(request), "rejoin_code",
                                      token=token))


async def rejoin_room(request: Request) -> Response:
    """A rejoin code exchanged for the place, under a new token."""
    await admit(request, "join")
    where = await room_of(request)
    body = await read_model(request, Rejoin)
    return JSONResponse(await on_room(request, where, "rejoin", rejoin_code=body.rejoin))


async def replay(request: Request) -> Response:
    where = await room_of(request)
    answer = await on_room(request, where, "replay", token=bearer(request),
                           game=_int_param(request, "game"), seat=_int_param(request, "seat"),
                           client=request.client.host if request.client else None)
    return Response(answer, media_type="application/json")


async def healthz(request: Request) -> Response:
    """503 once the store cannot keep what it is given (its file deleted or replaced), and on a
    node of a cluster while it cannot hear its channel or its lease has lapsed (docs/deploy.md)."""
    manager = _manager(request)
    node = request.app.state.node
    ok = manager.store.healthy() and (node is None or node.serving)
    return JSONResponse({"ok": ok, "rooms": len(manager.rooms),
                         "connections": held_sockets(manager, node)},
                        status_code=200 if ok else 503)


def held_sockets(manager: RoomManager, node: Node | None) -> int:
    """The WebSockets this node holds: its rooms' connections, but those relayed from another
    node (their socket is there), and the ones it relays to another node's room."""
    if node is None:
        return manager.stats.connections
    from tictac.cluster.relay import RemoteConn

    relayed_here = sum(isinstance(conn, RemoteConn) for room in manager.rooms.values()
                       for conn in room.conns)
    return manager.stats.connections - relayed_here + len(node.links)


async def prometheus(request: Request) -> Response:
    from tictac.server import metrics  # Prometheus's client: at the first scrape, not at start

    node, manager = request.app.state.node, _manager(request)
    relayed = 0 if node is None else len(node.links)
    clients = metrics.Clients(addresses=_limits(request).addresses(),
                              ignored=request.app.state.proxies.ignored)
    return Response(metrics.render(manager, held_sockets(manager, node), relayed, clients),
                    media_type="text/plain; version=0.0.4; charset=utf-8")
