"""What a room tells its connections: the `room` summary and each seat's `view`, as JSON text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tictac.bots import room_bot_kinds
from tictac.engine import Event
from tictac.rooms import credits
from tictac.rooms.places import Place
from tictac.rooms.wire import dumps

if TYPE_CHECKING:
    from tictac.rooms.conn import Conn
    from tictac.rooms.room import Room

# No frame a room sends is larger (docs/server.md, "Bounds"): every list a player can grow in a
# view, an event or the room summary is bounded by a rule or a limit, and
# tests/rooms/test_frame_bounds.py sends the most of each to check that they add up to less.
FRAME_BOUND = 128 * 1024


def summary(room: Room, you: Place | None = None) -> dict[str, Any]:
    seating = room.seating
    seats = []
    playing = room.status == "playing"
    changes = credits.of_game(room.credits, room.games - 1)
    for seat, place in enumerate(seating.seated()):
        presence = place.presence
        # when an away person counts as gone (server ms): the screens count the grace down
        gone_at = (place.left_ms + room.gone_after_s * 1000
                   if presence == "away" and place.left_ms is not None else None)
        seats.append({"seat": seat, "name": place.name, "bot": place.bot is not None,
                      "connected": place.bot is not None or place.connections > 0,
                      "gone": presence == "gone", "presence": presence, "gone_at": gone_at,
                      "stand_in": playing and place.bot is None
                      and room.autopilot.stand_in(seat) is not None,
                      # whom a bot or an emptied seat stands in for, this game
                      "for": None if room.status == "lobby" else
                      credits.mover(room.names, changes, seat, len(room.log))["for"]})
    spectators = sum(1 for place in seating.places.values()
                     if place.pid not in seating.seat_of and place.connections > 0)
    answer: dict[str, Any] = {
        "code": room.code, "game": room.game_name, "title": room.game.TITLE,
        "status": room.status, "host": seating.seat_of.get(seating.host, None)
        if seating.host is not None else None,
        "options": room.resolved_options(), "policy": room.policy,
        "gone_after_s": room.gone_after_s, "turn_s": room.turn_s,
        "bot_pause_ms": room.bot_pause_ms, "seats": seats, "spectators": spectators,
        "games": room.games, "paused": room.paused, "paused_by": room.paused_by, "you": None,
        # everyone who played each seat this game, in order: the end screen credits them all
        "movers": None if room.status == "lobby" else
        credits.movers(room.names, changes, len(seats)),
        # False: no bot plays here, not even for the gone (Time's Up: their turns pass on).
        "bots": bool(room_bot_kinds(room.game_name)),
    }
    if you is not None:
        your_seat = seating.seat_of.get(you.pid)
        answer["you"] = {"seat": your_seat, "host": you.pid == seating.host,
                         "spectator": your_seat is None, "name": you.name}
    return answer


def send_room(room: Room, conn: Conn) -> None:
    conn.send(dumps({"type": "room", "room": summary(room, room.seating.places[room.conns[conn]])}))


def broadcast_room(room: Room) -> None:
    for conn in room.conns:
        send_room(room, conn)


class Views:
    """The `view` messages of one moment, each seat's encoded once however many connections
    hold it. The part every seat shares is encoded once too: the seat's view is spliced into it
    in place of its closing brace (which keeps `"view"` last, as clients rely on nothing else)."""

    def __init__(self, room: Room, events: list[Event]) -> None:
        self.room = room
        self._head = dumps({"type": "view", "version": len(room.log),
                            "server_time": room.clock.now_ms(), "game_time": room.game_now(),
                            "paused": room.paused,
                            "deadline": room.client_deadline(), "events": events})
        self._texts: dict[int | None, str] = {}

    def text(self, seat: int | None) -> str:
        text = self._texts.get(seat)
        if text is None:
            view = dumps(self.room.game.view(self.room.state, seat))
            text = self._texts[seat] = f'{self._head[:-1]},"view":{view}}}'
        return text


def send_view(room: Room, conn: Conn) -> None:
    if room.state is not None:
        conn.send(Views(room, []).text(room.seating.seat_of.get(room.conns[conn])))


def broadcast_views(room: Room, events: list[Event]) -> None:
    if not room.conns:
        return
    views = Views(room, events)
    for conn, pid in room.conns.items():
        conn.send(views.text(room.seating.seat_of.get(pid)))
