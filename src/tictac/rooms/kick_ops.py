"""The host's ops that take a place from someone: a kick, a bot taking over a seat mid-game, a
spectator sent away. A seat that changes hands mid-game is credited (credits.py)."""

from __future__ import annotations

from typing import Any

from tictac.rooms import credits
from tictac.rooms.errors import BAD_SEAT, NO_SPECTATOR, RoomError
from tictac.rooms.ops import Ops, person_in, seat_in, tell
from tictac.rooms.places import Place
from tictac.rooms.room import Room
from tictac.rooms.seat_ops import new_bot, room_bots

OPS = Ops()
KICKED = 4403  # the close code of a kicked spectator's connections


@OPS.op("kick")
async def _kick(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    target = person_in(room, fields, "kick")
    seating = room.seating
    if room.status == "lobby":
        seating.set_seats([pid for pid in seating.seats if pid != target.pid])
    else:
        # The game keeps its seat: an empty place holds it and the gone-player policy plays it.
        _, empty = seating.new_place(f"({target.name})", room.clock.now_ms(), vacant=True)
        credits.note(room.record, len(room.log), seating.seats.index(target.pid), None,
                     _stands_for(room, target))
        _give_seat(room, target, empty)
    await _unseated(room, target)
    return True


@OPS.op("replace", status=("playing",))
async def _replace(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    """A bot takes the seat for the rest of the game (a person's, who then watches, or one
    emptied by a kick)."""
    kinds = room_bots(room)
    target = seat_in(room, fields)
    if target.bot is not None or target.pid == room.seating.host:
        raise RoomError(BAD_SEAT, f"seat {fields['seat']} is a bot's or the host's")
    seat, kind = fields["seat"], next(iter(kinds))
    bot = new_bot(room, kind)
    credits.note(room.record, len(room.log), seat, bot.name, _stands_for(room, target))
    _give_seat(room, target, bot)
    room.seat_bot(seat, kind)
    await _unseated(room, target)
    return True


def _stands_for(room: Room, target: Place) -> str | None:
    """Whom a newcomer to `target`'s seat stands in for: its player, or the player a kick
    emptied it of."""
    seat = room.seating.seats.index(target.pid)
    changes = credits.of_game(room.record.credits, room.record.games - 1)
    return credits.person(room.names, changes, seat, len(room.log))


def _give_seat(room: Room, target: Place, successor: Place) -> None:
    seating = room.seating
    seating.set_seats([successor.pid if pid == target.pid else pid for pid in seating.seats])


async def _unseated(room: Room, target: Place) -> None:
    """Saved and told: the person who lost their seat sees what spectators see."""
    await room.save()
    tell(room)
    for conn, pid in room.conns.items():
        if pid == target.pid:
            room.send_view(conn)


@OPS.op("kick_spectator")
async def _kick_spectator(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    """The spectator's place goes, with its token: their connections are closed."""
    seating = room.seating
    name = str(fields["name"]).casefold()
    target = next((other for other in seating.places.values()
                   if other.name.casefold() == name and other.pid not in seating.seat_of
                   and other.token_hash is not None), None)
    if target is None:
        raise RoomError(NO_SPECTATOR, f"nobody called {fields['name']!r} is watching")
    seating.remove(target.pid)
    room.audience.drop_tv(target.pid)
    await room.save()
    for conn in [conn for conn, pid in room.conns.items() if pid == target.pid]:
        room.drop(conn, KICKED)
    tell(room)
    return True
