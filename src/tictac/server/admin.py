"""The instance admin (docs/deploy.md, "Moderation"): whoever holds the admin token the
operator set (`--admin-token-file`, or TICTAC_ADMIN_TOKEN) sees the rooms, closes one with a
message to its players, takes a shared deck down, bans an address or a network for a time, and
reads the audit log that every one of these actions writes; and the players' reports wait in
its queue until it acts on one (server/reports.py). `/admin` is the page;
`/api/admin/...` are its calls.

Each call counts toward its address's `admin` limit before anything else (a token cannot be
guessed faster than that), is refused over plain HTTP from another machine (the token would
cross the network in clear; a proxy listed in `--trusted-proxies` that says the request came
by HTTPS is believed), and then needs `Authorization: Bearer TOKEN`. The server keeps only the
token's SHA-256 digest and compares digests in constant time.

Bans and the audit log are kept by the store, so an action taken on one node of a cluster
holds on all; a room is closed on the node that owns it. The rooms list is the cluster's: every
live node is asked for its own rooms through Redis (`Node.everywhere`).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import ipaddress
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response

from tictac.engine import IllegalAction
from tictac.rooms import RoomManager
from tictac.rooms.errors import NO_DECK, NO_REPORT
from tictac.server import http_api
from tictac.server.bans import Bans, network
from tictac.server.errors import ADMIN_NEEDS_TLS, BAD_ADMIN_TOKEN, BAD_MESSAGE, NO_ADMIN
from tictac.server.http_api import limited, on_room
from tictac.server.models import BanIn, CloseRoom, LiftBan, ResolveReport
from tictac.store.base import AuditEntry, Ban, Report

if TYPE_CHECKING:  # the cluster (and Redis's client, long to import) only with --redis
    from tictac.cluster import Node

log = logging.getLogger(__name__)
AUDIT_SHOWN = 200
REPORTS_SHOWN = 200


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _loopback(client: str) -> bool:
    try:
        return ipaddress.ip_address(client).is_loopback
    except ValueError:
        return False


async def _authorised(request: Request) -> str:
    """The caller's address once the call may go on; else the refusal."""
    wanted: str = request.app.state.settings.admin_token_digest
    if not wanted:
        raise IllegalAction(NO_ADMIN, "this server has no admin (--admin-token-file)")
    await limited(request, "admin")
    client = request.client.host if request.client else ""
    if request.url.scheme != "https" and not _loopback(client):
        raise IllegalAction(ADMIN_NEEDS_TLS, "the admin's calls come by HTTPS from another "
                            "machine (the token would cross the network in clear)")
    given = http_api.bearer(request) or ""
    if not hmac.compare_digest(digest(given), wanted):
        raise IllegalAction(BAD_ADMIN_TOKEN, "send Authorization: Bearer ADMIN_TOKEN")
    return client


async def _changing(request: Request) -> str:
    """A call that changes something: JSON from this server's page, then authorised."""
    http_api.json_from_here(request)
    return await _authorised(request)


def _now_ms(request: Request) -> int:
    now: int = request.app.state.manager.clock.now_ms()
    return now


async def _audit(request: Request, client: str, action: str, target: str,
                 detail: str = "") -> None:
    await request.app.state.manager.store.save_audit(
        AuditEntry(_now_ms(request), action, target, detail, client))


async def rooms_here(manager: RoomManager, node: Node | None) -> list[dict[str, Any]]:
    """This node's open rooms as the admin's list shows them (on a cluster, with the node's
    id and how many of a room's connections are relayed from other nodes)."""
    now = manager.clock.now_ms()
    return [{"code": room.code, "game": room.game_name, "status": room.status,
             "players": [place.name for place in room.seating.seated()],
             "age_s": (now - room.record.created_ms) // 1000,
             "connections": len(room.conns),
             "relayed": 0 if node is None else node.relayed(room),
             "node": "" if node is None else node.id}
            for room in list(manager.rooms.values()) if not room.closed]


Handler = Callable[[Request, str], Awaitable[Response]]


