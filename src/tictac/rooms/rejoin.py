"""Taking one's place to another device, with no token in any URL.

The device holding a place asks for a rejoin code (one-time, `RoomSettings.rejoin_ttl_s`
long, one live code per place) and shows it as a link and a QR code. The new device exchanges
the code for a new token of the same place; the old token then opens nothing: its connections
are closed with CLOSE_SEAT_MOVED after a `seat_moved` error, and a device coming back with it
later hears `seat_moved` too (not `bad_token`). A place is held by one device: moving it is
also how a player takes it back from whoever copied their key.

The codes live in the room's memory, on the server that owns the room, not in its record: a
code serves once within minutes, so a restart that forgets it costs only asking again (until
a code is used the old device keeps the place), and the database holds no key to a seat. In a
cluster every HTTP call on a room runs on the room's owner, where its codes are.
"""

from __future__ import annotations

import secrets
from typing import Any

from tictac.rooms.errors import BAD_REJOIN, SEAT_MOVED, RoomError
from tictac.rooms.places import Place, token_hash
from tictac.rooms.room import Room
from tictac.rooms.wire import error_message

CLOSE_SEAT_MOVED = 4410  # "gone": this device's token was exchanged on another device


def make_code(room: Room, token: str) -> dict[str, Any]:
    """A new rejoin code for the token's place (its older code, if any, opens nothing now)."""
    place = room.place_of(token)
    codes, now = room.seating.rejoin_codes, room.clock.now_ms()
    for hashed, (pid, expires) in list(codes.items()):
        if pid == place.pid or expires <= now:
            del codes[hashed]
    code = secrets.token_urlsafe(16)
    ttl_s = room.settings.rejoin_ttl_s
    codes[token_hash(code)] = (place.pid, now + ttl_s * 1000)
    return {"rejoin": code, "expires_in_s": ttl_s}


async def exchange(room: Room, code: str) -> tuple[str, Place]:
    """The place of a live rejoin code, under a new token: saved before anyone hears of it,
    then the old token's connections are told and closed (`disconnect` tells the room)."""
    hashed = token_hash(code)
    pid, expires = room.seating.rejoin_codes.get(hashed, (None, 0))
    place = room.seating.places.get(pid) if pid is not None else None
    if place is None or place.token_hash is None or expires <= room.clock.now_ms():
        room.seating.rejoin_codes.pop(hashed, None)
        raise RoomError(BAD_REJOIN, "this rejoin code was used, has expired or never existed")
    token = await room.durably(lambda: _moved(room, place))
    room.seating.rejoin_codes.pop(hashed, None)
    told = error_message(SEAT_MOVED, "your place was opened on another device")
    for conn in [conn for conn, held in room.conns.items() if held == place.pid]:
        conn.send(told)
        room.disconnect(conn)
        conn.close(CLOSE_SEAT_MOVED)
    return token, place


async def _moved(room: Room, place: Place) -> str:
    token = room.seating.move(place)
    await room.save()
    return token
