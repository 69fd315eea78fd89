"""What every lobby op shares: the checks it gets before it runs and the readers of its fields.

A lobby op is what a room's people ask of it besides playing (most are the host's), by name.
Each runs inside the room's task (see `Room.call`/`Room.post`), checks everything first and
raises a `RoomError` with nothing changed, then changes the room, saves its record and only
then tells every connection. A store that refuses the record undoes the change: the caller
gets `store_failed` and the room is as it was, in memory as in the store.

The ops live by concern, each module's in its own `Ops` (seat_ops.py, kick_ops.py,
game_ops.py, play_ops.py, house_ops.py, streamer_ops.py, deck_ops.py); lobby.py gathers them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from tictac.engine.errors import BAD_OPTION
from tictac.rooms.errors import BAD_SEAT, NOT_HOST, WRONG_STATUS, RoomError
from tictac.rooms.places import Place
from tictac.rooms.room import Room

# An op: it changes the room and returns True if it saved (and told everyone) itself.
Op = Callable[[Room, Place, dict[str, Any]], Awaitable[bool | None]]


class Ops(dict[str, Op]):
    """A module's ops by name, each registered by `op`."""

    def op(self, name: str, *, host: bool = True,
           status: tuple[str, ...] = ()) -> Callable[[Op], Op]:
        """Registers an op under `name`, for the host alone unless `host` is False and for a
        room in one of `status` if given; it runs durably and, unless it told everyone
        itself, everyone hears of it once saved."""
        def register(function: Op) -> Op:
            async def checked(room: Room, place: Place, fields: dict[str, Any]) -> None:
                if host and place.pid != room.seating.host:
                    raise RoomError(NOT_HOST, f"only the host may {name.replace('_', ' ')}")
                if status and room.status not in status:
                    raise RoomError(WRONG_STATUS,
                                    f"{name!r} is for a room in {' or '.join(status)}")
                if not await room.durably(lambda: _saved(function, room, place, fields)):
                    tell(room)

            self[name] = checked
            return checked

        return register


def tell(room: Room) -> None:
    """Everyone hears of a saved change; the timers follow it."""
    room.broadcast_room()
    room.autopilot.schedule()


async def _saved(function: Op, room: Room, place: Place, fields: dict[str, Any]) -> bool:
    if await function(room, place, fields):
        return True  # the op saved (and told everyone) itself
    await room.save()
    return False


def seat_in(room: Room, fields: dict[str, Any]) -> Place:
    """The place at the op's `seat`."""
    seat: int = fields["seat"]
    if not 0 <= seat < len(room.seating.seats):
        raise RoomError(BAD_SEAT, f"there is no seat {seat}")
    return room.seating.seated()[seat]


def person_in(room: Room, fields: dict[str, Any], doing: str) -> Place:
    """The person at the op's `seat`, whom the host may be `doing` something to."""
    place = seat_in(room, fields)
    if not place.person:
        raise RoomError(BAD_SEAT, f"seat {fields['seat']} holds no person to {doing}")
    if place.pid == room.seating.host and doing != "make host":
        raise RoomError(BAD_SEAT, f"the host cannot {doing} themselves; transfer host first")
    return place


def flag(fields: dict[str, Any], name: str) -> bool:
    value = fields[name]
    if not isinstance(value, bool):
        raise RoomError(BAD_OPTION, f"{name} is true or false")
    return value
