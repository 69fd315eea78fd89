"""Streamer mode: a room whose TV is filmed. With it on, a TV screen is never
told the room's code (its `room` messages carry `code: null`), so it can draw no code, no join
link and no QR; the host's phone shows them on the TV for `SHOW_MS` when someone needs to join
(`show_code`).

How long the code shows is a deadline on the server's clock kept in the room's record
(`RoomRecord.code_until`): whether it shows is read off the record and the clock at every
message, so neither a pause of the game (whose clock stops) nor a restart can leave it up. The
timer here only tells the TVs when it ends, so they draw it away. Only this module writes the
record's `streamer`, `code_until` and `word_filter` (the word filter's switch sits beside the
streamer's in the host's settings and the `room` summary)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from tictac.rooms.clock import Clock, Timer
from tictac.rooms.places import Place
from tictac.rooms.record import RoomRecord

SHOW_MS = 15_000  # how long the host's `show_code` shows the code on the TV


class Table(Protocol):
    """What of a room this reads (its record and clock) and asks of it: to run a job in its
    inbox and tell everyone the room."""

    @property
    def record(self) -> RoomRecord: ...
    @property
    def clock(self) -> Clock: ...

    def post(self, job: Callable[..., Any], *args: Any) -> None: ...

    def broadcast_room(self, *, players_only: bool = False) -> None: ...


def switch(record: RoomRecord, on: bool) -> None:
    """Streamer mode on or off; turned on again, it hides the code at once."""
    record.streamer, record.code_until = on, None


def show_code(record: RoomRecord, now_ms: int) -> None:
    """The host's `show_code`: the TVs are told the code for `SHOW_MS` from `now_ms`."""
    record.code_until = now_ms + SHOW_MS


def filter_words(record: RoomRecord, on: bool) -> None:
    record.word_filter = on


def code_shown(record: RoomRecord, now_ms: int) -> bool:
    """Whether the host's `show_code` still shows the code on the TV."""
    return record.code_until is not None and now_ms < record.code_until


def hides_code(record: RoomRecord, now_ms: int) -> bool:
    """Whether the TVs are told no code now."""
    return record.streamer and not code_shown(record, now_ms)


def summary(record: RoomRecord, now_ms: int) -> dict[str, Any]:
    """The `room` summary's `streamer`: whether the mode is on and the code shows until when
    (server ms, null when it does not), and whether the word filter is on."""
    return {"on": record.streamer, "filter": record.word_filter,
            "code_until": record.code_until if code_shown(record, now_ms) else None}


def for_tv(body: dict[str, Any]) -> dict[str, Any]:
    """The `room` summary as a TV is told it while the code is hidden."""
    return {**body, "code": None}


def is_tv(record: RoomRecord, place: Place) -> bool:
    return place.pid in record.tvs


class CodeShow:
    """The timer that tells the TVs when the shown code's time is up."""

    def __init__(self, room: Table) -> None:
        self.room = room
        self._timer: Timer | None = None

    def arm(self) -> None:
        """A timer for the end of the code's showing, if it shows (after `show_code`, and
        when a restored room comes back with the code still up)."""
        self.cancel()
        record, clock = self.room.record, self.room.clock
        if record.code_until is not None and code_shown(record, clock.now_ms()):
            self._timer = clock.call_at(record.code_until,
                                        lambda: self.room.post(self._ended))

    def _ended(self) -> None:
        self._timer = None
        if code_shown(self.room.record, self.room.clock.now_ms()):
            self.arm()  # rung early (the event loop's clock is not the wall's), or shown anew
            return
        self.room.broadcast_room()

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
