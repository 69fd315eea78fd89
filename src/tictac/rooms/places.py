"""A place in a room: a seat or a spectator's chair, held by a secret token (or by a bot).

Only the token's SHA-256 is kept, in memory and in the store, so a leaked database gives
nobody a seat."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from tictac.rooms.errors import BAD_TOKEN, SEAT_MOVED, RoomError
from tictac.rooms.prefs import DEFAULT, Prefs, stored_prefs


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Place:
    pid: int
    name: str
    token_hash: str | None  # None: a bot, or a seat whose person was kicked mid-game
    bot: str | None = None  # the bot kind when a bot holds the place
    prefs: Prefs = DEFAULT  # its person's accommodations (prefs.py)
    # Seconds the host added to this seat's turns (docs/rulings.md, "Extra time for a seat").
    extra_s: int = 0
    # Runtime only: open connections, when the first of them opened and when the last closed.
    connections: int = 0
    here_ms: int | None = None
    left_ms: int | None = None
    away: bool = False  # no open connection for a few seconds (a locked phone, a reload)
    gone: bool = False  # away past the room's grace period
    left_at: tuple[int, int] | None = None  # (games, log length) then (away.py)

    @property
    def person(self) -> bool:
        return self.bot is None and self.token_hash is not None

    @property
    def presence(self) -> str:
        """"connected", "away" or "gone" (a bot is always connected; a vacant seat is gone)."""
        if self.bot is not None:
            return "connected"
        if self.gone or self.token_hash is None:
            return "gone"
        return "away" if self.away else "connected"

    def stand_in(self, policy: str) -> str | None:
        """Who moves for this seat when the game waits for it, under the room's gone-player
        `policy`: "bot", "skip" or nobody (its person does)."""
        if self.bot is not None:
            return "bot"
        if self.token_hash is None:  # vacant (its person was kicked): waiting would be forever
            return "bot" if policy == "wait" else policy
        if self.gone and policy != "wait":
            return policy
        return None

    def came_back(self, now_ms: int) -> None:
        self.here_ms = now_ms
        self.left_ms = self.left_at = None
        self.away = self.gone = False

    def to_record(self) -> dict[str, Any]:
        record = {"pid": self.pid, "name": self.name, "token": self.token_hash, "bot": self.bot}
        # Only what was set: most places (an audience's hundreds) keep the defaults.
        if self.prefs != DEFAULT:
            record["prefs"] = self.prefs.model_dump()
        if self.extra_s:
            record["extra_s"] = self.extra_s
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any], now_ms: int) -> Place:
        place = cls(record["pid"], record["name"], record["token"], record["bot"],
                    stored_prefs(record.get("prefs"), f"place {record['pid']}"),
                    _extra_s(record.get("extra_s")))
        # After a restart nobody is connected yet: the gone-timer starts from the restart.
        place.left_ms = now_ms
        return place


# How long the first person back waits for a host who turned gone while nobody was connected
# before host rights pass on: the host is likely on the way too (a crowd coming back after a
# room moved, phones woken one by one), and a table whose host never comes back can start.
HOST_WAIT_MS = 60_000

# The most extra time the host may give a seat, in seconds (as long as Time's Up's longest turn).
MOST_EXTRA_S = 120


def _extra_s(stored: Any) -> int:
    """A stored `extra_s` (none before seats had extra time), within today's bounds."""
    if type(stored) is not int:
        return 0
    return min(max(stored, 0), MOST_EXTRA_S)


