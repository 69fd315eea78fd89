"""A newcomer's place in a room: a seat while the lobby has one, else a spectator's chair; and
what a place's new device is told. Saved before anyone hears of it (`Room.durably`)."""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from tictac.rooms import wordfilter
from tictac.rooms.names import clean_name
from tictac.rooms.places import Place
from tictac.rooms.room import Room


class Joined(NamedTuple):
    token: str
    place: Place
    answer: str  # what the joiner is told over HTTP, as JSON text


async def join(room: Room, name: str, spectator: bool, tv: bool = False) -> Joined:
    return await room.durably(lambda: _join(room, name, spectator or tv, tv))


async def _join(room: Room, name: str, spectator: bool, tv: bool) -> Joined:
    """A new place for `name`: a seat while the lobby has one, else a spectator's chair (a TV
    screen's, or one of the audience's: see audience.py)."""
    seating = room.seating
    seated = (not spectator and room.status == "lobby"
              and len(seating.seats) < room.game.MAX_PLAYERS)
    room.audience.check_join(seated=seated, tv=tv)
    name = clean_name(name, seating.names())
    wordfilter.check(room.record.word_filter, name, "name")
    token, place = seating.new_place(name, room.clock.now_ms())
    assert token is not None
    if seated:
        seating.set_seats([*seating.seats, place.pid])
    if tv:
        room.audience.add_tv(place.pid)
    if seating.host is None and place.pid in seating.seat_of:
        seating.host = place.pid
    answer = _answer(room, token, place)
    await room.save()
    if room.audience.member(place):
        # counted within a second however many come, as when they come over a socket
        room.audience.tally_soon(arrivals=True)
    else:
        room.broadcast_room()
    return Joined(token, place, answer)


def joined(room: Room, token: str, place: Place) -> dict[str, Any]:
    """What a place's new device is told (a join, a rejoin code exchanged): the room's code, the
    place's token and seat, and the room as the place sees it."""
    return {"code": room.code, "token": token, "seat": room.seat_of.get(place.pid),
            "room": room.summary(place)}


def _answer(room: Room, token: str, place: Place) -> str:
    """The joiner's answer, encoded strictly (no NaN or infinity, ASCII) before the place is
    saved: a room that could not be answered about takes nobody in, rather than keep a seat
    whose token nobody got."""
    return json.dumps(joined(room, token, place), allow_nan=False, separators=(",", ":"))
