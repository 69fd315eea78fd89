"""Limits that span connections: chat lines per player (however many sockets they hold) and
per room, an audience member's votes, the actions a game rates per seat (`SEAT_RATES`: Time's
Up's typed guesses), and how many sockets one token may hold at once (the newest ones). The
per-socket message rate (`ServerSettings.rate_per_s`) cannot stop a player who opens more
sockets."""

from __future__ import annotations

import time
from dataclasses import dataclass

from tictac.engine import Action, Game
from tictac.engine.contract import SeatRate
from tictac.engine.extras import extras
from tictac.rooms.buckets import Buckets
from tictac.rooms.conn import Transport
from tictac.server.errors import CLOSE_SUPERSEDED, SUPERSEDED


@dataclass(frozen=True)
class QuotaSettings:
    chat_per_s: float = 1.0  # chat lines one player may send per second, on average
    chat_burst: int = 5
    room_chat_per_s: float = 5.0  # ... and a whole room
    room_chat_burst: int = 20
    sockets_per_token: int = 4  # a phone, a tab or two, a reload in flight
    vote_per_s: float = 2.0  # votes one audience member may send per second, on average
    vote_burst: int = 5


class Quotas:
    def __init__(self, settings: QuotaSettings | None = None) -> None:
        self.settings = settings = settings or QuotaSettings()
        self.player_chat = Buckets(settings.chat_per_s, settings.chat_burst)
        self.room_chat = Buckets(settings.room_chat_per_s, settings.room_chat_burst)
        self.sockets: dict[tuple[str, str], list[Transport]] = {}  # oldest first
        self.seat_actions: dict[SeatRate, Buckets] = {}
        self.votes = Buckets(settings.vote_per_s, settings.vote_burst)

    def chat(self, code: str, pid: int, now: float | None = None) -> bool:
        """Whether one more chat line from place `pid` of room `code` may go out now."""
        now = time.monotonic() if now is None else now
        if not self.player_chat.take((code, pid), now):
            return False
        return self.room_chat.take(code, now)

    def vote(self, code: str, pid: int, now: float | None = None) -> bool:
        """Whether one more vote from place `pid` of room `code` may be taken now."""
        return self.votes.take((code, pid), time.monotonic() if now is None else now)

    def action(self, code: str, game: Game, pid: int, action: Action,
               now: float | None = None) -> SeatRate | None:
        """The game's rate that `action` from place `pid` is past, or None: it may go on."""
        kind = action.get("type")
        rates = extras(game).seat_rates
        rate = rates.get(kind) if rates and isinstance(kind, str) else None
        if rate is None:
            return None
        buckets = self.seat_actions.get(rate)
        if buckets is None:
            buckets = self.seat_actions[rate] = Buckets(rate.per_s, rate.burst)
        return None if buckets.take((code, pid, kind), time.monotonic() if now is None
                                    else now) else rate

    def open_socket(self, code: str, token: str, socket: Transport) -> None:
        """Counts one more socket for the token; past the cap the oldest makes way (closed
        with CLOSE_SUPERSEDED), so the place's owner always gets back in: a reload, a phone
        back from sleep, or whoever copied the token and holds sockets open."""
        held = self.sockets.setdefault((code, token), [])
        held.append(socket)
        while len(held) > self.settings.sockets_per_token:
            oldest = held.pop(0)
            oldest.error(SUPERSEDED, "this place was opened on a newer connection")
            oldest.close(CLOSE_SUPERSEDED)

    def close_socket(self, code: str, token: str, socket: Transport) -> None:
        key = (code, token)
        held = self.sockets.get(key, [])
        if socket in held:
            held.remove(socket)
        if not held:
            self.sockets.pop(key, None)