class Seating:
    """Every place of a room (by id and by token hash), the seats in order, and the host."""

    def __init__(self) -> None:
        self.places: dict[int, Place] = {}
        self.seats: list[int] = []  # place ids, in seat order
        self.host: int | None = None  # the host's place id
        self.next_pid = 0
        self.by_token: dict[str, Place] = {}
        self.seat_of: dict[int, int] = {}  # place id -> seat
        self._seated: tuple[Place, ...] = ()  # the seats' places, read at every action
        # Runtime only (rejoin.py): live rejoin codes, code hash -> (place id, expiry ms), and
        # the hashes of tokens whose place moved to another device.
        self.rejoin_codes: dict[str, tuple[int, int]] = {}
        self.moved: set[str] = set()

    def to_record(self) -> dict[str, Any]:
        return {"places": [place.to_record() for place in self.places.values()],
                "seats": self.seats, "host": self.host, "next_pid": self.next_pid}

    @classmethod
    def from_record(cls, record: dict[str, Any], now_ms: int) -> Seating:
        seating = cls()
        for entry in record["places"]:
            seating.add(Place.from_record(entry, now_ms))
        seating.host, seating.next_pid = record["host"], record["next_pid"]
        seating.set_seats(record["seats"])
        return seating

    def add(self, place: Place) -> None:
        self.places[place.pid] = place
        if place.token_hash is not None:
            self.by_token[place.token_hash] = place

    def new_place(self, name: str, now_ms: int, *, bot: str | None = None,
                  vacant: bool = False) -> tuple[str | None, Place]:
        """A place for a person (with a new token), a bot, or nobody (a vacant seat)."""
        token = None if bot or vacant else new_token()
        place = Place(self.next_pid, name, token and token_hash(token), bot)
        place.left_ms = now_ms
        self.next_pid += 1
        self.add(place)
        return token, place

    def remove(self, pid: int) -> None:
        """Forgets a place that holds no seat: its token opens nothing from now on."""
        place = self.places.pop(pid)
        if place.token_hash is not None:
            self.by_token.pop(place.token_hash, None)

    def set_seats(self, pids: list[int]) -> None:
        """The seats, by place id (each place already added)."""
        self.seats = pids
        self.seat_of = {pid: seat for seat, pid in enumerate(pids)}
        self._seated = tuple(self.places[pid] for pid in pids)

    def place_of(self, token: str) -> Place:
        hashed = token_hash(token)
        place = self.by_token.get(hashed)
        if place is None:
            if hashed in self.moved:
                raise RoomError(SEAT_MOVED, "this place was opened on another device")
            raise RoomError(BAD_TOKEN, "this token holds no place in this room")
        return place

    def move(self, place: Place) -> str:
        """A new token for a person's place: the old one opens nothing from now on."""
        assert place.token_hash is not None
        token = new_token()
        self.moved.add(place.token_hash)
        self.by_token.pop(place.token_hash, None)
        place.token_hash = token_hash(token)
        self.by_token[place.token_hash] = place
        return token

    def seated(self) -> tuple[Place, ...]:
        return self._seated

    def held(self) -> list[Place]:
        """The places a person or a bot holds (a vacant seat holds nobody)."""
        return [place for place in self.places.values() if place.token_hash or place.bot]

    def names(self) -> list[str]:
        return [place.name for place in self.held()]

    def mark_absent(self, now_ms: int, away_after_ms: int, gone_after_ms: int) -> bool:
        """Seated people without a connection for `away_after_ms` count as away, and past
        `gone_after_ms` as gone; True if anyone's presence, or the host, just changed."""
        changed = host_gone = False
        for place in self.seated():
            if not place.person or place.left_ms is None:
                continue
            if not place.away and place.left_ms + away_after_ms <= now_ms:
                place.away = changed = True
            if not place.gone and place.left_ms + gone_after_ms <= now_ms:
                place.gone = changed = True
                host_gone = host_gone or place.pid == self.host
        handover = self._host_handover_ms()
        if host_gone or (handover is not None and handover <= now_ms):
            changed = self._pass_host_on() or changed
        return changed

    def next_absence_ms(self, away_after_ms: int, gone_after_ms: int) -> int | None:
        """When the next seated person without a connection turns away or gone, or a gone
        host's rights pass on."""
        times = []
        for place in self.seated():
            if place.person and place.left_ms is not None:
                if not place.away:
                    times.append(place.left_ms + away_after_ms)
                if not place.gone:
                    times.append(place.left_ms + gone_after_ms)
        handover = self._host_handover_ms()
        if handover is not None:
            times.append(handover)
        return min(times) if times else None

    def _host_handover_ms(self) -> int | None:
        """When the rights of a host who turned gone while nobody was connected pass on: once
        the first person to come back since has waited HOST_WAIT_MS for the host (None while
        the host is here or nobody is)."""
        host = self.places.get(self.host) if self.host is not None else None
        if host is None or not host.gone:
            return None
        arrived = [place.here_ms for place in self.seated()
                   if place.person and place.connections > 0 and place.here_ms is not None]
        return min(arrived) + HOST_WAIT_MS if arrived else None

    def _pass_host_on(self) -> bool:
        """Host rights go to the first seated person connected, as the host turns gone or
        once someone has waited a minute for a host gone while nobody was connected; True if
        they did. Never at another seat's turn to be gone: after a long silence that handed
        them to whoever opened a socket a moment before the host's own, and the host's
        `start` was refused."""
        for place in self.seated():
            if place.person and place.connections > 0:
                self.host = place.pid
                return True
        return False
