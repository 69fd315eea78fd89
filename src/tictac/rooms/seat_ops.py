"""The lobby ops on who sits where: bots added, seats left and taken, the host handed over, and
what a person sets for themselves (their name, their accommodations, their seat's extra time)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from tictac.bots import BotFactory, room_bot_kinds
from tictac.engine.errors import BAD_OPTION
from tictac.rooms import wordfilter
from tictac.rooms.errors import BAD_SEAT, NO_BOT, NO_BOTS, ROOM_FULL, WRONG_STATUS, RoomError
from tictac.rooms.names import clean_name
from tictac.rooms.ops import Ops, person_in, seat_in
from tictac.rooms.places import MOST_EXTRA_S, Place
from tictac.rooms.prefs import Prefs
from tictac.rooms.room import Room

OPS = Ops()


@OPS.op("add_bot", status=("lobby",))
async def _add_bot(room: Room, place: Place, fields: dict[str, Any]) -> None:
    kinds = room_bots(room)
    kind = fields.get("kind") or next(iter(kinds))
    if kind not in kinds:
        raise RoomError(NO_BOT, f"no bot {kind!r}; known: {', '.join(kinds)}")
    seating = room.seating
    if len(seating.seats) >= room.game.MAX_PLAYERS:
        raise RoomError(ROOM_FULL, f"{room.game.TITLE} seats at most {room.game.MAX_PLAYERS}")
    bot = new_bot(room, kind)
    seating.set_seats([*seating.seats, bot.pid])


def room_bots(room: Room) -> dict[str, BotFactory]:
    """The bots the room may seat; refused for a game that seats none (see docs/rulings.md)."""
    kinds = room_bot_kinds(room.game_name)
    if not kinds:
        raise RoomError(NO_BOTS, f"{room.game.TITLE} has no bots: a bot can neither give clues "
                                 "nor hear them")
    return kinds


def new_bot(room: Room, kind: str) -> Place:
    """A bot's place, named "Bot N" with the first N no one holds."""
    taken = {name.casefold() for name in room.seating.names()}
    number = 1
    while f"bot {number}" in taken:
        number += 1
    _, bot = room.seating.new_place(f"Bot {number}", room.clock.now_ms(), bot=kind)
    return bot


@OPS.op("remove_seat", status=("lobby",))
async def _remove_seat(room: Room, place: Place, fields: dict[str, Any]) -> None:
    target = seat_in(room, fields)
    seating = room.seating
    if target.pid == seating.host:
        raise RoomError(BAD_SEAT, "the host cannot leave their seat; transfer host first")
    seating.set_seats([pid for pid in seating.seats if pid != target.pid])
    if target.bot is not None:
        seating.remove(target.pid)


@OPS.op("sit", host=False, status=("lobby",))
async def _sit(room: Room, place: Place, fields: dict[str, Any]) -> None:
    """A spectator takes a free seat of the lobby: one who joined late, or one a smaller game
    left watching."""
    seating = room.seating
    if place.pid in seating.seat_of:
        raise RoomError(WRONG_STATUS, "you have a seat already")
    if place.pid in room.record.tvs:
        raise RoomError(WRONG_STATUS, "a TV screen shows the game and takes no seat")
    if len(seating.seats) >= room.game.MAX_PLAYERS:
        raise RoomError(ROOM_FULL, f"{room.game.TITLE} seats at most {room.game.MAX_PLAYERS}")
    seating.set_seats([*seating.seats, place.pid])


@OPS.op("transfer_host")
async def _transfer_host(room: Room, place: Place, fields: dict[str, Any]) -> None:
    room.seating.host = person_in(room, fields, "make host").pid


@OPS.op("set_extra_time", status=("lobby",))
async def _set_extra_time(room: Room, place: Place, fields: dict[str, Any]) -> None:
    extra = fields["extra_s"]
    if type(extra) is not int or not 0 <= extra <= MOST_EXTRA_S or extra % 5:
        raise RoomError(BAD_OPTION, f"extra_s is a multiple of 5 from 0 to {MOST_EXTRA_S}")
    seat_in(room, fields).extra_s = extra


@OPS.op("rename", host=False, status=("lobby",))
async def _rename(room: Room, place: Place, fields: dict[str, Any]) -> None:
    others = [name for name in room.seating.names() if name != place.name]
    name = clean_name(fields["name"], others)
    wordfilter.check(room.record.word_filter, name, "name")
    place.name = name


@OPS.op("set_prefs", host=False)
async def _set_prefs(room: Room, place: Place, fields: dict[str, Any]) -> None:
    try:
        place.prefs = Prefs.model_validate(fields["prefs"])
    except ValidationError as problem:
        raise RoomError(BAD_OPTION, f"prefs: {problem.errors()[0]['msg']}") from None
