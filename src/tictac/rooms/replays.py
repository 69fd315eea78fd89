"""Replays with spoiler control: while a game is on, only a token's own views and no actions;
once it is over, any seat's views and every action, for anyone holding a place in the room
(for anyone at all if the host made replays public).

A replay replays the whole game, which takes long for a long game (a 1,500-action game took
about 0.1 s): it is computed and encoded to JSON on a worker thread, so the event loop and every
other room go on meanwhile (with `fetch`, the replay's own room too), and its text is kept, since
the answer for one game, seat and version never changes (on the process's shelf, see
shelf.py). Each requester (a place, or a client address) may ask for a few a minute.
"""

from __future__ import annotations

import asyncio
import gc
import threading
from dataclasses import dataclass
from typing import Any

from tictac.engine import Game, LoggedAction, SetupArgs, get_game, get_info
from tictac.rooms import credits
from tictac.rooms.errors import BAD_SEAT, BAD_TOKEN, RATE_LIMITED, WRONG_STATUS, RoomError
from tictac.rooms.places import Place
from tictac.rooms.record import game_of, setup_from_json
from tictac.rooms.room import Room
from tictac.rooms.shelf import Key, Replay
from tictac.rooms.wire import dumps


@dataclass
class Source:
    game: str  # the game's name: a room may have played others since
    setup: SetupArgs
    started_ms: int
    log: list[LoggedAction]
    names: list[str]  # the seats' names when the game began
    changes: list[list[Any]]  # the seats that changed hands since (credits.of_game)


@dataclass
class Ask:
    """A request the room has checked: what to replay, as whom, and where it is kept."""

    index: int
    seat: int | None
    finished: bool
    key: Key
    source: Source | None  # None: a past game, read from the store
    cached: Replay | None


async def fetch(room: Room, token: str | None, index: int | None, seat: int | None,
                client: str | None = None) -> Replay:
    """A replay, from outside the room's task: the room checks the request (a quick job), and
    the game is read and replayed without holding the room up."""
    ask = await room.call(_ask, room, token, index, seat, client)
    return await _answer(room, ask)


def _ask(room: Room, token: str | None, index: int | None, seat: int | None,
         client: str | None) -> Ask:
    """In the room's task. `client` (an address) tells apart requesters without a token."""
    record = room.record
    place: Place | None = room.place_of(token) if token else None
    index = record.games - 1 if index is None else index
    if not 0 <= index < record.games:
        raise RoomError(WRONG_STATUS, f"this room has no game {index} (it played {record.games})")
    current = index == record.games - 1 and room.state is not None
    finished = not (current and record.status == "playing")
    if finished:
        if place is None and not record.public_replays:
            raise RoomError(BAD_TOKEN, "a finished game is replayed with a token of this room "
                                       "unless the host made replays public")
        if seat is None and place is not None and current:
            seat = room.seat_of.get(place.pid)
    else:
        if place is None:
            raise RoomError(BAD_TOKEN, "a game in play is replayed only with a token, as seen")
        seat = room.seat_of.get(place.pid)
    requester = ("place", place.pid) if place is not None else ("client", client)
    if not room.replays.allow(requester, room.clock.now_ms()):
        raise RoomError(RATE_LIMITED, f"at most {room.replays.per_min} replays a minute")
    source = None
    if current:
        assert room.setup is not None
        source = Source(room.game_name, room.setup, room.started_ms, list(room.log),
                        list(room.names), credits.of_game(record.credits, index))
        _check_seat(source, seat)
    key = (index, seat, finished, -1 if source is None else len(source.log))
    return Ask(index, seat, finished, key, source, room.replays.get(key))


async def _answer(room: Room, ask: Ask) -> Replay:
    if ask.cached is not None:
        return ask.cached
    source = ask.source
    if source is None:  # a past game: it never changes
        stored = await room.store.load_game(room.code, ask.index)
        assert stored is not None
        source = Source(game_of(stored.setup, room.record, room.game_name),
                        setup_from_json(stored.setup), stored.started_ms, stored.log,
                        stored.setup.get("names", []),
                        credits.of_game(room.record.credits, ask.index))
        _check_seat(source, ask.seat)
    head = {"code": room.code, "game": source.game, "index": ask.index,
            "players": source.names,
            "options": get_info(source.game).shown_options(source.setup.options),
            "finished": ask.finished}
    answer = await asyncio.to_thread(built_off_the_loop, get_game(source.game), source, ask.seat,
                                     ask.finished, head)
    room.replays.put(ask.key, answer)
    return answer


def _check_seat(source: Source, seat: int | None) -> None:
    if seat is not None and not 0 <= seat < source.setup.players:
        raise RoomError(BAD_SEAT, f"the game had seats 0 to {source.setup.players - 1}")


class _CollectorPause:
    """The garbage collector held off while replays are built. A replay allocates thousands of
    containers, and the full collections they set off, each a pass over the whole heap while
    holding the interpreter lock, were nine tenths of a replay's time (0.2 s of 0.22 s for a
    1,500-action game, see bench/replay_stall.py) and stalled the event loop even from a worker
    thread. Counted, since replays may overlap: the last one to finish lets it run again."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._builders = 0
        self._was_enabled = True

    def __enter__(self) -> None:
        with self._lock:
            if self._builders == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._builders += 1

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            self._builders -= 1
            if self._builders == 0 and self._was_enabled:
                gc.enable()


collector_paused = _CollectorPause()


def built_off_the_loop(game: Game, source: Source, seat: int | None, with_actions: bool,
                       head: dict[str, Any]) -> Replay:
    """On a worker thread, with the collector held off: the answer, `head` and the steps, as
    text (a long game's replay is megabytes, whose encoding holds the interpreter lock)."""
    with collector_paused:
        return Replay(dumps({**head, "steps": replay_steps(game, source, seat, with_actions)}))


def replay_steps(game: Game, source: Source, seat: int | None,
                 with_actions: bool) -> list[dict[str, Any]]:
    """The game replayed from its own setup: nothing is shared with the room."""
    setup = source.setup
    state = game.setup(setup.players, setup.options, setup.seed, setup.stacked)
    steps = [{"version": 0, "now_ms": source.started_ms, "seat": None, "action": None,
              "by": None, "view": game.view(state, seat)}]
    for version, entry in enumerate(source.log, start=1):
        state, _ = game.apply(state, entry.seat, entry.action, entry.now_ms)
        by = credits.mover(source.names, source.changes, entry.seat, version - 1)
        steps.append({"version": version, "now_ms": entry.now_ms,
                      "seat": entry.seat if with_actions else None,
                      "action": entry.action if with_actions else None,
                      "by": by if with_actions else None,
                      "view": game.view(state, seat)})
    return steps
