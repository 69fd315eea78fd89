"""What the rooms ask of a store, whichever keeps it: `LiteStore` (store/lite.py: an SQLite
file, through the standard library's sqlite3), `SqlStore` (store/log.py: PostgreSQL for a
cluster, or any other database URL, through SQLAlchemy) or `MemoryStore` (store/memory.py:
nothing outlives the process).

A store keeps each room's record under an epoch, each game's setup, and each game's log of
actions numbered from 1; and, apart from every room, the decks people share (Time's Up's:
docs/packs.md, "Shared decks"), each under its code, never changed once kept, and the instance
admin's bans and audit log (server/admin.py), and the players' reports waiting for the admin
(server/reports.py).
Two refusals matter to a room and are the same for every store:
- `Fenced`: the room is held under a newer epoch (another node claimed it), or the action's
  number in its log is taken (another copy of the room appended there first);
- `StoreError`: anything else the store cannot keep (the database is down, its file gone).

A write returns an awaitable that resolves once it is kept: a room tells nobody of a change
before that.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson

from tictac.durations import Durations
from tictac.engine import LoggedAction

log = logging.getLogger(__name__)


class StoreError(Exception):
    """The store cannot keep what it is given; the message says why, naming the database."""


class Fenced(StoreError):
    """An action's place in its log (room, game, sequence) is taken, or the room's record is
    held under a newer epoch: another owner of the room wrote there, so this copy of the room
    is stale (see docs/deploy.md)."""


class DeckTaken(StoreError):
    """A deck is already kept under that code (the caller draws another)."""


class DecksFull(StoreError):
    """A deck would pass a bound of `DeckBounds`: its saver's (`whose` "address") or the
    server's ("server")."""

    def __init__(self, whose: str, message: str) -> None:
        super().__init__(message)
        self.whose = whose


@dataclass(frozen=True)
class DeckBounds:
    """What a store keeps of shared decks, checked as a deck is saved: the decks last used
    before `unused_before_ms` are dropped first, then the new one must fit in its owner's
    `owner_bytes` and in everyone's `total_bytes` (a deck's size: its title's and its cards'
    JSON bytes)."""

    unused_before_ms: int
    owner_bytes: int
    total_bytes: int

    def check(self, owner: str, held_by_owner: int, held: int, size: int) -> None:
        """`DecksFull` unless a deck of `size` bytes fits beside what is held."""
        if held + size > self.total_bytes:
            raise DecksFull("server", "this server keeps no more shared decks for now")
        if owner and held_by_owner + size > self.owner_bytes:
            raise DecksFull("address", "this address keeps no more shared decks for now")


@dataclass(frozen=True)
class StoredDeck:
    code: str
    language: str
    title: str
    cards: list[dict[str, str]]  # each {"name", "about"}
    created_ms: int
    # A digest of its saver's address ("" for a deck a room saved), for the per-address bound;
    # the address itself is never kept.
    owner: str = ""
    used_ms: int = 0  # when it was saved or last loaded: its retention counts from there

    @property
    def size(self) -> int:
        return len(self.title.encode()) + len(as_json(self.cards).encode())

    def to_json(self) -> dict[str, Any]:
        """The deck as it is exported (docs/packs.md, "Shared decks")."""
        return {"code": self.code, "language": self.language, "title": self.title,
                "cards": self.cards}


@dataclass(frozen=True)
class Ban:
    """An address or network (CIDR, as `ipaddress` writes it) the instance admin refuses until
    `until_ms`."""

    network: str
    until_ms: int
    reason: str
    made_ms: int


@dataclass(frozen=True)
class AuditEntry:
    """One admin action: what (`action`), on what (`target`: a room's code, a network), with
    what (`detail`), when and from which address."""

    at_ms: int
    action: str
    target: str
    detail: str = ""
    address: str = ""


@dataclass(frozen=True)
class Report:
    """A player's report of something shown in a room: `what` ("name", "chat", "written",
    "deck"), the `text` as it was shown, its `context` (who said a chat line, a deck's code),
    `reporter` (a digest of the reporter's place, never its token), and once the admin acted,
    the `outcome`. `id` is the store's (0 before it is kept)."""

    at_ms: int
    room: str
    what: str
    text: str
    context: str = ""
    reporter: str = ""
    outcome: str = ""
    id: int = 0


@dataclass
class GameLog:
    idx: int
    setup: dict[str, Any]
    started_ms: int
    log: list[LoggedAction] = field(default_factory=list)


@dataclass
class RoomDump:
    code: str
    game: str
    record: dict[str, Any]
    games: list[GameLog]
    epoch: int = 0


@dataclass
class StoreTimings:
    """How long a store's commits and checkpoints took, each (the server's /metrics): what in
    the store may have held a player's action up."""

    on_loop: Durations = field(default_factory=Durations)  # on the event loop's thread
    on_writer: Durations = field(default_factory=Durations)  # on the writer's thread
    checkpoints: Durations = field(default_factory=Durations)  # an SQLite file's WAL copied


