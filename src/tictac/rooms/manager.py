"""Every room of the server by code: creates them, restores them from the store at start,
and forgets them when they expire."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from tictac.engine import GAMES, get_info
from tictac.rooms import decks, house, joins
from tictac.rooms.chance import Chance, SystemChance
from tictac.rooms.clock import Clock, RealClock
from tictac.rooms.codes import new_code, normalize
from tictac.rooms.errors import NO_ROOM, TOO_MANY_ROOMS, UNKNOWN_GAME, RoomError
from tictac.rooms.names import clean_name
from tictac.rooms.room import Room
from tictac.rooms.settings import RoomSettings
from tictac.rooms.stats import Stats
from tictac.store import RoomDump, Store

log = logging.getLogger(__name__)


class RoomManager:
    def __init__(self, store: Store, *, clock: Clock | None = None,
                 chance: Chance | None = None, settings: RoomSettings | None = None) -> None:
        self.store = store
        # Told of each room this process lets go (set by the cluster, which frees its lease).
        self.on_forget: Callable[[str], None] | None = None
        self.clock = clock or RealClock()
        self.chance = chance or SystemChance()
        self.settings = settings or RoomSettings()
        self.stats = Stats()
        self.rooms: dict[str, Room] = {}
        # Each game's warming (`GameInfo.warm`: what it loads lazily, Time's Up's word lists),
        # begun on a thread with its first room: a server that never has one never pays its
        # memory (14 MB for Time's Up's), and the room's first typed guess, seconds later at
        # the earliest, does not wait for it on the event loop.
        self.warming: dict[str, asyncio.Future[None]] = {}

    def _warm(self, game: str) -> None:
        warm = get_info(game).warm
        if warm is not None and game not in self.warming:
            self.warming[game] = asyncio.ensure_future(asyncio.to_thread(warm))

    async def warm_every_game(self) -> None:
        """Every game warmed now, not with its first room: a node of a cluster does so before it
        joins (see server/app.py)."""
        for game in GAMES:
            self._warm(game)
        await asyncio.gather(*self.warming.values())

    def _room(self, code: str, game: str) -> Room:
        return Room(code, game, clock=self.clock, chance=self.chance, store=self.store,
                    settings=self.settings, stats=self.stats, on_close=self._forget)

    def _forget(self, room: Room) -> None:
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
            if self.on_forget is not None:
                self.on_forget(room.code)

    async def restore(self) -> int:
        """Brings back every stored room; returns how many actions were replayed."""
        replayed = 0
        for dump in await self.store.load_rooms():
            try:
                room = self.adopt(dump)
            except Exception:
                # One room whose log no longer replays (a game changed its rules) must not
                # keep every other room from coming back: it stays in the store, untouched.
                log.exception("room %s could not be restored", dump.code)
                continue
            replayed += len(room.log)
        log.info("restored %d rooms (%d actions replayed)", len(self.rooms), replayed)
        return replayed

    def adopt(self, dump: RoomDump) -> Room:
        """The stored room brought back to life in this process (its log replayed)."""
        room = Room.restore(dump, clock=self.clock, chance=self.chance, store=self.store,
                            settings=self.settings, stats=self.stats, on_close=self._forget)
        self.rooms[room.code] = room
        room.start()
        self._warm(room.game_name)
        return room

    async def create(self, game: str, name: str, options: dict[str, object] | None,
                     code: str | None = None) -> tuple[Room, joins.Joined]:
        """A new room with its creator seated as host; everything is checked first. `code`:
        one reserved by the caller (the cluster's, free on every server), else a new one."""
        if game not in GAMES:
            raise RoomError(UNKNOWN_GAME, f"no game {game!r}; known: {', '.join(GAMES)}")
        if len(self.rooms) >= self.settings.max_rooms:
            raise RoomError(TOO_MANY_ROOMS, "this server has as many rooms as it takes")
        clean_name(name)
        room = self._room(code or new_code(self.rooms), game)
        decks.check_hosts(options)
        house.set_options(room.record, room.game.OPTIONS, options)
        self.rooms[room.code] = room
        room.start()
        self._warm(game)
        try:
            joined = await room.call(joins.join, room, name, False)
        except Exception:  # nothing was stored (its first record refused): there is no room
            self._forget(room)
            await room.stop()
            raise
        log.info("room %s created (%s)", room.code, game,
                 extra={"event": "room_created", "room": room.code, "game": game})
        return room, joined

    def get(self, code: str) -> Room:
        canonical = normalize(code)
        room = self.rooms.get(canonical) if canonical else None
        if room is None or room.closed:
            raise RoomError(NO_ROOM, f"no room {code!r}")
        return room

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            await room.stop()
        await asyncio.gather(*self.warming.values())
