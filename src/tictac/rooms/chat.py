"""The room's chat: a line to everyone, if every character of it shows."""

from __future__ import annotations

from tictac.rooms import wordfilter
from tictac.rooms.conn import Conn
from tictac.rooms.errors import BAD_CHAT, RoomError
from tictac.rooms.room import Room
from tictac.rooms.visible import blank, unseen
from tictac.rooms.wire import dumps


def say(room: Room, conn: Conn, text: str) -> None:
    """The line to everyone, if every character of it shows (the rule names follow too)."""
    hidden = unseen(text)
    if hidden is not None:
        raise RoomError(BAD_CHAT, f"a chat line cannot hold {hidden}")
    if blank(text):
        raise RoomError(BAD_CHAT, "a chat line needs something to read")
    wordfilter.check(room.record.word_filter, text, "chat line")
    place = room.seating.places[room.conns[conn]]
    message = dumps({"type": "chat", "seat": room.seating.seat_of.get(place.pid),
                     "name": place.name, "text": text, "server_time": room.clock.now_ms()})
    room.said.append((place.name, text))
    for other in room.conns:
        other.send(message)
