"""What a room does on its own, on time: deadlines, turn timers, bots, stand-ins for gone
players, counting players gone, and expiry. One timer at a time is set, for the earliest thing
due; when it rings, at most one move is made (the next ring comes at once if more is due).

It knows its room only as a `Table`: what it reads of it, and the few things it asks of it (a
move goes through the room's `apply` like anyone's; the room keeps its bots and tells everyone).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection, Mapping
from typing import Any, Protocol

from tictac.bots import Bot, RandomBot
from tictac.engine import Action, Event, Game, IllegalAction, LoggedAction, Rng
from tictac.engine.extras import AbsentAction, extras
from tictac.engine.next import Job, due, forced_move, optional_move, timeout_due
from tictac.rooms.clock import Clock, Timer
from tictac.rooms.errors import STORE_FAILED
from tictac.rooms.places import Seating
from tictac.rooms.record import RoomRecord
from tictac.rooms.settings import RoomSettings

log = logging.getLogger(__name__)
STORE_RETRY_MS = 1000  # a move the store refused is tried again this much later


class Table(Protocol):
    """The autopilot's room: what it reads (the game and its state, the record, the seating,
    on which it counts seated people away and gone as the clock goes), and all it asks of it."""

    @property
    def code(self) -> str: ...
    @property
    def game(self) -> Game: ...
    @property
    def state(self) -> Any: ...
    @property
    def record(self) -> RoomRecord: ...
    @property
    def seating(self) -> Seating: ...
    @property
    def rng(self) -> Rng: ...
    @property
    def bots(self) -> Mapping[int, Bot]: ...
    @property
    def closed(self) -> bool: ...

    def idle_since(self) -> int | None:
        """When the room's last connection closed; None while one is open."""

    def game_now(self) -> int: ...

    def bot_for(self, seat: int) -> Bot:
        """The bot playing `seat`, made if none does yet (a gone person's stand-in)."""

    def post(self, job: Callable[[], Awaitable[None]]) -> None: ...

    async def apply(self, seat: int, action: Action) -> None: ...

    async def expire(self) -> None: ...

    def broadcast_room(self) -> None: ...

    def broadcast_views(self, events: list[Event]) -> None: ...


