"""A room's record: what the store keeps of it besides its games (places, seats and the host's
settings), and the setup a stored game was dealt with."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tictac.engine import SetupArgs
from tictac.rooms.places import Seating

if TYPE_CHECKING:
    from tictac.rooms.room import Room

# The room's own fields in the record (the seating writes its own).
FIELDS = ("status", "options", "policy", "gone_after_s", "turn_s", "bot_pause_ms", "games",
          "created_ms")


def record_of(room: Room) -> dict[str, Any]:
    return {**room.seating.to_record(), **{key: getattr(room, key) for key in FIELDS}}


def load_record(room: Room, record: dict[str, Any], now_ms: int) -> None:
    room.seating = Seating.from_record(record, now_ms)
    for key in FIELDS:
        setattr(room, key, record[key])


def setup_from_json(stored: dict[str, Any]) -> SetupArgs:
    return SetupArgs(stored["players"], stored["options"], stored["seed"], stored["stacked"])
