"""What a returning player is told: the moves made for their seat while no
device of theirs was connected (a stand-in bot, the skip policy, a turn timer, the host's skip),
with each move's public events, so their phone can say what happened in the game's own words.

A place remembers where the log stood when its last connection closed (`Place.left_at`, runtime
only like presence: a restart counts from the restored log)."""

from __future__ import annotations

from typing import Any, Protocol

from tictac.engine import Event, Game, LoggedAction, SetupArgs
from tictac.rooms.places import Place, Seating
from tictac.rooms.record import RoomRecord

KEPT_MOVES = 10  # the latest moves told in words; the count says how many there were in all


class Table(Protocol):
    """What of a room this reads: its game, the current game's setup and log, the record (how
    many games were dealt, the status) and the seating."""

    @property
    def game(self) -> Game: ...
    @property
    def setup(self) -> SetupArgs | None: ...
    @property
    def log(self) -> list[LoggedAction]: ...
    @property
    def record(self) -> RoomRecord: ...
    @property
    def seating(self) -> Seating: ...


def mark(room: Table, place: Place) -> None:
    """`place` is gone from here on: moves for its seat count from this point of the log."""
    place.left_at = (room.record.games, len(room.log))


def missed(room: Table, place: Place) -> dict[str, Any] | None:
    """The `while_away` message for `place` coming back, or None if no move was made for it."""
    seat = room.seating.seat_of.get(place.pid)
    if seat is None or place.left_at is None or room.setup is None \
            or room.record.status == "lobby":
        return None
    games, version = place.left_at
    start = version if games == room.record.games else 0
    made = [index for index in range(start, len(room.log)) if room.log[index].seat == seat]
    if not made:
        return None
    return {"type": "while_away", "seat": seat, "moves": len(made),
            "events": _events_of(room, made[-KEPT_MOVES:])}


def _events_of(room: Table, indices: list[int]) -> list[list[Event]]:
    """The public events of the log's actions at `indices` (sorted), replayed from the setup:
    the room keeps no events, only the log."""
    setup, game = room.setup, room.game
    assert setup is not None
    state = game.setup(setup.players, setup.options, setup.seed, setup.stacked)
    wanted = set(indices)
    found: list[list[Event]] = []
    for index, entry in enumerate(room.log[:indices[-1] + 1]):
        state, events = game.apply(state, entry.seat, entry.action, entry.now_ms)
        if index in wanted:
            found.append(events)
    return found
