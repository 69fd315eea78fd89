"""`POST /api/rooms/CODE/reports`: a player reports a name, a chat line, a written name or the
room's shared deck to the instance admin (docs/deploy.md, "Moderation").

The caller holds a place in the room (`Authorization: Bearer TOKEN`); the room checks that it
showed them what they report and gives the text as it was shown (rooms/reports.py). Reports
count toward their address's `report` limit and their room's `room_report` limit, on every node
of a cluster, and are kept by the store, where the admin's queue (server/admin.py) reads them.
Nothing is kept of the reporter but a digest of their place.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from tictac.engine import IllegalAction
from tictac.rooms.errors import BAD_TOKEN
from tictac.server import http_api
from tictac.server.models import ReportIn
from tictac.store.base import Report


async def report(request: Request) -> Response:
    manager = request.app.state.manager
    code = request.path_params["code"]
    await http_api.admit(request, "report")
    token = http_api.bearer(request)
    if token is None:
        raise IllegalAction(BAD_TOKEN, "send Authorization: Bearer TOKEN (your place's)")
    body = await http_api.read_model(request, ReportIn)
    where = await http_api.room_of(request)
    await http_api.limited(request, "room_report", code)
    found = await http_api.on_room(request, where, "report", token=token, what=body.what,
                                   text=body.text)
    await manager.store.save_report(Report(manager.clock.now_ms(), code, body.what,
                                           **found))
    return JSONResponse({"reported": body.what}, status_code=201)
