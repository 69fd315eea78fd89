"""One room: an asyncio task with an inbox. Everything that touches the room (messages from
its connections, HTTP calls, timers) is a job in the inbox, run one at a time, so the room
needs no locks. An accepted action is appended to the store before anyone hears of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from tictac.bots import Bot, RandomBot, bot_kinds, make_bot
from tictac.engine import (
    Action,
    Event,
    IllegalAction,
    LoggedAction,
    SetupArgs,
    get_game,
    replay,
    resolve,
)
from tictac.engine.errors import BAD_OPTION
from tictac.rooms.chance import Chance
from tictac.rooms.clock import Clock, Timer
from tictac.rooms.errors import BAD_TOKEN, NO_ROOM, NOT_SEATED, WRONG_STATUS, RoomError
from tictac.rooms.places import Place, new_token, token_hash
from tictac.rooms.settings import RoomSettings
from tictac.rooms.stats import Stats
from tictac.rooms.wire import dumps
from tictac.store import RoomDump, Store

log = logging.getLogger(__name__)

POLICIES = ("wait", "bot", "skip")
STORE_FAILED = "store_failed"


class Conn(Protocol):
    """One client connection as the room sees it: `send` never blocks (the server queues)."""

    def send(self, text: str) -> None: ...

    def close(self, code: int) -> None: ...


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
        self.game = get_game(game_name)
        self.clock = clock
        self.chance = chance
        self.store = store
        self.settings = settings
        self.stats = stats
        self._on_close = on_close
        now = clock.now_ms()
        # The record: what the store keeps of the room besides its games.
        self.places: dict[int, Place] = {}
        self.seats: list[int] = []
        self.host: int | None = None
        self.status = "lobby"
        self.options: dict[str, Any] = {}
        self.policy = "wait"
        self.gone_after_s = settings.gone_after_s
        self.turn_s: int | None = None
        self.bot_pause_ms = settings.bot_pause_ms
        self.next_pid = 0
        self.games = 0
        self.created_ms = now
        # Runtime.
        self.by_token: dict[str, Place] = {}
        self.seat_of: dict[int, int] = {}
        self.conns: dict[Conn, int] = {}
        self.active_ms = now
        self.setup: SetupArgs | None = None
        self.started_ms = 0
        self.state: Any = None
        self.log: list[LoggedAction] = []
        self.bots: dict[int, Bot] = {}
        self.rng = chance.room_rng()
        self._changed_ms = now
        self._turn_key: tuple[int, ...] = ()
        self._turn_since = now
        self._spent: set[str] = set()  # timed jobs that did nothing at this version
        self._asked_optional = -1
        self._timer: Timer | None = None
        self._timer_at: int | None = None
        # A deque and a wake-up future rather than an asyncio.Queue: one job per action, and
        # the Queue's bookkeeping was a visible share of an action's time.
        self._inbox: deque[tuple[Callable[..., Any], tuple[Any, ...],
                                 asyncio.Future[Any] | None]] = deque()
        self._wake: asyncio.Future[None] | None = None
        self._task: asyncio.Task[None] | None = None
        self.closed = False

    # -- the task and its inbox ------------------------------------------------------------

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"room-{self.code}")
        self._schedule()

    def _put(self, job: Callable[..., Any], args: tuple[Any, ...],
             future: asyncio.Future[Any] | None) -> None:
        self._inbox.append((job, args, future))
        if self._wake is not None and not self._wake.done():
            self._wake.set_result(None)

    def post(self, job: Callable[..., Any], *args: Any) -> None:
        """Queues a job; its refusals go to nobody (callers that answer use `call`)."""
        self._put(job, args, None)

    async def call(self, job: Callable[..., Any], *args: Any) -> Any:
        if self.closed:
            raise RoomError(NO_ROOM, f"room {self.code} is closed")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._put(job, args, future)
        return await future

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while not self.closed:
            if not self._inbox:
                self._wake = loop.create_future()
                await self._wake
                continue
            job, args, future = self._inbox.popleft()
            try:
                result = job(*args)
                if inspect.isawaitable(result):
                    result = await result
            except Exception as error:
                if future is not None and not future.done():
                    future.set_exception(error)
                elif not isinstance(error, IllegalAction):
                    log.exception("room %s: job %s failed", self.code, job)
                continue
            if future is not None and not future.done():
                future.set_result(result)
        while self._inbox:  # jobs that came too late: their callers hear so
            _, _, future = self._inbox.popleft()
            if future is not None and not future.done():
                future.set_exception(RoomError(NO_ROOM, f"room {self.code} is closed"))

    async def stop(self) -> None:
        """Stops the task (server shutdown); the room lives on in the store."""
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _expire(self) -> None:
        log.info("room %s expired", self.code)
        await self.store.delete_room(self.code)
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
        self._on_close(self)

    # -- the record ------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        return {
            "places": [place.to_record() for place in self.places.values()],
            "seats": self.seats, "host": self.host, "status": self.status,
            "options": self.options, "policy": self.policy, "gone_after_s": self.gone_after_s,
            "turn_s": self.turn_s, "bot_pause_ms": self.bot_pause_ms,
            "next_pid": self.next_pid, "games": self.games, "created_ms": self.created_ms,
        }

    async def save(self) -> None:
        await self.store.save_room(self.code, self.game_name, self.to_record(),
                                   self.clock.now_ms())

    @classmethod
    def restore(cls, dump: RoomDump, **kwargs: Any) -> Room:
        """The room as its record and log leave it: the latest game is replayed action by
        action, so the state is exactly the one everybody last saw."""
        room = cls(dump.code, dump.game, **kwargs)
        record, now = dump.record, room.clock.now_ms()
        for entry in record["places"]:
            room._add_place(Place.from_record(entry, now))
        for key in ("seats", "host", "status", "options", "policy", "gone_after_s", "turn_s",
                    "bot_pause_ms", "next_pid", "games", "created_ms"):
            setattr(room, key, record[key])
        room._reseat()
        if room.status != "lobby" and dump.games:
            last = dump.games[-1]
            room._begin(setup_from_json(last.setup), last.started_ms)
            room.log = list(last.log)
            room._replay_current()
            room.status = "finished" if room.game.outcome(room.state) else "playing"
            room._note_turn(now)
        return room

    # -- places ----------------------------------------------------------------------------

    def _add_place(self, place: Place) -> None:
        self.places[place.pid] = place
        if place.token_hash is not None:
            self.by_token[place.token_hash] = place

    def _new_place(self, name: str, *, bot: str | None = None,
                   vacant: bool = False) -> tuple[str | None, Place]:
        """A place for a person (with a new token), a bot, or nobody (a vacant seat)."""
        token = None if bot or vacant else new_token()
        place = Place(self.next_pid, name, token and token_hash(token), bot)
        place.left_ms = self.clock.now_ms()
        self.next_pid += 1
        self._add_place(place)
        return token, place

    def _reseat(self) -> None:
        self.seat_of = {pid: seat for seat, pid in enumerate(self.seats)}

    def place_of(self, token: str) -> Place:
        place = self.by_token.get(token_hash(token))
        if place is None:
            raise RoomError(BAD_TOKEN, "this token holds no place in this room")
        return place

    def seated(self, conn: Conn) -> tuple[Place, int]:
        place = self.places[self.conns[conn]]
        seat = self.seat_of.get(place.pid)
        if seat is None:
            raise RoomError(NOT_SEATED, "spectators watch; only seated players act")
        return place, seat

    def names(self) -> list[str]:
        return [place.name for place in self.places.values() if place.token_hash or place.bot]

    # -- what clients get ------------------------------------------------------------------

    def summary(self, you: Place | None = None) -> dict[str, Any]:
        seats = []
        for seat, pid in enumerate(self.seats):
            place = self.places[pid]
            seats.append({"seat": seat, "name": place.name, "bot": place.bot is not None,
                          "connected": place.bot is not None or place.connections > 0,
                          "gone": place.gone or not (place.bot or place.token_hash)})
        spectators = sum(1 for place in self.places.values()
                         if place.pid not in self.seat_of and place.connections > 0)
        summary: dict[str, Any] = {
            "code": self.code, "game": self.game_name, "title": self.game.TITLE,
            "status": self.status, "host": self.seat_of.get(self.host, None)
            if self.host is not None else None,
            "options": self.resolved_options(), "policy": self.policy,
            "gone_after_s": self.gone_after_s, "turn_s": self.turn_s,
            "bot_pause_ms": self.bot_pause_ms, "seats": seats, "spectators": spectators,
            "games": self.games, "you": None,
        }
        if you is not None:
            your_seat = self.seat_of.get(you.pid)
            summary["you"] = {"seat": your_seat, "host": you.pid == self.host,
                              "spectator": your_seat is None, "name": you.name}
        return summary

    def resolved_options(self) -> dict[str, Any]:
        if self.setup is not None and self.status != "lobby":
            return dict(self.setup.options)
        return resolve(self.game.OPTIONS, self.options)

    def send_room(self, conn: Conn) -> None:
        conn.send(dumps({"type": "room", "room": self.summary(self.places[self.conns[conn]])}))

    def broadcast_room(self) -> None:
        for conn in self.conns:
            self.send_room(conn)

    def client_deadline(self) -> int | None:
        if self.state is None or self.status != "playing":
            return None
        times: list[int | None] = [self.game.deadline(self.state)]
        if self.turn_s and self.game.to_act(self.state):
            times.append(self._turn_since + self.turn_s * 1000)
        present = [t for t in times if t is not None]
        return min(present) if present else None

    def _view_head(self, events: list[Event]) -> str:
        """A `view` message up to its `"view":` key: the same for every seat, so encoded once
        per change however many seats are told."""
        head = dumps({"type": "view", "version": len(self.log), "server_time": self.clock.now_ms(),
                      "deadline": self.client_deadline(), "events": events})
        return head[:-1] + ',"view":'

    def view_message(self, seat: int | None, events: list[Event]) -> str:
        return self._view_head(events) + dumps(self.game.view(self.state, seat)) + "}"

    def send_view(self, conn: Conn) -> None:
        if self.state is not None:
            conn.send(self.view_message(self.seat_of.get(self.conns[conn]), []))

    def broadcast_views(self, events: list[Event]) -> None:
        """Each seat's view is built and encoded once, however many connections hold it."""
        head = None
        texts: dict[int | None, str] = {}
        for conn, pid in self.conns.items():
            seat = self.seat_of.get(pid)
            text = texts.get(seat)
            if text is None:
                if head is None:
                    head = self._view_head(events)
                text = texts[seat] = head + dumps(self.game.view(self.state, seat)) + "}"
            conn.send(text)

    # -- connections -----------------------------------------------------------------------

    def connect(self, conn: Conn, token: str) -> Place:
        place = self.place_of(token)
        self.conns[conn] = place.pid
        self.stats.connections += 1
        self.active_ms = self.clock.now_ms()
        place.connections += 1
        place.left_ms = None
        if place.connections == 1:
            place.gone = False
            self.broadcast_room()
        else:
            self.send_room(conn)
        self.send_view(conn)
        self._schedule()
        return place

    def disconnect(self, conn: Conn) -> None:
        pid = self.conns.pop(conn, None)
        if pid is None:
            return
        self.stats.connections -= 1
        now = self.active_ms = self.clock.now_ms()
        place = self.places[pid]
        place.connections -= 1
        if place.connections == 0:
            place.left_ms = now
            self.broadcast_room()
        self._schedule()

    # -- game actions ----------------------------------------------------------------------

    async def act(self, conn: Conn, action: Action, msg_id: int | None) -> None:
        if self.status != "playing":
            raise RoomError(WRONG_STATUS, f"no game is being played (the room is {self.status})")
        _, seat = self.seated(conn)
        acked = None if msg_id is None else (conn, msg_id)
        await self.apply(seat, action, acked)

    async def apply(self, seat: int, action: Action,
                    acked: tuple[Conn, int] | None = None) -> None:
        """Validates and applies, makes the action durable, then tells everyone (the sender
        first, with an `ack`)."""
        now = self.clock.now_ms()
        self.state, events = self.game.apply(self.state, seat, action, now)
        entry = LoggedAction(seat, action, now)
        self.log.append(entry)
        try:
            await self.store.append(self.code, self.games - 1, len(self.log), entry)
        except Exception:
            log.exception("room %s: the store refused an action; rolling it back", self.code)
            self.log.pop()
            self._replay_current()
            raise RoomError(STORE_FAILED, "the action could not be saved; try again") from None
        self.stats.actions += 1
        if acked is not None:
            acked[0].send(dumps({"type": "ack", "id": acked[1], "version": len(self.log)}))
        await self._changed(events, now)

    def _replay_current(self) -> None:
        assert self.setup is not None
        self.state = replay(self.game, self.setup, self.log)

    async def _changed(self, events: list[Event], now: int) -> None:
        self._changed_ms = now
        self._spent.clear()
        self._note_turn(now)
        if self.status == "playing" and self.game.outcome(self.state) is not None:
            self.status = "finished"
            await self.save()
            self.broadcast_room()
        self.broadcast_views(events)
        self._schedule()

    def _note_turn(self, now: int) -> None:
        key = tuple(self.game.to_act(self.state))
        if key != self._turn_key:
            self._turn_key, self._turn_since = key, now

    def _begin(self, setup: SetupArgs, started_ms: int) -> None:
        self.setup = setup
        self.started_ms = started_ms
        self.state = self.game.setup(setup.players, setup.options, setup.seed, setup.stacked)
        self.log = []
        self.bots = {}
        for seat, pid in enumerate(self.seats):
            kind = self.places[pid].bot
            if kind is not None:
                self.bots[seat] = make_bot(self.game_name, kind, seat, self.rng.fork())
        self._turn_key = ()
        self._note_turn(started_ms)
        self._changed_ms = started_ms

    async def start_game(self) -> None:
        options = resolve(self.game.OPTIONS, self.options)
        setup = SetupArgs(len(self.seats), options, self.chance.game_seed())
        now = self.clock.now_ms()
        self._begin(setup, now)  # raises bad_setup before anything changes
        self.games += 1
        self.status = "playing"
        stored = {**setup.to_json(), "names": [self.places[pid].name for pid in self.seats]}
        await self.store.start_game(self.code, self.games - 1, stored, now, self.game_name,
                                    self.to_record())
        self._spent.clear()
        self.broadcast_room()
        self.broadcast_views([])
        self._schedule()

    # -- timers: deadlines, turn timers, bots, gone players, expiry -----------------------

    def stand_in(self, seat: int) -> str | None:
        """Who moves for `seat` when the game waits for it: "bot", "skip" or nobody."""
        place = self.places[self.seats[seat]]
        if place.bot is not None:
            return "bot"
        if place.token_hash is None:  # vacant (its person was kicked): waiting would be forever
            return "bot" if self.policy == "wait" else self.policy
        if place.gone and self.policy != "wait":
            return self.policy
        return None

    def _optional_bots(self) -> list[int]:
        waiting = set(self.game.to_act(self.state))
        return [seat for seat in self.bots if seat not in waiting
                and self.game.legal_actions(self.state, seat)]

    def _stand_ins(self, to_act: list[int]) -> list[tuple[int, str]]:
        found = []
        for seat in to_act:
            kind = self.stand_in(seat)
            if kind is not None and self.game.legal_actions(self.state, seat):
                found.append((seat, kind))
        return found

    def _move_due(self) -> int:
        """When a stand-in moves: after the human-looking pause, and not before a deadline
        that only lets the table go on (a TIMO grace window), since moves before it fail."""
        due = self._changed_ms + self.bot_pause_ms
        deadline = self.game.deadline(self.state)
        if deadline is not None and self.game.timeout_action(self.state) is None:
            due = max(due, deadline)
        return due

    def _next_wake(self) -> int | None:
        times: list[int] = []
        gone_ms = self.gone_after_s * 1000
        for pid in self.seats:
            place = self.places[pid]
            if place.person and not place.gone and place.left_ms is not None:
                times.append(place.left_ms + gone_ms)
        if not self.conns:
            times.append(self.active_ms + self.settings.idle_s * 1000)
        if self.status == "playing":
            deadline = self.game.deadline(self.state)
            if deadline is not None and "deadline" not in self._spent:
                times.append(deadline)
            to_act = self.game.to_act(self.state)
            if self.turn_s and to_act and "turn" not in self._spent:
                times.append(self._turn_since + self.turn_s * 1000)
            if "stand_in" not in self._spent and self._stand_ins(to_act):
                times.append(self._move_due())
            if self._asked_optional != len(self.log) and self._optional_bots():
                times.append(self._changed_ms + self.bot_pause_ms)
        return min(times) if times else None

    def _schedule(self) -> None:
        if self.closed:
            return
        wake = self._next_wake()
        if wake == self._timer_at:
            return
        if self._timer is not None:
            self._timer.cancel()
        self._timer_at = wake
        self._timer = None if wake is None else self.clock.call_at(wake, self._ring)

    def _ring(self) -> None:
        self._timer = self._timer_at = None
        self.post(self.on_timer)

    async def on_timer(self) -> None:
        now = self.clock.now_ms()
        self._mark_gone(now)
        if not self.conns and self.active_ms + self.settings.idle_s * 1000 <= now:
            await self._expire()
            return
        if self.status == "playing":
            await self._timed_move(now)
        self._schedule()

    def _mark_gone(self, now: int) -> None:
        changed = False
        for pid in self.seats:
            place = self.places[pid]
            if (place.person and not place.gone and place.left_ms is not None
                    and place.left_ms + self.gone_after_s * 1000 <= now):
                place.gone = changed = True
        if changed:
            self._pass_host_on()
            self.broadcast_room()

    def _pass_host_on(self) -> None:
        host = self.places.get(self.host) if self.host is not None else None
        if host is not None and not host.gone:
            return
        for pid in self.seats:
            place = self.places[pid]
            if place.person and place.connections > 0:
                self.host = pid
                return

    async def _timed_move(self, now: int) -> None:
        """At most one move per ring: the next ring comes at once if more is due."""
        deadline = self.game.deadline(self.state)
        if deadline is not None and deadline <= now and "deadline" not in self._spent:
            timeout = self.game.timeout_action(self.state)
            if timeout is not None:
                await self._try(timeout, "deadline")
                return
            # A deadline that only lets the table go on: nothing to log, but every client
            # hears that the wait is over.
            self._spent.add("deadline")
            self.broadcast_views([])
        to_act = self.game.to_act(self.state)
        if (self.turn_s and to_act and "turn" not in self._spent
                and self._turn_since + self.turn_s * 1000 <= now):
            move = self.game.auto_action(self.state, to_act[0], self.rng)
            await self._try(None if move is None else (to_act[0], move), "turn")
            return
        if "stand_in" not in self._spent and now >= self._move_due():
            for seat, kind in self._stand_ins(to_act):
                await self._try(self._stand_in_move(seat, kind), "stand_in")
                return
        if now < self._changed_ms + self.bot_pause_ms:
            return
        if self._asked_optional != len(self.log):
            self._asked_optional = len(self.log)
            for seat in self._optional_bots():
                move = self.bots[seat].act(self.game.view(self.state, seat),
                                           self.game.legal_actions(self.state, seat), False)
                if move is not None:
                    await self._try((seat, move), "optional")
                    return

    def _stand_in_move(self, seat: int, kind: str) -> tuple[int, Action] | None:
        if kind == "skip":
            move = self.game.auto_action(self.state, seat, self.rng)
            return None if move is None else (seat, move)
        bot = self.bots.get(seat)
        if bot is None:
            default = next(iter(bot_kinds(self.game_name)))
            bot = self.bots[seat] = make_bot(self.game_name, default, seat, self.rng.fork())
        legal = self.game.legal_actions(self.state, seat)
        move = bot.act(self.game.view(self.state, seat), legal, True)
        return None if move is None else (seat, move)

    async def _try(self, move: tuple[int, Action] | None, job: str) -> None:
        """A move the room makes itself; one the game refuses is a bug in a bot or a game:
        logged, and a random legal move is made instead so the table never stalls."""
        if move is None:
            self._spent.add(job)
            return
        seat, action = move
        try:
            await self.apply(seat, action)
        except IllegalAction as refusal:
            log.warning("room %s: %s move %r refused: %s", self.code, job, action, refusal)
            legal = self.game.legal_actions(self.state, seat)
            if not legal:
                self._spent.add(job)
                return
            fallback = RandomBot(seat, self.rng.fork()).act({}, legal, True)
            assert fallback is not None
            try:
                await self.apply(seat, fallback)
            except IllegalAction:
                self._spent.add(job)


def setup_from_json(stored: dict[str, Any]) -> SetupArgs:
    return SetupArgs(stored["players"], stored["options"], stored["seed"], stored["stacked"])


def check_policy(policy: str) -> str:
    if policy not in POLICIES:
        raise RoomError(BAD_OPTION, f"policy is one of {', '.join(POLICIES)}")
    return policy
