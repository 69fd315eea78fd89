"""A room's record: what the store keeps of it besides its games (places, seats and the host's
settings), the setup a stored game was dealt with, and snapshots that undo a change the store
refused."""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tictac.bots import Bot
from tictac.engine import IllegalAction, LoggedAction, SetupArgs
from tictac.rooms.places import Seating

if TYPE_CHECKING:
    from tictac.rooms.room import Room

# The room's own fields in the record (the seating writes its own), and those added since the
# first records were written, which older records lack (the room's default stands).
FIELDS = ("status", "options", "policy", "gone_after_s", "turn_s", "bot_pause_ms", "games",
          "created_ms", "public_replays", "paused_at", "paused_ms", "paused_by", "credits")
ADDED = frozenset({"public_replays", "paused_at", "paused_ms", "paused_by", "credits"})

log = logging.getLogger(__name__)


def record_of(room: Room) -> dict[str, Any]:
    return {**room.seating.to_record(), **{key: getattr(room, key) for key in FIELDS}}


def load_record(room: Room, record: dict[str, Any], now_ms: int) -> None:
    record = readable(record)
    room.seating = Seating.from_record(record, now_ms)
    for key in FIELDS:
        if key in record or key not in ADDED:
            setattr(room, key, record[key])
    room.options = _still_valid(room, room.options)


def _still_valid(room: Room, options: dict[str, Any] | None) -> dict[str, Any]:
    """The stored options that pass today's checks. One stored before its check existed (an
    infinite number, a team of no seat) gives way to its default, so the room comes back."""
    specs = {spec.name: spec for spec in room.game.OPTIONS}
    kept: dict[str, Any] = {}
    for name, value in (options or {}).items():
        try:
            specs[name].check(value)
        except (KeyError, IllegalAction):
            log.warning("room %s: stored option %r no longer valid, default used", room.code, name)
            continue
        kept[name] = value
    return kept


def readable(value: Any) -> Any:
    """`value` with every lone UTF-16 surrogate in its strings replaced by U+FFFD. A record
    holding one (written before names were checked for them) could not be sent as UTF-8."""
    if isinstance(value, str):
        return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    if isinstance(value, list):
        return [readable(item) for item in value]
    if isinstance(value, dict):
        return {readable(key): readable(item) for key, item in value.items()}
    return value


def setup_from_json(stored: dict[str, Any]) -> SetupArgs:
    return SetupArgs(stored["players"], stored["options"], stored["seed"], stored["stacked"])


@dataclass
class Snapshot:
    """All a lobby op may change: the record (the seating with its runtime parts) and the game."""

    seating: Seating
    fields: dict[str, Any]
    setup: SetupArgs | None
    started_ms: int
    state: Any
    log: list[LoggedAction]
    bots: dict[int, Bot]


def snapshot(room: Room) -> Snapshot:
    return Snapshot(copy.deepcopy(room.seating),
                    copy.deepcopy({key: getattr(room, key) for key in FIELDS}),
                    room.setup, room.started_ms, room.state, room.log, room.bots)


def roll_back(room: Room, before: Snapshot) -> None:
    """The room as it was at `before` (lobby ops replace the game's parts, never change them)."""
    room.seating = before.seating
    for key, value in before.fields.items():
        setattr(room, key, value)
    room.setup, room.started_ms, room.state = before.setup, before.started_ms, before.state
    room.log, room.bots = before.log, before.bots
