"""The host's ops between games: the next game chosen, a game dealt, the finished one put
away, the evening ended."""

from __future__ import annotations

import logging
from typing import Any

from tictac.bots import room_bot_kinds
from tictac.engine import GAMES
from tictac.engine.errors import BAD_OPTION
from tictac.rooms import decks, evening, house
from tictac.rooms.deck_ops import dealt_deck
from tictac.rooms.errors import UNKNOWN_GAME, WRONG_STATUS, RoomError
from tictac.rooms.ops import Ops, tell
from tictac.rooms.places import Place
from tictac.rooms.room import Room
from tictac.rooms.wire import dumps

log = logging.getLogger(__name__)
OPS = Ops()


@OPS.op("start", status=("lobby",))
async def _start(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    await room.start_game({**await dealt_deck(room), **_dealt_extra_time(room)})
    return True


def _dealt_extra_time(room: Room) -> dict[str, Any]:
    """The seats' extra time as the game's `extra_seconds` option, in a game whose own clock
    takes it (Time's Up's turns: docs/rulings.md, "Extra time for a seat"); the room's turn
    timer gives it in every game (autopilot.py)."""
    extra = [place.extra_s for place in room.seating.seated()]
    takes_it = any(option.name == "extra_seconds" for option in room.game.OPTIONS)
    return {"extra_seconds": extra} if any(extra) and takes_it else {}


@OPS.op("choose_game", status=("lobby",))
async def _choose_game(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    """The room's next game, any the server has, with its options. The
    seats are kept in order up to the new game's most; the people seated beyond it watch from
    then on (each is told so) and bots beyond it leave. A bot stays a bot of the new game's
    kind of the same name, or its first, and leaves a game that seats none."""
    name, options = fields["game"], fields.get("options") or {}
    if not isinstance(name, str) or name not in GAMES:
        raise RoomError(UNKNOWN_GAME, f"no game {str(name)[:64]!r}; known: {', '.join(GAMES)}")
    if not isinstance(options, dict):
        raise RoomError(BAD_OPTION, "options are an object of option names and values")
    seating = room.seating
    room.choose_game(name)
    decks.check_hosts(options)
    house.set_options(room.record, room.game.OPTIONS, options)
    kinds = room_bot_kinds(name)
    staying = [seated for seated in seating.seated() if seated.bot is None or kinds]
    most = room.game.MAX_PLAYERS
    host = next((seated for seated in staying if seated.pid == seating.host), None)
    if host is not None and staying.index(host) >= most:  # the host keeps a seat
        staying.remove(host)
        staying.insert(most - 1, host)
    unseated = staying[most:]
    for seated in seating.seated():
        if seated.bot is not None and (seated not in staying[:most]):
            seating.remove(seated.pid)
        elif seated.bot is not None and seated.bot not in kinds:
            seated.bot = next(iter(kinds))
    seating.set_seats([seated.pid for seated in staying[:most]])
    await room.save()
    tell(room)
    _tell_unseated(room, [other for other in unseated if other.bot is None])
    log.info("room %s: the host chose %s", room.code, name)
    return True


def _tell_unseated(room: Room, unseated: list[Place]) -> None:
    """Each person `choose_game` left without a seat hears why, on each of their phones."""
    pids = {place.pid for place in unseated}
    notice = dumps({"type": "notice", "code": "unseated",
                    "message": f"{room.game.TITLE} seats at most {room.game.MAX_PLAYERS}: "
                               "you watch this game"})
    for conn, pid in room.conns.items():
        if pid in pids:
            conn.send(notice)


@OPS.op("end_evening", status=("lobby", "finished"))
async def _end_evening(room: Room, place: Place, fields: dict[str, Any]) -> None:
    """The TV shows the night's podium; the next game dealt opens a new evening."""
    if not room.record.evening:
        raise RoomError(WRONG_STATUS, "no game of this evening has finished yet")
    evening.end(room.record)


@OPS.op("play_again", status=("finished",))
async def _play_again(room: Room, place: Place, fields: dict[str, Any]) -> None:
    room.seating.set_seats([place.pid for place in room.seating.seated()
                            if place.bot is not None or place.token_hash])
    room.back_to_lobby()
