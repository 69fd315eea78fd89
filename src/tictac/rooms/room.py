"""One room: its seats, its game and its connections. Everything that touches it runs as a job
in its inbox (see `inbox.py`), one at a time. An accepted action is appended to the store
before anyone hears of it; what the room does on its own is its autopilot's (`autopilot.py`).
What the store keeps of it is its `RoomRecord` and its seating (see record.py, places.py).
"""

from __future__ import annotations

import contextlib
import copy
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from tictac.bots import Bot, bot_kinds, make_bot
from tictac.engine import (
    Action,
    Event,
    GameInfo,
    LoggedAction,
    SetupArgs,
    get_info,
    replay,
    resolve,
)
from tictac.engine.extras import extras
from tictac.rooms import away, decks, evening, gameclock, house, streamer, wordfilter
from tictac.rooms.audience import Audience
from tictac.rooms.autopilot import Autopilot
from tictac.rooms.chance import Chance
from tictac.rooms.clock import Clock
from tictac.rooms.conn import Conn
from tictac.rooms.errors import (
    NO_ROOM,
    NOT_SEATED,
    PAUSED,
    ROOM_CLOSED,
    ROOM_MOVE,
    ROOM_UNAVAILABLE,
    STALE_VIEW,
    STORE_FAILED,
    WRONG_STATUS,
    RoomError,
)
from tictac.rooms.inbox import Inbox
from tictac.rooms.media import Media
from tictac.rooms.messages import Views, summary, you_of
from tictac.rooms.places import Place, Seating
from tictac.rooms.record import RoomRecord, game_of, readable, setup_from_json
from tictac.rooms.settings import RoomSettings
from tictac.rooms.shelf import ReplayCache
from tictac.rooms.stats import Stats
from tictac.rooms.wire import add_key, dumps, error_message, opened
from tictac.store import Fenced, RoomDump, Store

log = logging.getLogger(__name__)
SAID_KEPT = 100  # chat lines a room remembers for reports (rooms/reports.py)
Ack = tuple[Conn, str]  # an action's `ack` message and the connection it goes to
T = TypeVar("T")

# The close code of a room given up by this server (another server owns it now): "service
# restart", which clients answer by reconnecting, to whichever server they reach.
CLOSE_MOVED = 1012
CLOSE_ROOM_CLOSED = 4405  # the instance admin closed the room: reconnecting cannot help


@dataclass
class Snapshot:
    """All a lobby op may change: the record, the seating (with its runtime parts) and the
    game (whose parts lobby ops replace, never change)."""

    record: RoomRecord
    seating: Seating
    game_name: str
    setup: SetupArgs | None
    started_ms: int
    state: Any
    log: list[LoggedAction]
    bots: dict[int, Bot]


