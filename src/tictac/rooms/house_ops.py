"""The host's ops on the house rules (house.py checks and keeps them): the game's options and
teams, the gone-player policy, the turn timer, the bots' pause, public replays."""

from __future__ import annotations

import logging
from typing import Any

from tictac.engine.errors import BAD_OPTION
from tictac.rooms import decks, house
from tictac.rooms.errors import RoomError
from tictac.rooms.ops import Ops, flag
from tictac.rooms.places import Place
from tictac.rooms.room import Room

log = logging.getLogger(__name__)
OPS = Ops()


@OPS.op("set_options", status=("lobby",))
async def _set_options(room: Room, place: Place, fields: dict[str, Any]) -> None:
    decks.check_hosts(fields["options"])
    house.set_options(room.record, room.game.OPTIONS, fields["options"])


@OPS.op("set_teams", status=("lobby",))
async def _set_teams(room: Room, place: Place, fields: dict[str, Any]) -> None:
    if not any(option.name == "teams" for option in room.game.OPTIONS):
        raise RoomError(BAD_OPTION, f"{room.game.TITLE} has no teams to set")
    house.set_options(room.record, room.game.OPTIONS,
                      {**room.record.options, "teams": fields["teams"]})


@OPS.op("set_policy")
async def _set_policy(room: Room, place: Place, fields: dict[str, Any]) -> None:
    house.set_policy(room.record, fields["policy"], fields.get("after_s"))


@OPS.op("set_timer", status=("lobby",))
async def _set_timer(room: Room, place: Place, fields: dict[str, Any]) -> None:
    house.set_timer(room.record, fields["turn_s"])


@OPS.op("set_bot_pause")
async def _set_bot_pause(room: Room, place: Place, fields: dict[str, Any]) -> None:
    house.set_bot_pause(room.record, fields["ms"])


@OPS.op("set_replays")
async def _set_replays(room: Room, place: Place, fields: dict[str, Any]) -> None:
    public = flag(fields, "public")
    house.set_replays(room.record, public)
    log.info("room %s: the host made replays %s", room.code, "public" if public else "private")
