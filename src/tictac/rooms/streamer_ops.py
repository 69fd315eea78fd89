"""The host's ops on streamer mode (streamer.py): the mode itself, the code shown on the TV
for a while, the word filter."""

from __future__ import annotations

import logging
from typing import Any

from tictac.rooms import streamer
from tictac.rooms.errors import WRONG_STATUS, RoomError
from tictac.rooms.ops import Ops, flag, tell
from tictac.rooms.places import Place
from tictac.rooms.room import Room

log = logging.getLogger(__name__)
OPS = Ops()


@OPS.op("set_streamer")
async def _set_streamer(room: Room, place: Place, fields: dict[str, Any]) -> None:
    on = flag(fields, "on")
    streamer.switch(room.record, on)
    log.info("room %s: streamer mode %s", room.code, "on" if on else "off")


@OPS.op("show_code")
async def _show_code(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    """The code, its link and QR on the TV for `streamer.SHOW_MS` (someone needs to join)."""
    if not room.record.streamer:
        raise RoomError(WRONG_STATUS, "streamer mode is off: the TV shows the code already")
    streamer.show_code(room.record, room.clock.now_ms())
    await room.save()
    tell(room)
    room.code_show.arm()
    return True


@OPS.op("set_word_filter")
async def _set_word_filter(room: Room, place: Place, fields: dict[str, Any]) -> None:
    streamer.filter_words(room.record, flag(fields, "on"))