class Store(Protocol):
    commits: int  # transactions kept so far (a gauge of the server's)
    timings: StoreTimings

    def problem(self) -> str | None:
        """Why writes are refused now, or None."""

    def healthy(self) -> bool: ...

    async def close(self) -> None:
        """Once every write queued so far is kept."""

    def save_room(self, code: str, game: str, record: dict[str, Any], now_ms: int,
                  epoch: int) -> Awaitable[None]:
        """The room's record, made or replaced; `Fenced` if held under another epoch."""

    def start_game(self, code: str, idx: int, setup: dict[str, Any], now_ms: int, game: str,
                   record: dict[str, Any], epoch: int) -> Awaitable[None]:
        """A new game and the record that says it is on, kept together or not at all."""

    def append(self, code: str, idx: int, seq: int, entry: LoggedAction) -> Awaitable[None]:
        """The action numbered `seq` of a game's log; `Fenced` if that number is taken."""

    def delete_room(self, code: str, epoch: int) -> Awaitable[None]:
        """The room with its games and logs; `Fenced` if held under another epoch."""

    async def claim(self, code: str) -> int:
        """The room taken over: its epoch one up. The new epoch, or 0 if no such room."""

    async def load_rooms(self, code: str | None = None) -> list[RoomDump]:
        """Every room (or the one called `code`) with every game's setup and the latest
        game's log: enough to restore it."""

    async def load_game(self, code: str, idx: int) -> GameLog | None: ...

    def save_deck(self, deck: StoredDeck, bounds: DeckBounds) -> Awaitable[None]:
        """A new shared deck, once the decks unused since `bounds.unused_before_ms` are
        dropped; `DeckTaken` if its code is kept already (a deck never changes), `DecksFull`
        if it passes a bound."""

    async def load_deck(self, code: str) -> StoredDeck | None: ...

    def touch_deck(self, code: str, now_ms: int) -> Awaitable[None]:
        """The deck was used now: its retention starts again."""

    def drop_deck(self, code: str) -> Awaitable[None]:
        """The deck is gone (the admin took it down); nothing if there was none."""

    def save_ban(self, ban: Ban) -> Awaitable[None]:
        """A ban, made or replacing the one on the same network."""

    def lift_ban(self, network: str) -> Awaitable[None]: ...

    async def load_bans(self, now_ms: int) -> list[Ban]:
        """The bans that still hold at `now_ms`, by network."""

    def save_audit(self, entry: AuditEntry) -> Awaitable[None]: ...

    async def load_audit(self, limit: int) -> list[AuditEntry]:
        """The `limit` latest admin actions, newest first."""

    def save_report(self, report: Report) -> Awaitable[None]:
        """A new report (its `id` is the store's to give)."""

    def resolve_report(self, report_id: int, outcome: str) -> Awaitable[None]:
        """The admin acted on the report: it leaves the queue, kept with its outcome."""

    async def load_reports(self, limit: int) -> list[Report]:
        """The `limit` latest reports the admin has not acted on, newest first."""

    async def load_report(self, report_id: int) -> Report | None: ...


# What orjson would write and the standard encoder refuses (a dataclass, a date) is left to the
# standard encoder's verdict, as are the rare values orjson refuses (an integer wider than 64
# bits, a lone surrogate), which the standard encoder writes.
_ORJSON = (orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS
           | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS)


def as_json(value: Any) -> str:
    """`value` as the JSON a store keeps; what JSON cannot say is a `StoreError`. Written by
    orjson: the standard encoder, made anew at each call, took a thirtieth of an action's
    time (docs/server.md, "Fewer instructions per action")."""
    try:
        return orjson.dumps(value, option=_ORJSON).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        pass
    try:
        return json.dumps(value)
    except (TypeError, ValueError) as refusal:
        raise StoreError(f"cannot keep {type(value).__name__}: {refusal}") from None


def in_order(code: str, idx: int, rows: Iterable[tuple[int, LoggedAction]]) -> list[LoggedAction]:
    """A game's log from its (seq, action) rows in order of seq; a missing seq is an error,
    never skipped: the game would be replayed into another state than the one played."""
    found = []
    for expected, (seq, entry) in enumerate(rows, start=1):
        if seq != expected:
            raise RuntimeError(f"room {code} game {idx}: log has a hole before seq {seq}")
        found.append(entry)
    return found


def room_dumps(rooms: Iterable[tuple[str, str, str, int]],
               games: Iterable[tuple[str, int, dict[str, Any], int]],
               read_log: Callable[[str, int], list[LoggedAction]]) -> list[RoomDump]:
    """Rooms from their rows (code, game, record as text, epoch) and their games' rows (room,
    idx, setup, started_ms), each with its latest game's log (`read_log(code, idx)`).

    Records are decoded one by one: a record that no longer decodes (a damaged file, a hand
    edit) is left out alone instead of failing every room."""
    dumps = {}
    for code, game, text, epoch in rooms:
        try:
            record = json.loads(text)
        except ValueError:
            log.error("room %s: its stored record does not decode; left out", code)
            continue
        dumps[code] = RoomDump(code, game, record, [], epoch)
    for room, idx, setup, started_ms in games:
        if room in dumps:
            dumps[room].games.append(GameLog(idx, setup, started_ms))
    for dump in dumps.values():
        if dump.games:
            last = dump.games[-1]
            last.log = read_log(dump.code, last.idx)
    return list(dumps.values())