class Room:
    def __init__(
        self,
        code: str,
        game_name: str,
        *,
        clock: Clock,
        chance: Chance,
        store: Store,
        settings: RoomSettings,
        stats: Stats,
        on_close: Callable[[Room], None],
    ) -> None:
        self.code = code
        self.game_name = game_name
        self.info: GameInfo[Any] = get_info(game_name)
        self.game = self.info.rules
        self.clock = clock
        self.store = store
        self.settings = settings
        self.stats = stats
        self._on_close = on_close
        now = clock.now_ms()
        # What the store keeps besides the games.
        self.record = RoomRecord(created_ms=now, gone_after_s=settings.gone_after_s,
                                 bot_pause_ms=settings.bot_pause_ms)
        self.seating = Seating()
        self.epoch = 0  # the store's for this copy of the room (raised by a cluster takeover)
        # Runtime.
        self.chance = chance
        self.rng = chance.room_rng()
        self.conns: dict[Conn, int] = {}  # connection -> place id
        self.active_ms = now
        self.setup: SetupArgs | None = None
        self.names: list[str] = []  # the seats' names when the current game began
        self.pids: list[int] = []  # the seats' place ids then (whom its evening points go to)
        self.started_ms = 0
        self.state: Any = None
        self.log: list[LoggedAction] = []
        self.bots: dict[int, Bot] = {}
        self.autopilot = Autopilot(self, clock, settings, now)
        self.replays = ReplayCache(per_min=settings.replays_per_min)
        self.inbox = Inbox(f"room {code}")
        self.abandoned = False  # closed because another server owns it now (see `abandon`)
        self.audience = Audience(self)
        self.code_show = streamer.CodeShow(self)
        self.deck_lookups = decks.lookups(now)
        # The latest chat lines (name, text): a report of one is checked against them.
        self.said: deque[tuple[str, str]] = deque(maxlen=SAID_KEPT)
        # The table's audio and video (media.py); not `media`, the record's switches of it.
        self.calls = Media(self)

    # -- its life --------------------------------------------------------------------------

    def start(self) -> None:
        self.inbox.start()
        self.autopilot.schedule()
        self.code_show.arm()

    @property
    def closed(self) -> bool:
        return self.inbox.closed

    def post(self, job: Callable[..., Any], *args: Any) -> None:
        self.inbox.post(job, *args)

    async def call(self, job: Callable[..., Any], *args: Any) -> Any:
        return await self.inbox.call(job, *args)

    async def stop(self) -> None:
        """Stops the task (server shutdown); the room lives on in the store."""
        self.autopilot.cancel()
        self.code_show.cancel()
        await self.inbox.stop()

    def abandon(self, why: str = "another server owns it now") -> None:
        """Gives the room up without a word to the store (another server owns it now, or may
        take it): every connection is closed with CLOSE_MOVED and the room is forgotten. Runs
        as a job of the room's own inbox, which then stops."""
        log.warning("room %s: %s; this copy is closed", self.code, why)
        self.inbox.close()
        self.abandoned = True
        self.autopilot.cancel()
        self.audience.cancel()
        self.code_show.cancel()
        self.calls.close()
        for conn in self.conns:
            conn.close(CLOSE_MOVED)
        self.stats.connections -= len(self.conns)
        self.conns.clear()
        self._on_close(self)

    async def expire(self) -> None:
        if await self._delete():
            log.info("room %s expired", self.code,
                     extra={"event": "room_expired", "room": self.code})
            self._end()

    async def close_by_admin(self, message: str) -> None:
        """The instance admin closed the room: it is deleted, and every connection is told
        `message` (`room_closed`) and closed with CLOSE_ROOM_CLOSED. Runs in the inbox."""
        if not await self._delete():
            raise RoomError(ROOM_UNAVAILABLE, "the room moved to another server; try again")
        log.info("room %s closed by the admin", self.code,
                 extra={"event": "room_closed", "room": self.code})
        said = error_message(ROOM_CLOSED, message)
        for conn in self.conns:
            conn.send(said)
            conn.close(CLOSE_ROOM_CLOSED)
        self.stats.connections -= len(self.conns)
        self.conns.clear()
        self._end()

    async def _delete(self) -> bool:
        """Whether the store let the room go (else it was taken over, and lives on there)."""
        try:
            await self.store.delete_room(self.code, self.epoch)
        except Fenced:
            self.abandon()
            return False
        return True

    def _end(self) -> None:
        self.inbox.close()
        self.autopilot.cancel()
        self.audience.cancel()
        self.code_show.cancel()
        self.calls.close()
        self._on_close(self)

    async def save(self) -> None:
        await self._durable(self.store.save_room(self.code, self.game_name, self.stored_record(),
                                                 self.clock.now_ms(), self.epoch), "the room")

    async def _durable(self, write: Awaitable[None], what: str,
                       undo: Callable[[], None] | None = None) -> None:
        """Waits until the store has kept `write`. A refusal undoes what `undo` undoes and is
        answered `store_failed`; one because another node claimed the room closes this copy."""
        try:
            await write
        except Exception as refusal:
            if undo is not None:
                undo()
            if isinstance(refusal, Fenced):
                self.abandon()
                raise RoomError(STORE_FAILED, "the room moved; reconnect") from None
            if self.store.healthy():  # (an outage is logged by the store, once each way)
                log.exception("room %s: the store refused %s", self.code, what)
            raise RoomError(STORE_FAILED, f"{what} could not be saved; try again") from None

    def stored_record(self) -> dict[str, Any]:
        """What the store keeps of the room besides its games."""
        return {**self.seating.to_record(), **self.record.to_json()}

    @classmethod
    def restore(cls, dump: RoomDump, **kwargs: Any) -> Room:
        """The room as its record and log leave it: the latest game is replayed action by
        action, so the state is exactly the one everybody last saw."""
        room = cls(dump.code, dump.game, **kwargs)
        room.epoch = dump.epoch
        stored = readable(dump.record)
        room.seating = Seating.from_record(stored, room.clock.now_ms())
        record = room.record = RoomRecord.from_json(stored)
        if record.status != "lobby" and dump.games:
            last = dump.games[-1]
            room.switch_game(game_of(last.setup, record, dump.game))
            room.begin(setup_from_json(last.setup), last.started_ms)
            room.names = last.setup.get("names") or [p.name for p in room.seating.seated()]
            room.pids = last.setup.get("pids") or list(room.seating.seats)
            room.log = list(last.log)
            room.replay_log()
            record.status = "playing"
            room.note_finish()  # a game whose end the record missed is counted now
            room.autopilot.note_turn(room.game_now())
        house.keep_valid_options(record, room.game.OPTIONS, room.code)
        for place in room.seating.places.values():  # nobody is connected after a restart
            away.mark(room, place)
        return room

    def choose_game(self, game_name: str) -> None:
        """The host's `choose_game`: the record keeps the game chosen first (`game_of`)."""
        if self.record.first_game is None:
            self.record.first_game = self.game_name
        self.switch_game(game_name)

    def switch_game(self, game_name: str) -> None:
        """The room plays `game_name` from its next game on."""
        self.game_name, self.info = game_name, get_info(game_name)
        self.game = self.info.rules

    def snapshot(self) -> Snapshot:
        return Snapshot(copy.deepcopy(self.record), copy.deepcopy(self.seating), self.game_name,
                        self.setup, self.started_ms, self.state, self.log, self.bots)

    def roll_back(self, before: Snapshot) -> None:
        """The room as it was at `before`."""
        self.record, self.seating = before.record, before.seating
        self.switch_game(before.game_name)
        self.setup, self.started_ms, self.state = before.setup, before.started_ms, before.state
        self.log, self.bots = before.log, before.bots

    async def durably(self, change: Callable[[], Awaitable[T]]) -> T:
        """Runs `change` (which saves the room); if anything fails, the room is as it was."""
        before = self.snapshot()
        try:
            return await change()
        except Exception:
            self.roll_back(before)
            raise

    @property
    def status(self) -> str:
        return self.record.status

    # -- places and connections ------------------------------------------------------------

    @property
    def seat_of(self) -> dict[int, int]:
        """Place id -> seat."""
        return self.seating.seat_of

    def place_of(self, token: str) -> Place:
        return self.seating.place_of(token)

    def seated(self, conn: Conn) -> tuple[Place, int]:
        place = self.seating.places[self.conns[conn]]
        seat = self.seating.seat_of.get(place.pid)
        if seat is None:
            raise RoomError(NOT_SEATED, "spectators watch; only seated players act")
        return place, seat

    def summary(self, you: Place | None = None) -> dict[str, Any]:
        now = self.clock.now_ms()
        answer = summary(self.record, self.seating, code=self.code, game_name=self.game_name,
                         title=self.game.TITLE,
                         options=self.info.shown_options(self.resolved_options()),
                         names=self.names, version=len(self.log), you=you,
                         evening=evening.summary(self.record, self.seating))
        answer["deck"] = decks.shown(self.record.deck)
        answer["streamer"] = streamer.summary(self.record, now)
        if (you is not None and streamer.is_tv(self.record, you)
                and streamer.hides_code(self.record, now)):
            return streamer.for_tv(answer)
        return answer

    def resolved_options(self) -> dict[str, Any]:
        if self.setup is not None and self.record.status != "lobby":
            return dict(self.setup.options)
        return resolve(self.game.OPTIONS, self.record.options)

    @property
    def paused(self) -> bool:
        return self.record.paused

    def game_now(self) -> int:
        """The game's clock (gameclock.py): games, their deadlines and the log only see it."""
        return gameclock.now(self.record, self.clock.now_ms())

    def client_deadline(self) -> int | None:
        if self.state is None or self.record.status != "playing":
            return None
        times = [self.game.deadline(self.state), self.autopilot.turn_deadline()]
        present = [t for t in times if t is not None]
        return min(present) if present else None

    def connect(self, conn: Conn, token: str) -> Place:
        place = self.place_of(token)
        self.conns[conn] = place.pid
        self.stats.connections += 1
        self.active_ms = self.clock.now_ms()
        place.connections += 1
        told = None
        if place.connections == 1 and not self.audience.member(place):
            told = away.missed(self, place)
            place.came_back(self.active_ms)  # a stand-in hands the seat back at once
            self.broadcast_room()
        else:
            self.send_room(conn)
            if place.connections == 1:  # a member of the audience: counted within a second
                self.audience.tally_soon(arrivals=True)
        self.send_view(conn)
        self.audience.send_to(conn)
        self.calls.arrived(conn)
        if told is not None:
            conn.send(dumps(told))
        self.autopilot.schedule()
        return place

    def idle_since(self) -> int | None:
        """When the last connection closed; None while one is open."""
        return None if self.conns else self.active_ms

    def disconnect(self, conn: Conn) -> None:
        pid = self.conns.pop(conn, None)
        if pid is None:
            return
        self.stats.connections -= 1
        now = self.active_ms = self.clock.now_ms()
        place = self.seating.places[pid]
        place.connections -= 1
        if place.connections == 0:
            place.left_ms = now
            away.mark(self, place)
            if self.audience.member(place):
                self.audience.tally_soon(arrivals=True)
            else:
                self.broadcast_room()
        self.autopilot.schedule()

    def drop(self, conn: Conn, code: int) -> None:
        """Closes a connection whose place is gone (a kicked spectator's) with `code`."""
        if self.conns.pop(conn, None) is not None:
            self.stats.connections -= 1
        conn.close(code)

    # -- what everyone is told (messages.py builds it) ---------------------------------------

    def send_room(self, conn: Conn) -> None:
        you = self.seating.places[self.conns[conn]]
        conn.send(dumps({"type": "room", "room": self.summary(you)}))

    def sync(self, conn: Conn) -> None:
        """A client's `sync`: the room, its view and the audience told again."""
        self.send_room(conn)
        self.send_view(conn)
        self.audience.send_to(conn)

    def broadcast_room(self, *, players_only: bool = False) -> None:
        """The `room` message to every connection (only the players' and TVs' when
        `players_only`: the audience's comings and goings), encoded once: each place's `you` is
        spliced in at its end."""
        body = self.summary()
        del body["you"]
        head = opened(dumps({"type": "room", "room": body}), depth=2)
        # Streamer mode: the TVs' summary names no code (streamer.py).
        tv_head = (opened(dumps({"type": "room", "room": streamer.for_tv(body)}), depth=2)
                   if streamer.hides_code(self.record, self.clock.now_ms()) else head)
        places, tvs = self.seating.places, self.record.tvs
        for conn, pid in self.conns.items():
            place = places[pid]
            if not (players_only and self.audience.member(place)):
                conn.send(add_key(tv_head if pid in tvs else head, "you",
                                  dumps(you_of(self.seating, place)), depth=2))
        self.calls.broadcast()  # who takes part in audio and video follows the seats

    def _views(self, events: list[Event]) -> Views:
        return Views(self.game, self.state, version=len(self.log),
                     server_time=self.clock.now_ms(), game_time=self.game_now(),
                     paused=self.paused, deadline=self.client_deadline(), events=events)

    def view_of(self, seat: int | None) -> str | None:
        """The game's view message for `seat` (None: a spectator's), or None between games."""
        return None if self.state is None else self._views([]).text(seat)

    def send_view(self, conn: Conn) -> None:
        view = self.view_of(self.seating.seat_of.get(self.conns[conn]))
        if view is not None:
            conn.send(view)

    def broadcast_views(self, events: list[Event], ack: Ack | None = None) -> None:
        """Each connection's view; `ack`'s connection first, its ack and view in one `send`."""
        actor = None
        if ack is not None:
            actor, acked = ack
            if actor not in self.conns:  # (the actor's socket went meanwhile)
                actor.send(acked)
                actor = None
        if not self.conns:
            return
        views = self._views(events)
        seat_of = self.seating.seat_of
        if actor is not None:
            actor.send(acked, views.text(seat_of.get(self.conns[actor])))
        for conn, pid in self.conns.items():
            if conn is not actor:
                conn.send(views.text(seat_of.get(pid)))
        self.audience.changed()

    # -- the game: durable apply -------------------------------------------------------------

    async def act(self, conn: Conn, action: Action, msg_id: int | None,
                  seen: int | None = None) -> None:
        """A seat's action. `seen`, the version of the view it was made on: a move the game
        says depends on what was shown (`SEEN_MOVES`) is refused once a newer view exists."""
        status = self.record.status
        if status != "playing":
            raise RoomError(WRONG_STATUS, f"no game is being played (the room is {status})")
        _, seat = self.seated(conn)
        if self.paused:
            raise RoomError(PAUSED, "the host paused the game")
        kind = action.get("type")
        found = extras(self.game)
        if isinstance(kind, str) and kind in found.room_actions:
            raise RoomError(ROOM_MOVE, f"only the room makes a {kind!r} move")
        if seen is not None and seen != len(self.log) and kind in found.seen_moves:
            raise RoomError(STALE_VIEW, f"{kind!r} answers view {seen}, and the game is at "
                            f"{len(self.log)} now: look again")
        # The text of an action that others will read (a written name) passes the word filter.
        wordfilter.check_action(self.record.word_filter, found.written, action)
        acked = None if msg_id is None else (conn, msg_id)
        await self.apply(seat, action, acked)

    async def apply(self, seat: int, action: Action,
                    acked: tuple[Conn, int] | None = None) -> None:
        """Validates and applies, makes the action durable, then tells everyone (the sender
        first: its `ack` and its view in one write)."""
        if self.abandoned:  # a copy fenced out never appends again, even from its own job
            raise RoomError(NO_ROOM, f"room {self.code} moved to another server")
        now = self.game_now()
        self.state, events = self.game.apply(self.state, seat, action, now)
        entry = LoggedAction(seat, action, now)
        self.log.append(entry)

        def undo() -> None:
            self.log.pop()
            self.replay_log()  # `apply` changed the state in place

        await self._durable(self.store.append(self.code, self.record.games - 1, len(self.log),
                                              entry), "the action", undo)
        self.stats.actions += 1
        ack = None if acked is None else (
            acked[0], dumps({"type": "ack", "id": acked[1], "version": len(self.log)}))
        await self._changed(events, now, ack)

    def replay_log(self) -> None:
        """The state rebuilt from the setup and the log."""
        assert self.setup is not None
        self.state = replay(self.game, self.setup, self.log)

    async def _changed(self, events: list[Event], now: int, ack: Ack | None) -> None:
        """Everyone told of the action just made durable, its actor first (`ack`)."""
        self.autopilot.changed(now)
        if self.note_finish():
            log.info("room %s: game %d over", self.code, self.record.games - 1, extra={
                "event": "game_over", "room": self.code, "game": self.game_name,
                "index": self.record.games - 1})
            if ack is not None:  # before the room says the game is over
                ack[0].send(ack[1])
                ack = None
            # The action is stored and acknowledged: a record left saying "playing" is harmless
            # (a restore reads the status off the replayed game).
            with contextlib.suppress(RoomError):
                await self.save()
            self.broadcast_room()
        self.broadcast_views(events, ack)
        self.autopilot.schedule()

    def note_finish(self) -> bool:
        """If the game being played just ended: the room's status says so and the game's
        evening points are counted. True if it did."""
        outcome = self.game.outcome(self.state) if self.record.status == "playing" else None
        if outcome is None:
            return False
        self.record.status = "finished"
        evening.score_game(self.record, self.record.games - 1, self.game_name, outcome,
                           self.pids, self.names)
        return True

    def begin(self, setup: SetupArgs, started_ms: int) -> None:
        """A new game's state, and a bot for every seat a bot holds."""
        self.setup = setup
        self.started_ms = started_ms
        self.state = self.game.setup(setup.players, setup.options, setup.seed, setup.stacked)
        self.log = []
        self.bots = {}
        for seat, place in enumerate(self.seating.seated()):
            if place.bot is not None:
                self.bots[seat] = self._new_bot(place.bot, seat)
        self.autopilot.begin(started_ms)

    def bot_for(self, seat: int) -> Bot:
        """The bot playing `seat`; a person's seat a bot plays while they are gone gets one of
        the game's first kind."""
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = self._new_bot(next(iter(bot_kinds(self.game_name))), seat)
        return bot

    def seat_bot(self, seat: int, kind: str) -> None:
        """A bot of `kind` plays `seat` from now on, unless one plays it already (a stand-in
        playing a replaced person's seat plays on)."""
        if seat not in self.bots:
            self.bots[seat] = self._new_bot(kind, seat)

    def _new_bot(self, kind: str, seat: int) -> Bot:
        return make_bot(self.game_name, kind, seat, self.rng.fork())

    def back_to_lobby(self) -> None:
        """The finished game is put away: the room waits in its lobby for the next one."""
        self.record.status = "lobby"
        self.state, self.setup, self.log = None, None, []

    async def start_game(self, dealt: dict[str, Any] | None = None) -> None:
        """Deals a new game and stores it; a store that refuses leaves the room changed (the
        caller rolls it back, see `durably`). `dealt`: options the room adds to the host's for
        this game only (a loaded deck's cards)."""
        record = self.record
        options = resolve(self.game.OPTIONS, {**record.options, **(dealt or {})})
        setup = SetupArgs(len(self.seating.seats), options, self.chance.game_seed())
        now = self.clock.now_ms()
        self.begin(setup, now)  # raises bad_setup before anything changes
        record.games += 1
        record.status = "playing"
        gameclock.restart(record)
        if record.evening_over:
            evening.new_evening(record)
        self.audience.forget_votes()
        self.names = [place.name for place in self.seating.seated()]
        self.pids = list(self.seating.seats)
        stored = {**setup.to_json(), "game": self.game_name, "names": self.names,
                  "pids": self.pids}
        await self._durable(self.store.start_game(self.code, record.games - 1, stored, now,
                                                  self.game_name, self.stored_record(),
                                                  self.epoch), "the game")
        log.info("room %s: game %d started (%s, %d seats)", self.code, record.games - 1,
                 self.game_name, len(self.names), extra={
                     "event": "game_started", "room": self.code, "game": self.game_name,
                     "index": record.games - 1, "seats": len(self.names)})
        self.broadcast_room()
        self.broadcast_views([])
        self.autopilot.schedule()
