"""The game's clock, kept in the room's record (`paused_at`, `paused_ms`, `paused_by`): the
server's clock less the time the current game spent paused. It stands still while the game is
paused, so every deadline a game keeps moves on by exactly the pause, and actions are logged
with the time the game saw (a replay is exact without knowing of pauses). Only this module
writes those fields."""

from __future__ import annotations

from tictac.rooms.record import RoomRecord


def now(record: RoomRecord, server_ms: int) -> int:
    """The game's time when the server's clock reads `server_ms`."""
    stopped = record.paused_at
    return (server_ms if stopped is None else stopped) - record.paused_ms


def pause(record: RoomRecord, server_ms: int, by: str) -> None:
    record.paused_at, record.paused_by = server_ms, by


def resume(record: RoomRecord, server_ms: int) -> None:
    """The pause's time is added to the game's paused time; the caller checked it is paused."""
    assert record.paused_at is not None
    record.paused_ms += server_ms - record.paused_at
    record.paused_at, record.paused_by = None, None


def restart(record: RoomRecord) -> None:
    """A new game's clock: never paused yet."""
    record.paused_at, record.paused_ms, record.paused_by = None, 0, None