class Autopilot:
    def __init__(self, room: Table, clock: Clock, settings: RoomSettings, now_ms: int) -> None:
        self.room = room
        self.clock = clock
        self.settings = settings
        self.changed_ms = now_ms  # when the game last changed: bots pause from there
        self.turn_since = now_ms  # when the seats now to act began to wait
        self._turn_key: tuple[int, ...] = ()
        self._spent: set[Job] = set()  # timed jobs done or found idle at this version
        self._timer: Timer | None = None
        self._timer_at: int | None = None
        self._retry_at = 0  # no timed move before this (the store refused the last one)

    # -- what the room tells it ------------------------------------------------------------

    def begin(self, started_ms: int) -> None:
        self._turn_key = ()
        self.note_turn(started_ms)
        self.changed_ms = started_ms
        self._spent.clear()

    def changed(self, now_ms: int) -> None:
        self.changed_ms = now_ms
        self._spent.clear()
        self.note_turn(now_ms)

    def note_turn(self, now_ms: int) -> None:
        key = tuple(self.room.game.to_act(self.room.state))
        if key != self._turn_key:
            self._turn_key, self.turn_since = key, now_ms

    def turn_deadline(self) -> int | None:
        room = self.room
        turn_s = room.record.turn_s
        if not turn_s:  # (most rooms: asked after every action)
            return None
        to_act = room.game.to_act(room.state)
        if to_act:
            # a seat given extra time has it on its own turns (the most of those to act)
            seated = room.seating.seated()
            extra = max(seated[seat].extra_s for seat in to_act)
            return self.turn_since + (turn_s + extra) * 1000
        return None

    # -- the timer ---------------------------------------------------------------------------

    def schedule(self) -> None:
        if self.room.closed:
            return
        wake = self._next_wake()
        if wake == self._timer_at:
            return
        self.cancel()
        self._timer_at = wake
        self._timer = None if wake is None else self.clock.call_at(wake, self._ring)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self._timer_at = None

    def _ring(self) -> None:
        self._timer = self._timer_at = None
        self.room.post(self.on_timer)

    def _next_wake(self) -> int | None:
        room, record = self.room, self.room.record
        times: list[int] = []
        absence = room.seating.next_absence_ms(*self._absence_ms())
        if absence is not None:
            times.append(absence)
        expiry = self._expiry_ms()
        if expiry is not None:
            times.append(expiry)
        if record.status == "playing" and not record.paused:
            # On the game's clock, which runs `paused_ms` behind the server's.
            times += [max(at + record.paused_ms, self._retry_at) for _, at in self._jobs()]
        return min(times) if times else None

    def _expiry_ms(self) -> int | None:
        """When the room expires if nobody connects meanwhile."""
        idle = self.room.idle_since()
        return None if idle is None else idle + self.settings.idle_s * 1000

    async def on_timer(self) -> None:
        room = self.room
        now = self.clock.now_ms()
        if room.seating.mark_absent(now, *self._absence_ms()):
            self._spent.discard("forced")  # who stands in, or for whom, may change with it
            room.broadcast_room()
        expiry = self._expiry_ms()
        if expiry is not None and expiry <= now:
            await room.expire()
            return
        if room.record.status == "playing" and not room.record.paused and now >= self._retry_at:
            await self._timed_move(room.game_now())
        self.schedule()

    def _absence_ms(self) -> tuple[int, int]:
        return self.settings.away_after_ms, self.room.record.gone_after_s * 1000

    # -- who moves for whom ------------------------------------------------------------------

    def stand_in(self, seat: int) -> str | None:
        """Who moves for `seat` when the game waits for it: "bot", "skip" or nobody."""
        return self.room.seating.seated()[seat].stand_in(self.room.record.policy)

    def _stand_ins(self) -> list[int]:
        room = self.room
        seated, policy = room.seating.seated(), room.record.policy
        return [seat for seat in room.game.to_act(room.state)
                if seated[seat].stand_in(policy) is not None
                and room.game.legal_actions(room.state, seat)]

    def _optional_bots(self) -> list[int]:
        bots = self.bots_playing()
        if not bots:  # (most rooms, after every action)
            return bots
        room = self.room
        waiting = set(room.game.to_act(room.state))
        return [seat for seat in bots if seat not in waiting
                and room.game.legal_actions(room.state, seat)]

    def bots_playing(self) -> list[int]:
        """The seats bots play now: a stand-in whose person came back plays no more. None in a
        game that says what to do for the gone itself (Time's Up: a bot hears no clue)."""
        if not self.room.bots or self._absent_action is not None:  # (no bot: most rooms)
            return []
        return [seat for seat in self.room.bots if self.stand_in(seat) == "bot"]

    @property
    def _absent_action(self) -> AbsentAction | None:
        return extras(self.room.game).absent_action

    def present(self) -> set[int]:
        """The seats whose person is here (or away for less than the grace period)."""
        return {seat for seat, place in enumerate(self.room.seating.seated())
                if place.person and not place.gone}

    def absent_choice(self, seat: int, present: Collection[int]) -> Action | None:
        """The game's own move for a gone `seat` (see `_absent_action`), or None."""
        absent = self._absent_action
        assert absent is not None
        return absent(self.room.state, seat, present, self.room.rng)

    def _jobs(self) -> list[tuple[Job, int]]:
        """What may be due and when (engine/next.py), less what is spent at this version:
        optional moves of the bots a human-looking pause after the last change, stand-ins'
        moves for the seats waited for from then too."""
        room = self.room
        jobs = due(room.game, room.state, turn_at=self.turn_deadline(),
                   moves_at=self.changed_ms + room.record.bot_pause_ms,
                   optional=bool(self._optional_bots()), forced=bool(self._stand_ins()))
        return [(job, at) for job, at in jobs if job not in self._spent]

    async def _timed_move(self, now: int) -> None:
        """The first job whose time has come, in engine/next.py's order; at most one move."""
        room = self.room
        game, state = room.game, room.state
        for job, at in self._jobs():
            if at > now:
                continue
            if job == "deadline":
                timeout = timeout_due(game, state, now)
                if timeout is None:
                    # A deadline that only lets the table go on: nothing to log, but every
                    # client hears that the wait is over.
                    self._spent.add("deadline")
                    room.broadcast_views([])
                    continue
                await self._try(timeout, job)
            elif job == "turn":
                await self._try(self.auto_move(game.to_act(state)[0], now), job)
            elif job == "optional":
                self._spent.add(job)
                # Bots think on a worker thread: a search bot's 200 ms on the event loop would
                # hold up every room of the server. This room's inbox waits, so its state
                # stays put.
                optional = await asyncio.to_thread(optional_move, game, state,
                                                   self.bots_playing(), self._bot_choice, now)
                if optional is None:
                    continue
                await self._try(optional, job)
            else:
                move = await asyncio.to_thread(forced_move, game, state, self._stand_ins()[:1],
                                               self._stand_in_choice, now)
                await self._try(move, job)
            return

    def auto_move(self, seat: int, now: int) -> LoggedAction | None:
        """The game's automatic move for `seat` (a turn timer's, or the host's skip). A gone
        seat's, in a game that says what to do for the gone, is that (Time's Up: the timer
        passes a gone cluegiver's turn on instead of starting it for nobody)."""
        present = self.present()
        if self._absent_action is not None and seat not in present:
            move = self.absent_choice(seat, present)
        else:
            move = self.room.game.auto_action(self.room.state, seat, self.room.rng)
        return None if move is None else LoggedAction(seat, move, now)

    def _bot_choice(self, seat: int, must: bool) -> Action | None:
        room = self.room
        return room.bot_for(seat).act(room.game.view(room.state, seat),
                       room.game.legal_actions(room.state, seat), must)

    def _stand_in_choice(self, seat: int, must: bool) -> Action | None:
        if self._absent_action is not None:
            return self.absent_choice(seat, self.present())
        if self.stand_in(seat) == "skip":
            return self.room.game.auto_action(self.room.state, seat, self.room.rng)
        return self._bot_choice(seat, must)

    async def _try(self, move: LoggedAction | None, job: Job) -> None:
        """A move the room makes itself; one the game refuses is a bug in a bot or a game:
        logged, and a random legal move is made instead so the table never stalls."""
        if move is None:
            self._spent.add(job)
            return
        room = self.room
        try:
            await room.apply(move.seat, move.action)
        except IllegalAction as refusal:
            if self._held(refusal):
                return
            log.warning("room %s: %s move %r refused: %s", room.code, job, move.action, refusal)
            legal = room.game.legal_actions(room.state, move.seat)
            # A game that plays nothing for the gone gets no random move for them either.
            if not legal or self._absent_action is not None:
                self._spent.add(job)
                return
            fallback = RandomBot(move.seat, room.rng.fork()).act({}, legal, True)
            assert fallback is not None
            try:
                await room.apply(move.seat, fallback)
            except IllegalAction as again:
                if not self._held(again):
                    self._spent.add(job)

    def _held(self, refusal: IllegalAction) -> bool:
        """Whether the store refused the move: then it is not spent (nothing else may ever make
        it, a deadline's or a bot's, and the room would wait for good) but made again later."""
        if refusal.code != STORE_FAILED:
            return False
        self._retry_at = self.clock.now_ms() + STORE_RETRY_MS
        return True
