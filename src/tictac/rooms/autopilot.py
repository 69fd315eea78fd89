"""What a room does on its own, on time: deadlines, turn timers, bots, stand-ins for gone
players, counting players gone, and expiry. One timer at a time is set, for the earliest thing
due; when it rings, at most one move is made (the next ring comes at once if more is due)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from tictac.bots import RandomBot, bot_kinds, make_bot
from tictac.engine import Action, IllegalAction, LoggedAction, Rng
from tictac.engine.next import Job, due, forced_move, optional_move, timeout_due
from tictac.rooms import messages
from tictac.rooms.clock import Timer
from tictac.rooms.errors import STORE_FAILED

if TYPE_CHECKING:
    from tictac.rooms.room import Room

# A game's `absent_action(state, seat, present, rng)`: its move for a gone seat (Time's Up).
AbsentAction = Callable[[Any, int, Collection[int], Rng], Action | None]

log = logging.getLogger(__name__)
STORE_RETRY_MS = 1000  # a move the store refused is tried again this much later


class Autopilot:
    def __init__(self, room: Room, now_ms: int) -> None:
        self.room = room
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
        if room.turn_s and room.game.to_act(room.state):
            return self.turn_since + room.turn_s * 1000
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
        self._timer = None if wake is None else self.room.clock.call_at(wake, self._ring)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self._timer_at = None

    def _ring(self) -> None:
        self._timer = self._timer_at = None
        self.room.post(self.on_timer)

    def _next_wake(self) -> int | None:
        room = self.room
        times: list[int] = []
        absence = room.seating.next_absence_ms(*self._absence_ms())
        if absence is not None:
            times.append(absence)
        if not room.conns:
            times.append(room.active_ms + room.settings.idle_s * 1000)
        if room.status == "playing" and not room.paused:
            # On the game's clock, which runs `paused_ms` behind the server's.
            times += [max(at + room.paused_ms, self._retry_at) for _, at in self._jobs()]
        return min(times) if times else None

    async def on_timer(self) -> None:
        room = self.room
        now = room.clock.now_ms()
        if room.seating.mark_absent(now, *self._absence_ms()):
            self._spent.discard("forced")  # who stands in, or for whom, may change with it
            messages.broadcast_room(room)
        if not room.conns and room.active_ms + room.settings.idle_s * 1000 <= now:
            await room.expire()
            return
        if room.status == "playing" and not room.paused and now >= self._retry_at:
            await self._timed_move(room.game_now())
        self.schedule()

    def _absence_ms(self) -> tuple[int, int]:
        room = self.room
        return room.settings.away_after_ms, room.gone_after_s * 1000

    # -- who moves for whom ------------------------------------------------------------------

    def stand_in(self, seat: int) -> str | None:
        """Who moves for `seat` when the game waits for it: "bot", "skip" or nobody."""
        room = self.room
        place = room.seating.seated()[seat]
        if place.bot is not None:
            return "bot"
        if place.token_hash is None:  # vacant (its person was kicked): waiting would be forever
            return "bot" if room.policy == "wait" else room.policy
        if place.gone and room.policy != "wait":
            return room.policy
        return None

    def _stand_ins(self) -> list[int]:
        room = self.room
        return [seat for seat in room.game.to_act(room.state)
                if self.stand_in(seat) is not None and room.game.legal_actions(room.state, seat)]

    def _optional_bots(self) -> list[int]:
        room = self.room
        waiting = set(room.game.to_act(room.state))
        return [seat for seat in self._playing_bots() if seat not in waiting
                and room.game.legal_actions(room.state, seat)]

    def _playing_bots(self) -> list[int]:
        """The seats bots play now: a stand-in whose person came back plays no more. None in a
        game that says what to do for the gone itself (Time's Up: a bot hears no clue)."""
        if self._absent_action is not None:
            return []
        return [seat for seat in self.room.bots if self.stand_in(seat) == "bot"]

    @property
    def _absent_action(self) -> AbsentAction | None:
        return getattr(self.room.game, "absent_action", None)

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
                   moves_at=self.changed_ms + room.bot_pause_ms,
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
                    messages.broadcast_views(room, [])
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
                                                   self._playing_bots(), self._bot_choice, now)
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
        bot = room.bots.get(seat)
        if bot is None:  # a person's seat a bot plays while they are gone
            default = next(iter(bot_kinds(room.game_name)))
            bot = room.bots[seat] = make_bot(room.game_name, default, seat, room.rng.fork())
        return bot.act(room.game.view(room.state, seat),
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
        self._retry_at = self.room.clock.now_ms() + STORE_RETRY_MS
        return True
