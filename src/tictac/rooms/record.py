"""A room's record: what the store keeps of it besides its games. `RoomRecord` holds the room's
own durable state (its status, the host's settings, the pause, the credits); the seating (see
places.py) writes the places, seats and host beside it. Also: the setup a stored game was dealt
with, and the cleaning of text an old record may hold."""

from __future__ import annotations

import copy
import logging
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from tictac.engine import IllegalAction, Option, SetupArgs

# Keys added since the first records were written: a record without one reads as the default.
ADDED = frozenset({"public_replays", "paused_at", "paused_ms", "paused_by", "credits", "evening",
                   "evening_carried", "evening_folded", "evening_over", "first_game",
                   "tvs", "votes", "streamer", "code_until", "word_filter", "deck", "media"})

log = logging.getLogger(__name__)


@dataclass
class RoomRecord:
    """The room's durable state, one JSON key per field (the keys records have always had)."""

    created_ms: int
    gone_after_s: int  # how long a seated person may be away before counting as gone
    bot_pause_ms: int  # how long bots wait after a change before they move
    status: str = "lobby"  # "lobby", "playing" or "finished"
    options: dict[str, Any] = field(default_factory=dict)  # the host's, as set in the lobby
    policy: str = "bot"  # a table never waits for a gone player unless the host says so
    turn_s: int | None = None  # the turn timer, if the host set one
    games: int = 0  # how many games were dealt (the current one is `games - 1`)
    public_replays: bool = False  # finished games replayed for anyone, not just the room
    # The game's clock: the server's, less the time the current game spent paused (see
    # `Room.game_now`).
    paused_at: int | None = None  # server ms the pause began
    paused_ms: int = 0  # the current game's finished pauses, in total
    paused_by: str | None = None  # the name of whoever paused it (the TV says so)
    # Seats that changed hands mid-game, by game and action index (see credits.py).
    credits: list[list[Any]] = field(default_factory=list)
    # The evening (see evening.py): its latest finished games, each with the points it gave;
    # the points of the games before them by place, [pid, name, points, games], and how many
    # those were; whether the host ended it.
    evening: list[dict[str, Any]] = field(default_factory=list)
    evening_carried: list[list[Any]] = field(default_factory=list)
    evening_folded: int = 0
    evening_over: bool = False
    # The room's game before the host first chose another: the game of its stored games that
    # were dealt before games named themselves in their setup (`game_of`).
    first_game: str | None = None
    # The audience (see audience.py): the places of the room's TV screens, and the current
    # game's votes by ballot, then by voter's place id (a string: JSON keys are).
    tvs: list[int] = field(default_factory=list)
    votes: dict[str, dict[str, int]] = field(default_factory=dict)
    # Streamer mode (see streamer.py): the TVs are told no code, but until `code_until`
    # (server ms) after the host's `show_code`; the word filter (wordfilter.py) refuses names,
    # chat lines and written names it catches.
    streamer: bool = False
    code_until: int | None = None
    word_filter: bool = False
    # The shared deck the host loaded (decks.py): its header only, the cards stay in the store.
    deck: dict[str, Any] | None = None
    # Audio and video (media.py): the host's switches, {"on": bool, "audience": bool}.
    media: dict[str, bool] = field(default_factory=dict)

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)  # copies every list and dict

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> RoomRecord:
        """The record's own keys of a stored record (the seating's are left to it); every key
        not in `ADDED` must be there."""
        return cls(**{spec.name: copy.deepcopy(record[spec.name]) for spec in fields(cls)
                      if spec.name in record or spec.name not in ADDED})


def still_valid(specs: Sequence[Option], options: dict[str, Any] | None,
                code: str) -> dict[str, Any]:
    """The stored options that pass today's checks. One stored before its check existed (an
    infinite number, a team of no seat) gives way to its default, so the room comes back."""
    by_name = {spec.name: spec for spec in specs}
    kept: dict[str, Any] = {}
    for name, value in (options or {}).items():
        try:
            by_name[name].check(value)
        except (KeyError, IllegalAction):
            log.warning("room %s: stored option %r no longer valid, default used", code, name)
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


def game_of(stored: dict[str, Any], record: RoomRecord, room_game: str) -> str:
    """The game a stored setup was dealt for: the name it carries (every game dealt since
    rooms could change games does), else the room's game from before any change."""
    name: str = stored.get("game") or record.first_game or room_game
    return name


def setup_from_json(stored: dict[str, Any]) -> SetupArgs:
    return SetupArgs(stored["players"], stored["options"], stored["seed"], stored["stacked"])
