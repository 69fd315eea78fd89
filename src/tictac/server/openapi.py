"""OpenAPI description of the HTTP API, built from the same pydantic models, and a plain /docs
page (no script from elsewhere: the server may run on a LAN without internet).

Both are built at their first request and kept: they never change while the server runs, and
building them holds the event loop for about ten milliseconds."""

from __future__ import annotations

import html
import json
from functools import cache
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from tictac.server.models import (
    BanIn,
    CloseRoom,
    CreateRoom,
    DeckHeader,
    ErrorOut,
    GameInfo,
    Health,
    Joined,
    JoinRoom,
    LiftBan,
    Rejoin,
    RejoinCode,
    Replay,
    ReportIn,
    ResolveReport,
)

REF = "#/components/schemas/{model}"
# (method, path, summary, request model, answer model, answer is a list)
ENDPOINTS: list[tuple[str, str, str, type[BaseModel] | None, type[BaseModel] | None, bool]] = [
    ("get", "/api/games", "The games this server has, with options and bot kinds",
     None, GameInfo, True),
    ("post", "/api/rooms", "Create a room; the creator is seated and is host",
     CreateRoom, Joined, False),
    ("get", "/api/rooms/{code}", "A room's summary (no secrets)", None, None, False),
    ("post", "/api/rooms/{code}/join", "Join a room (a seat in the lobby, else a spectator)",
     JoinRoom, Joined, False),
    ("post", "/api/rooms/{code}/rejoin-code", "A one-time code that opens the place of the "
     "Authorization: Bearer token on another device", None, RejoinCode, False),
    ("post", "/api/rooms/{code}/rejoin", "A rejoin code exchanged for its place, under a new "
     "token (the old one opens nothing from now on)", Rejoin, Joined, False),
    ("get", "/api/rooms/{code}/replay", "A game of the room as a seat saw it (spoiler rules in "
     "docs/protocol.md); query: game, seat; the token in Authorization: Bearer", None, Replay,
     False),
    ("post", "/api/decks", "Keep a shared Time's Up deck (its JSON, an exported deck, a pack file, "
     "or a pasted list {language, title, lines}); answers its code (docs/packs.md)", None,
     DeckHeader, False),
    ("post", "/api/rooms/{code}/reports", "Report to the server's admin a name, a chat line, a "
     "written name or the room's deck, as the room showed it to the Authorization: Bearer "
     "token's place", ReportIn, None, False),
    ("get", "/api/decks/{code}", "A shared deck as its JSON file (query: download=1 for an "
     "attachment)", None, None, False),
    ("get", "/api/qr.svg", "A QR code of the query's `text` as SVG (segno)", None, None, False),
    ("post", "/api/qr.svg", "A QR code of the body's `text` as SVG, for a text that must not be "
     "in a URL (a rejoin link)", None, None, False),
    ("get", "/api/share", "The origin other devices of the local network reach this server at "
     "(`origin`: null unless it serves on every interface)", None, None, False),
    ("get", "/healthz", "Liveness, rooms and connections", None, Health, False),
    # The instance admin's (docs/deploy.md, "Moderation"): Authorization: Bearer ADMIN_TOKEN
    ("get", "/api/admin/rooms", "The admin's: this server's rooms (code, game, status, "
     "players, age_s, connections)", None, None, False),
    ("post", "/api/admin/rooms/{code}/close", "The admin's: close a room; its players are "
     "shown the message", CloseRoom, None, False),
    ("get", "/api/admin/bans", "The admin's: the bans that hold now", None, None, False),
    ("post", "/api/admin/bans", "The admin's: ban an address or a network (CIDR) for `hours`",
     BanIn, None, False),
    ("post", "/api/admin/bans/lift", "The admin's: lift a ban", LiftBan, None, False),
    ("post", "/api/admin/decks/{code}/take-down", "The admin's: delete a shared deck", None,
     None, False),
    ("get", "/api/admin/audit", "The admin's: the latest admin actions, newest first", None,
     None, False),
    ("get", "/api/admin/reports", "The admin's: the players' reports waiting, newest first",
     None, None, False),
    ("post", "/api/admin/reports/{id}/resolve", "The admin's: a report leaves the queue with "
     "what was done about it", ResolveReport, None, False),
]


def document() -> dict[str, Any]:
    models: list[type[BaseModel]] = [CreateRoom, JoinRoom, Rejoin, Joined, RejoinCode, GameInfo,
                                     Replay, Health, ErrorOut, DeckHeader, CloseRoom, BanIn,
                                     LiftBan, ReportIn, ResolveReport]
    _, schemas = models_json_schema([(m, "validation") for m in models], ref_template=REF)
    paths: dict[str, Any] = {}
    for method, path, summary, body, answer, is_list in ENDPOINTS:
        ok: dict[str, Any] = {"description": "OK"}
        if answer is not None:
            schema: dict[str, Any] = {"$ref": REF.format(model=answer.__name__)}
            if is_list:
                schema = {"type": "array", "items": schema}
            ok["content"] = {"application/json": {"schema": schema}}
        operation: dict[str, Any] = {"summary": summary, "responses": {
            "200": ok, "default": {"description": "an error answer", "content": {
                "application/json": {"schema": {"$ref": REF.format(model="ErrorOut")}}}}}}
        if body is not None:
            operation["requestBody"] = {"required": True, "content": {"application/json": {
                "schema": {"$ref": REF.format(model=body.__name__)}}}}
        if "{code}" in path:
            operation["parameters"] = [{"name": "code", "in": "path", "required": True,
                                        "schema": {"type": "string"}}]
        paths.setdefault(path, {})[method] = operation
    return {"openapi": "3.1.0",
            "info": {"title": "tictac", "version": "1",
                     "description": "Rooms over HTTP; play over /ws/{code} (docs/protocol.md)."},
            "paths": paths, "components": {"schemas": schemas.get("$defs", {})}}


@cache
def document_json() -> bytes:
    return bytes(JSONResponse(document()).body)


async def openapi_json(request: Request) -> Response:
    return Response(document_json(), media_type="application/json")


async def docs_page(request: Request) -> Response:
    return HTMLResponse(docs_html())


@cache
def docs_html() -> str:
    spec = document()
    rows = []
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            rows.append(f"<h2><code>{method.upper()} {html.escape(path)}</code></h2>"
                        f"<p>{html.escape(operation['summary'])}</p>")
    schemas = html.escape(json.dumps(spec["components"]["schemas"], indent=2))
    body = ("<!doctype html><meta charset=utf-8><title>tictac API</title>"
            "<h1>tictac HTTP API</h1><p>Machine-readable: <a href=/openapi.json>/openapi.json"
            "</a>. The WebSocket protocol: docs/protocol.md.</p>" + "".join(rows)
            + f"<h2>Schemas</h2><pre>{schemas}</pre>")
    return body
