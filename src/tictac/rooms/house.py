"""The house rules: what the host sets for the table, kept in the room's record (the game's
`options`, the gone-player `policy` and its grace `gone_after_s`, the turn timer `turn_s`, the
bots' pause `bot_pause_ms`, `public_replays`). Each is checked here before it is kept, so a
refused one changes nothing; only this module writes those fields."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tictac.engine import Option, resolve
from tictac.engine.errors import BAD_OPTION
from tictac.rooms.errors import RoomError
from tictac.rooms.record import RoomRecord, still_valid

POLICIES = ("wait", "bot", "skip")
MAX_BOT_PAUSE_MS = 5000
TURN_S_RANGE = (5, 600)
GONE_S_RANGE = (5, 3600)


def set_options(record: RoomRecord, specs: Sequence[Option],
                options: Mapping[str, Any] | None) -> None:
    """The game's options as the host chose them, each checked against the game's `specs`."""
    resolve(specs, options)
    record.options = dict(options or {})


def keep_valid_options(record: RoomRecord, specs: Sequence[Option], code: str) -> None:
    """A restored room's options, less those today's checks refuse (`still_valid`)."""
    record.options = still_valid(specs, record.options, code)


def check_policy(policy: str) -> str:
    if policy not in POLICIES:
        raise RoomError(BAD_OPTION, f"policy is one of {', '.join(POLICIES)}")
    return policy


def set_policy(record: RoomRecord, policy: str, after_s: int | None) -> None:
    """What the table does for a gone player and, when given, after how long one counts gone."""
    check_policy(policy)
    if after_s is not None and not GONE_S_RANGE[0] <= after_s <= GONE_S_RANGE[1]:
        raise RoomError(BAD_OPTION, f"after_s is between {GONE_S_RANGE[0]} and {GONE_S_RANGE[1]}")
    record.policy = policy
    if after_s is not None:
        record.gone_after_s = after_s


def set_timer(record: RoomRecord, turn_s: int | None) -> None:
    if turn_s is not None and not TURN_S_RANGE[0] <= turn_s <= TURN_S_RANGE[1]:
        raise RoomError(BAD_OPTION, f"turn_s is between {TURN_S_RANGE[0]} and {TURN_S_RANGE[1]}")
    record.turn_s = turn_s


def set_bot_pause(record: RoomRecord, ms: int) -> None:
    if not 0 <= ms <= MAX_BOT_PAUSE_MS:
        raise RoomError(BAD_OPTION, f"ms is between 0 and {MAX_BOT_PAUSE_MS}")
    record.bot_pause_ms = ms


def set_replays(record: RoomRecord, public: bool) -> None:
    """Finished games replayed for anyone, or only for the room."""
    record.public_replays = public
