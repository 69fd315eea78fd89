"""A store that keeps everything in the process's memory: nothing outlives it. For tests of
the rooms where the database is not the subject, and for programs that run rooms without a
server (a research loop, a benchmark). The refusals are `SqlStore`'s, so that a room cannot
tell one store from the other (tests/store/test_store_contract.py holds both to that).

What is given is kept as its JSON, as a database keeps it: a record changed by its room after
the write is not changed in the store, and what cannot be written as JSON is refused.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from tictac.engine import LoggedAction
from tictac.store import base
from tictac.store.base import Fenced, GameLog, RoomDump, StoreError, as_json, in_order


@dataclass
class _Game:
    setup: str
    started_ms: int
    log: dict[int, str] = field(default_factory=dict)  # seq: the action, as JSON


@dataclass
class _Room:
    game: str
    record: str
    epoch: int
    games: dict[int, _Game] = field(default_factory=dict)


class MemoryStore:
    def __init__(self) -> None:
        self._rooms: dict[str, _Room] = {}
        self._decks: dict[str, tuple[base.StoredDeck, str]] = {}  # code: deck, cards as JSON
        self._bans: dict[str, base.Ban] = {}
        self._audit: list[base.AuditEntry] = []
        self._reports: dict[int, base.Report] = {}  # by id, in the order made
        self.commits = 0
        self.timings = base.StoreTimings()  # (none: nothing waits for a commit here)

    def problem(self) -> str | None:
        return None

    def healthy(self) -> bool:
        return True

    async def close(self) -> None:
        """Nothing is queued: every write was kept when it returned."""

    def _write(self, write: Callable[[], None]) -> asyncio.Future[None]:
        """Runs `write` now; its refusal comes when the answer is awaited, as with SqlStore."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        try:
            write()
        except StoreError as refusal:
            done.set_exception(refusal)
        else:
            self.commits += 1
            done.set_result(None)
        return done

    def _held(self, code: str, epoch: int) -> _Room | None:
        room = self._rooms.get(code)
        if room is not None and room.epoch != epoch:
            raise Fenced(f"room {code} was taken over (epoch {room.epoch}; this copy's {epoch})")
        return room

    # -- writes ------------------------------------------------------------------------------

    def save_room(self, code: str, game: str, record: dict[str, Any], now_ms: int,
                  epoch: int) -> asyncio.Future[None]:
        return self._write(lambda: self._save(code, game, record, epoch))

    def _save(self, code: str, game: str, record: dict[str, Any], epoch: int) -> None:
        text = as_json(record)
        room = self._held(code, epoch)
        if room is None:
            self._rooms[code] = _Room(game, text, epoch)
        else:
            room.game, room.record = game, text

    def start_game(self, code: str, idx: int, setup: dict[str, Any], now_ms: int, game: str,
                   record: dict[str, Any], epoch: int) -> asyncio.Future[None]:
        def write() -> None:
            held = self._rooms.get(code)
            if held is not None and idx in held.games:
                raise StoreError(f"room {code} already has a game {idx}")
            text = as_json(setup)
            self._save(code, game, record, epoch)
            self._rooms[code].games[idx] = _Game(text, now_ms)

        return self._write(write)

    def append(self, code: str, idx: int, seq: int, entry: LoggedAction) -> asyncio.Future[None]:
        def write() -> None:
            room = self._rooms.get(code)
            if room is None or idx not in room.games:
                raise StoreError(f"room {code} has no game {idx}")
            log = room.games[idx].log
            if seq in log:
                raise Fenced(f"room {code} game {idx} already has action {seq}")
            log[seq] = as_json(entry.to_json())

        return self._write(write)

    def delete_room(self, code: str, epoch: int) -> asyncio.Future[None]:
        def write() -> None:
            if self._held(code, epoch) is not None:
                del self._rooms[code]

        return self._write(write)

    async def claim(self, code: str) -> int:
        room = self._rooms.get(code)
        if room is None:
            return 0
        room.epoch += 1
        self.commits += 1
        return room.epoch

    def save_deck(self, deck: base.StoredDeck, bounds: base.DeckBounds) -> asyncio.Future[None]:
        def write() -> None:
            cards = as_json(deck.cards)
            if deck.code in self._decks:
                raise base.DeckTaken(f"a deck is kept under {deck.code} already")
            self._decks = {code: kept for code, kept in self._decks.items()
                           if kept[0].used_ms >= bounds.unused_before_ms}
            held = [kept for kept, _ in self._decks.values()]
            bounds.check(deck.owner, sum(kept.size for kept in held if kept.owner == deck.owner),
                         sum(kept.size for kept in held), deck.size)
            self._decks[deck.code] = (deck, cards)

        return self._write(write)

    def touch_deck(self, code: str, now_ms: int) -> asyncio.Future[None]:
        def write() -> None:
            found = self._decks.get(code)
            if found is not None:
                self._decks[code] = (replace(found[0], used_ms=now_ms), found[1])

        return self._write(write)

    def drop_deck(self, code: str) -> asyncio.Future[None]:
        def write() -> None:
            self._decks.pop(code, None)

        return self._write(write)

    def save_ban(self, ban: base.Ban) -> asyncio.Future[None]:
        return self._write(lambda: self._bans.__setitem__(ban.network, ban))

    def lift_ban(self, network: str) -> asyncio.Future[None]:
        def write() -> None:
            self._bans.pop(network, None)

        return self._write(write)

    def save_audit(self, entry: base.AuditEntry) -> asyncio.Future[None]:
        return self._write(lambda: self._audit.append(entry))

    def save_report(self, report: base.Report) -> asyncio.Future[None]:
        def write() -> None:
            made = replace(report, id=len(self._reports) + 1)
            self._reports[made.id] = made

        return self._write(write)

    def resolve_report(self, report_id: int, outcome: str) -> asyncio.Future[None]:
        def write() -> None:
            if report_id in self._reports:
                self._reports[report_id] = replace(self._reports[report_id], outcome=outcome)

        return self._write(write)

    # -- reads -------------------------------------------------------------------------------

    async def load_reports(self, limit: int) -> list[base.Report]:
        return [report for report in reversed(self._reports.values())
                if not report.outcome][:limit]

    async def load_report(self, report_id: int) -> base.Report | None:
        return self._reports.get(report_id)

    async def load_bans(self, now_ms: int) -> list[base.Ban]:
        return [ban for _, ban in sorted(self._bans.items()) if ban.until_ms > now_ms]

    async def load_audit(self, limit: int) -> list[base.AuditEntry]:
        return self._audit[::-1][:limit]

    async def load_deck(self, code: str) -> base.StoredDeck | None:
        found = self._decks.get(code)
        if found is None:
            return None
        deck, cards = found
        return replace(deck, cards=json.loads(cards))

    async def load_rooms(self, code: str | None = None) -> list[RoomDump]:
        codes = sorted(self._rooms) if code is None else [code] if code in self._rooms else []
        dumps = []
        for found in codes:
            room = self._rooms[found]
            games = [self._game(found, idx, with_log=False) for idx in sorted(room.games)]
            if games:
                games[-1] = self._game(found, games[-1].idx, with_log=True)
            dumps.append(RoomDump(found, room.game, json.loads(room.record), games, room.epoch))
        return dumps

    async def load_game(self, code: str, idx: int) -> GameLog | None:
        room = self._rooms.get(code)
        if room is None or idx not in room.games:
            return None
        return self._game(code, idx, with_log=True)

    def _game(self, code: str, idx: int, *, with_log: bool) -> GameLog:
        game = self._rooms[code].games[idx]
        log = in_order(code, idx, ((seq, _logged(game.log[seq])) for seq in sorted(game.log))) \
            if with_log else []
        return GameLog(idx, json.loads(game.setup), game.started_ms, log)


def _logged(text: str) -> LoggedAction:
    entry = json.loads(text)
    return LoggedAction(entry["seat"], entry["action"], entry["now_ms"])
