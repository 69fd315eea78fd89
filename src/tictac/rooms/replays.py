"""Replays with spoiler control: while a game is on, only a token's own views and no actions;
once it is over, any seat's views and every action, for anyone."""

from __future__ import annotations

from typing import Any

from tictac.engine import LoggedAction, SetupArgs
from tictac.rooms.errors import BAD_SEAT, BAD_TOKEN, WRONG_STATUS, RoomError
from tictac.rooms.places import Place
from tictac.rooms.record import setup_from_json
from tictac.rooms.room import Room


async def replay(room: Room, token: str | None, index: int | None,
                 seat: int | None) -> dict[str, Any]:
    place: Place | None = room.place_of(token) if token else None
    index = room.games - 1 if index is None else index
    if not 0 <= index < room.games:
        raise RoomError(WRONG_STATUS, f"this room has no game {index} (it played {room.games})")
    current = index == room.games - 1 and room.state is not None
    if current:
        assert room.setup is not None
        setup, started_ms, log = room.setup, room.started_ms, list(room.log)
        names = [place.name for place in room.seating.seated()]
    else:
        stored = await room.store.load_game(room.code, index)
        assert stored is not None
        names = stored.setup.get("names", [])
        setup, started_ms, log = setup_from_json(stored.setup), stored.started_ms, stored.log
    finished = not (current and room.status == "playing")
    if finished:
        if seat is None and place is not None and current:
            seat = room.seating.seat_of.get(place.pid)
        if seat is not None and not 0 <= seat < setup.players:
            raise RoomError(BAD_SEAT, f"the game had seats 0 to {setup.players - 1}")
    else:
        if place is None:
            raise RoomError(BAD_TOKEN, "a game in play is replayed only with a token, as seen")
        seat = room.seating.seat_of.get(place.pid)
    return {
        "code": room.code, "game": room.game_name, "index": index,
        "players": names,
        "options": dict(setup.options), "finished": finished,
        "steps": _steps(room, setup, started_ms, log, seat, finished),
    }


def _steps(room: Room, setup: SetupArgs, started_ms: int, log: list[LoggedAction],
           seat: int | None, with_actions: bool) -> list[dict[str, Any]]:
    game = room.game
    state = game.setup(setup.players, setup.options, setup.seed, setup.stacked)
    steps = [{"version": 0, "now_ms": started_ms, "seat": None, "action": None,
              "view": game.view(state, seat)}]
    for version, entry in enumerate(log, start=1):
        state, _ = game.apply(state, entry.seat, entry.action, entry.now_ms)
        steps.append({"version": version, "now_ms": entry.now_ms,
                      "seat": entry.seat if with_actions else None,
                      "action": entry.action if with_actions else None,
                      "view": game.view(state, seat)})
    return steps
