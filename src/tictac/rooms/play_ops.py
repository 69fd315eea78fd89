"""The host's hand in a game being played: a seat's move skipped, the writing closed, the game
paused and resumed."""

from __future__ import annotations

import logging
from typing import Any

from tictac.engine import Action
from tictac.engine.extras import extras
from tictac.rooms import credits, gameclock
from tictac.rooms.errors import NO_MOVE, PAUSED, WRONG_STATUS, RoomError
from tictac.rooms.ops import Ops, seat_in, tell
from tictac.rooms.places import Place
from tictac.rooms.room import Room

log = logging.getLogger(__name__)
OPS = Ops()


@OPS.op("skip", status=("playing",))
async def _skip(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    """The game's automatic move for a seat it waits for, logged as that seat's move and
    credited to the host (credits.py)."""
    seat_in(room, fields)
    seat: int = fields["seat"]
    if room.paused:
        raise RoomError(PAUSED, "resume the game first")
    move = None
    if seat in room.game.to_act(room.state):
        move = _skipping(room, seat)
    if move is None:
        raise RoomError(NO_MOVE, f"the game waits for no move of seat {seat} it could make")
    index = len(room.log)
    changes = credits.of_game(room.record.credits, room.record.games - 1)
    before = credits.mover(room.names, changes, seat, index)
    await room.apply(seat, move)
    # Credited once the move is kept; a record the store refuses leaves the move the seat's
    # own (the move is made: the host is not asked to skip again).
    credits.note_skip(room.record, index, seat, place.name, before)
    try:
        await room.save()
    except RoomError:
        credits.take_back_skip(room.record)
        return True
    tell(room)
    return True


def _skipping(room: Room, seat: int) -> Action | None:
    """The move a host's skip makes: the game's own for a gone seat where it has one (Time's
    Up: a skipped cluegiver's turn passes to a teammate who is here), else its automatic one."""
    autopilot = room.autopilot
    if extras(room.game).absent_action is not None:
        return autopilot.absent_choice(seat, autopilot.present() - {seat})
    move = autopilot.auto_move(seat, room.game_now())
    return None if move is None else move.action


@OPS.op("close_writing", status=("playing",))
async def _close_writing(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    """Time's Up: the host deals the deck from the names written so far, without waiting for
    the players who have not written theirs (their names are never made up)."""
    if "close_writing" not in extras(room.game).room_actions:
        raise RoomError(NO_MOVE, f"{room.game.TITLE} has no writing to close")
    if room.paused:
        raise RoomError(PAUSED, "resume the game first")
    await room.apply(room.seating.seat_of[place.pid], {"type": "close_writing"})
    return True


@OPS.op("pause", status=("playing",))
async def _pause(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    if room.paused:
        raise RoomError(PAUSED, "the game is paused already")
    gameclock.pause(room.record, room.clock.now_ms(), place.name)
    await _clock_changed(room)
    return True


@OPS.op("resume", status=("playing",))
async def _resume(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    if not room.paused:
        raise RoomError(WRONG_STATUS, "the game is not paused")
    gameclock.resume(room.record, room.clock.now_ms())
    await _clock_changed(room)
    return True


async def _clock_changed(room: Room) -> None:
    """A pause or a resume is saved, then everyone hears of it with the game clock's time."""
    await room.save()
    log.info("room %s: the game is %s", room.code, "paused" if room.paused else "resumed")
    tell(room)
    room.broadcast_views([])
