"""The HTTP API: games, create, look up and join rooms, replays, health and metrics."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from tictac.bots import bot_kinds
from tictac.engine import GAMES, IllegalAction, get_game
from tictac.rooms import RoomManager, lobby
from tictac.rooms import errors as room_errors
from tictac.rooms.replays import replay as build_replay
from tictac.server import metrics
from tictac.server.errors import BAD_JSON, BAD_MESSAGE, BAD_TEXT, TOO_LARGE
from tictac.server.models import CreateRoom, JoinRoom

MAX_BODY = 16_384
M = TypeVar("M", bound=BaseModel)
STATUS = {
    room_errors.NO_ROOM: 404, room_errors.UNKNOWN_GAME: 404, room_errors.BAD_TOKEN: 401,
    room_errors.NAME_TAKEN: 409, room_errors.TOO_MANY_ROOMS: 503, TOO_LARGE: 413,
    room_errors.WRONG_STATUS: 409,
}


def error(refusal: IllegalAction, manager: RoomManager) -> JSONResponse:
    manager.stats.errors[refusal.code] += 1
    return JSONResponse(refusal.to_json(), status_code=STATUS.get(refusal.code, 400))


def _manager(request: Request) -> RoomManager:
    manager: RoomManager = request.app.state.manager
    return manager


async def _body(request: Request, model: type[M]) -> M:
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or int(declared) > MAX_BODY:  # refused before it is read
        raise IllegalAction(TOO_LARGE, f"a request body has at most {MAX_BODY} bytes")
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise IllegalAction(TOO_LARGE, f"a request body has at most {MAX_BODY} bytes")
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
            "bots": list(bot_kinds(name))}


def _available() -> list[str]:
    """Games whose module (and bots) import: a game still being written is left out."""
    names = []
    for name in GAMES:
        try:
            game_info(name)
        except ImportError:
            continue
        names.append(name)
    return names


async def games(request: Request) -> Response:
    return JSONResponse([game_info(name) for name in _available()])


async def create_room(request: Request) -> Response:
    manager = _manager(request)
    try:
        body = await _body(request, CreateRoom)
        room, token, place = await manager.create(body.game, body.name, body.options)
    except IllegalAction as refusal:
        return error(refusal, manager)
    return JSONResponse({"code": room.code, "token": token, "seat": room.seat_of.get(place.pid),
                         "room": room.summary(place)}, status_code=201)


async def get_room(request: Request) -> Response:
    manager = _manager(request)
    try:
        room = manager.get(request.path_params["code"])
    except IllegalAction as refusal:
        return error(refusal, manager)
    return JSONResponse(await room.call(room.summary))


async def join_room(request: Request) -> Response:
    manager = _manager(request)
    try:
        room = manager.get(request.path_params["code"])
        body = await _body(request, JoinRoom)
        token, place = await room.call(lobby.join, room, body.name, body.spectator)
    except IllegalAction as refusal:
        return error(refusal, manager)
    return JSONResponse({"code": room.code, "token": token, "seat": room.seat_of.get(place.pid),
                         "room": room.summary(place)})


def _int_param(request: Request, name: str) -> int | None:
    value = request.query_params.get(name)
    if value is None or value == "":
        return None
    try:
        return int(value)
    except ValueError:
        raise IllegalAction(BAD_MESSAGE, f"{name} is a whole number") from None


async def replay(request: Request) -> Response:
    manager = _manager(request)
    try:
        room = manager.get(request.path_params["code"])
        answer = await room.call(build_replay, room, request.query_params.get("token"),
                                 _int_param(request, "game"), _int_param(request, "seat"))
    except IllegalAction as refusal:
        return error(refusal, manager)
    return JSONResponse(answer)


async def healthz(request: Request) -> Response:
    manager = _manager(request)
    return JSONResponse({"ok": True, "rooms": len(manager.rooms),
                         "connections": manager.stats.connections})


async def prometheus(request: Request) -> Response:
    return Response(metrics.render(_manager(request)),
                    media_type="text/plain; version=0.0.4; charset=utf-8")