def _admin(changing: bool) -> Callable[[Handler], Callable[[Request], Awaitable[Response]]]:
    """An admin call: authorised first (a change, also JSON from this server's page), then the
    handler, given the caller's address (a refusal anywhere, or a store that failed, is
    answered with its code by the app's handler, `http_api.refused`)."""
    def wrap(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
        @functools.wraps(handler)
        async def guarded(request: Request) -> Response:
            client = await (_changing(request) if changing else _authorised(request))
            return await handler(request, client)
        return guarded
    return wrap


@_admin(changing=False)
async def rooms(request: Request, client: str) -> Response:
    """Every node's rooms, by code; on a cluster, `X-Tictac-Unanswered-Nodes` says how many
    live nodes did not answer (their rooms are missing from the list)."""
    node: Node | None = request.app.state.node
    if node is None:
        return JSONResponse(await rooms_here(request.app.state.manager, None))
    answers, unanswered = await node.everywhere("rooms")
    found = sorted((row for rows in answers for row in rows), key=lambda row: row["code"])
    if unanswered:
        log.warning("admin rooms list: %d nodes did not answer", unanswered)
    return JSONResponse(found, headers={"X-Tictac-Unanswered-Nodes": str(unanswered)})


@_admin(changing=True)
async def close_room(request: Request, client: str) -> Response:
    body = await http_api.read_model(request, CloseRoom)
    code = request.path_params["code"]
    await on_room(request, await http_api.room_of(request), "close", message=body.message)
    await _audit(request, client, "close_room", code, body.message)
    return JSONResponse({"closed": code})


def _ban_json(ban: Ban) -> dict[str, Any]:
    return {"network": ban.network, "until_ms": ban.until_ms, "reason": ban.reason,
            "made_ms": ban.made_ms}


def _network(text: str) -> str:
    try:
        return str(network(text))
    except ValueError:
        raise IllegalAction(BAD_MESSAGE, f"{text!r} is not an address or a CIDR") from None


@_admin(changing=False)
async def bans(request: Request, client: str) -> Response:
    manager = request.app.state.manager
    return JSONResponse([_ban_json(ban) for ban in await manager.store.load_bans(
        _now_ms(request))])


@_admin(changing=True)
async def ban(request: Request, client: str) -> Response:
    manager = request.app.state.manager
    body = await http_api.read_model(request, BanIn)
    net = _network(body.network)
    now = _now_ms(request)
    made = Ban(net, now + int(body.hours * 3_600_000), body.reason, now)
    await manager.store.save_ban(made)
    _bans(request).stale()
    await _audit(request, client, "ban", net, f"{body.hours:g} h {body.reason}".strip())
    return JSONResponse(_ban_json(made), status_code=201)


@_admin(changing=True)
async def lift_ban(request: Request, client: str) -> Response:
    net = _network((await http_api.read_model(request, LiftBan)).network)
    await request.app.state.manager.store.lift_ban(net)
    _bans(request).stale()
    await _audit(request, client, "lift_ban", net)
    return JSONResponse({"lifted": net})


@_admin(changing=True)
async def take_down_deck(request: Request, client: str) -> Response:
    """A shared deck deleted: its code opens nothing from now on (a room that loaded it
    already keeps its copy)."""
    store = request.app.state.manager.store
    code = request.path_params["code"]
    found = await store.load_deck(code)
    if found is None:
        raise IllegalAction(NO_DECK, f"no shared deck {code}")
    await store.drop_deck(code)
    await _audit(request, client, "take_down_deck", code, found.title)
    return JSONResponse({"taken_down": code})


@_admin(changing=False)
async def audit(request: Request, client: str) -> Response:
    manager = request.app.state.manager
    return JSONResponse([{"at_ms": entry.at_ms, "action": entry.action, "target": entry.target,
                          "detail": entry.detail, "address": entry.address}
                         for entry in await manager.store.load_audit(AUDIT_SHOWN)])


def _report_json(report: Report) -> dict[str, Any]:
    return {"id": report.id, "at_ms": report.at_ms, "room": report.room, "what": report.what,
            "text": report.text, "context": report.context, "reporter": report.reporter}


@_admin(changing=False)
async def reports(request: Request, client: str) -> Response:
    """The queue: the reports not acted on yet, newest first."""
    store = request.app.state.manager.store
    return JSONResponse([_report_json(report)
                         for report in await store.load_reports(REPORTS_SHOWN)])


@_admin(changing=True)
async def resolve_report(request: Request, client: str) -> Response:
    """A report leaves the queue with what the admin did about it (the page makes the action
    itself, a room closed or a ban, by its own call first)."""
    store = request.app.state.manager.store
    report_id = request.path_params["id"]
    outcome = (await http_api.read_model(request, ResolveReport)).outcome
    found = await store.load_report(report_id)
    if found is None or found.outcome:
        raise IllegalAction(NO_REPORT, f"no report {report_id} waits in the queue")
    await store.resolve_report(report_id, outcome)
    await _audit(request, client, "resolve_report", f"{found.room} {found.what}",
                 f"{outcome}: {found.text}"[:400])
    return JSONResponse({"resolved": report_id, "outcome": outcome})


def _bans(request: Request) -> Bans:
    held: Bans = request.app.state.bans
    return held


async def page(request: Request) -> Response:
    """`/admin`: the page (it asks for the token itself; the calls carry it)."""
    found: Path = request.app.state.settings.static_dir / "admin.html"
    if not found.is_file():
        return PlainTextResponse("not found", status_code=404)
    return FileResponse(found, headers={"Cache-Control": "no-cache"})

