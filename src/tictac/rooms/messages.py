"""What a room tells its connections, built from the data it shows: the `room` summary (of the
record and the seating) and each seat's `view` (of the game's state), as JSON text. The room
sends them (see `Room.broadcast_room`, `Room.broadcast_views`)."""

from __future__ import annotations

from typing import Any

from tictac.bots import room_bot_kinds
from tictac.engine import Event, Game
from tictac.engine.extras import extras
from tictac.rooms import credits
from tictac.rooms.places import Place, Seating
from tictac.rooms.record import RoomRecord
from tictac.rooms.wire import add_key, dumps, extend, opened

# No frame a room sends is larger (docs/server.md, "Bounds"): every list a player can grow in a
# view, an event or the room summary is bounded by a rule or a limit, and
# tests/rooms/test_frame_bounds.py sends the most of each to check that they add up to less.
FRAME_BOUND = 128 * 1024


def summary(record: RoomRecord, seating: Seating, *, code: str, game_name: str, title: str,
            options: dict[str, Any], names: list[str], version: int, evening: dict[str, Any],
            you: Place | None = None) -> dict[str, Any]:
    """The `room` message's body: `options` are the game's resolved ones, `names` the seats'
    when the current game began, `version` its log's length and `evening` the evening's
    games and standings (evening.summary)."""
    seats = []
    playing = record.status == "playing"
    changes = credits.of_game(record.credits, record.games - 1)
    for seat, place in enumerate(seating.seated()):
        presence = place.presence
        # when an away person counts as gone (server ms): the screens count the grace down
        gone_at = (place.left_ms + record.gone_after_s * 1000
                   if presence == "away" and place.left_ms is not None else None)
        seats.append({"seat": seat, "name": place.name, "bot": place.bot is not None,
                      "connected": place.bot is not None or place.connections > 0,
                      "gone": presence == "gone", "presence": presence, "gone_at": gone_at,
                      "stand_in": playing and place.bot is None
                      and place.stand_in(record.policy) is not None,
                      # whom a bot or an emptied seat stands in for, this game
                      "for": None if record.status == "lobby" else
                      credits.mover(names, changes, seat, version)["for"],
                      "extra_s": place.extra_s})
    spectators = sum(1 for place in seating.places.values()
                     if place.pid not in seating.seat_of and place.connections > 0)
    answer: dict[str, Any] = {
        "code": code, "game": game_name, "title": title,
        "status": record.status, "host": seating.seat_of.get(seating.host, None)
        if seating.host is not None else None,
        "options": options, "policy": record.policy,
        "gone_after_s": record.gone_after_s, "turn_s": record.turn_s,
        "bot_pause_ms": record.bot_pause_ms, "seats": seats, "spectators": spectators,
        "games": record.games, "paused": record.paused, "paused_by": record.paused_by,
        "you": None,
        # everyone who played each seat this game, in order: the end screen credits them all
        "movers": None if record.status == "lobby" else
        credits.movers(names, changes, len(seats)),
        # False: no bot plays here, not even for the gone (Time's Up: their turns pass on).
        "bots": bool(room_bot_kinds(game_name)),
        "evening": evening,
    }
    if you is not None:
        answer["you"] = you_of(seating, you)
    return answer


def you_of(seating: Seating, you: Place) -> dict[str, Any]:
    """The `room` message's `you`: the one part of it that differs from one place to another."""
    your_seat = seating.seat_of.get(you.pid)
    return {"seat": your_seat, "host": you.pid == seating.host, "spectator": your_seat is None,
            "name": you.name, "prefs": you.prefs.model_dump()}


class Views:
    """The `view` messages of one moment, each seat's encoded once however many connections
    hold it. The part every seat shares is encoded once too: the seat's view is spliced into it
    in place of its closing brace (which keeps `"view"` last, as clients rely on nothing else).
    So is, in a game with a `seat_view` (engine/extras.py), what every seat sees of the game:
    a seat's view is then the spectator's, less the keys of the seat's own part, followed by
    that part."""

    def __init__(self, game: Game, state: Any, *, version: int, server_time: int,
                 game_time: int, paused: bool, deadline: int | None,
                 events: list[Event]) -> None:
        self.game, self.state = game, state
        self._head = opened(dumps({  # for each seat's view to close
            "type": "view", "version": version, "server_time": server_time,
            "game_time": game_time, "paused": paused, "deadline": deadline, "events": events}))
        self._texts: dict[int | None, str] = {}
        self._shared: str | None = None  # what every seat sees, as an open JSON object
        self._seat_view = extras(game).seat_view

    def text(self, seat: int | None) -> str:
        text = self._texts.get(seat)
        if text is None:
            text = self._texts[seat] = add_key(self._head, "view", self._view(seat))
        return text

    def _view(self, seat: int | None) -> str:
        seat_view = self._seat_view
        if seat is None or seat_view is None:
            return dumps(self.game.view(self.state, seat))
        own = seat_view(self.state, seat)
        if self._shared is None:
            spectator = self.game.view(self.state, None)
            self._shared = opened(dumps({key: value for key, value in spectator.items()
                                         if key not in own}))
        return extend(self._shared, dumps(own))
