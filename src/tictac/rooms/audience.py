"""An audience: the room's spectators who are not a TV screen (people who came to watch, players
who joined too late, those a smaller game left watching) vote on the game they watch, and once
it is over everyone sees how they did.

What they vote on is the game's, declared on its `GameInfo` (`audience`, a
`tictac.engine.audience.AudienceBallot`: the ballot open now, the results once it is over);
a game that declares none has no audience to vote (docs/rulings.md, "The audience").
A member may change their vote while its ballot is open.

Votes are the room's, not the game's: the game, its log and its replays are the same with or
without them. They are kept in the room's record (`RoomRecord.votes`), so a restart keeps them.
Before the game is over nobody hears a vote but its voter: the TV and the audience are told
counts only (`members`, `voted`), the players nothing at all (not even the ballot or its
counts); the results come to everyone with the end of the game.

An audience costs the room a bounded fan-out (docs/server.md, "An audience"): votes that arrive
together are saved once (`_flush`), each voter alone is answered, and the TVs hear the counts
at most once every `TALLY_MS`. The audience's own comings and goings are not told to the other
members, and everyone else hears of them at most once every `TALLY_MS` too.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Protocol

from tictac.engine import GameInfo
from tictac.engine.audience import Ballot
from tictac.rooms.clock import Clock, Timer
from tictac.rooms.conn import Conn
from tictac.rooms.errors import BAD_CHOICE, NO_BALLOT, NOT_AUDIENCE, TOO_MANY_PLACES, RoomError
from tictac.rooms.places import Place, Seating
from tictac.rooms.record import RoomRecord
from tictac.rooms.settings import RoomSettings
from tictac.rooms.wire import add_key, dumps, error_message, opened

TALLY_MS = 1000  # the TVs hear the audience's counts at most this often


class Table(Protocol):
    """What of a room the audience reads (its record, seating, connections, game, the places
    seated when it was dealt, and clock) and the two things it asks of it: to save its record,
    and to run a job in its inbox."""

    @property
    def record(self) -> RoomRecord: ...
    @property
    def seating(self) -> Seating: ...
    @property
    def conns(self) -> dict[Conn, int]: ...
    @property
    def state(self) -> Any: ...
    @property
    def info(self) -> GameInfo[Any]: ...
    @property
    def pids(self) -> list[int]: ...
    @property
    def clock(self) -> Clock: ...
    @property
    def settings(self) -> RoomSettings: ...

    async def save(self) -> None: ...

    def post(self, job: Callable[..., Any], *args: Any) -> None: ...

    def broadcast_room(self, *, players_only: bool = False) -> None: ...


# -- the room's audience ---------------------------------------------------------------------


class Audience:
    """A room's audience at runtime: the votes waiting to be saved, the timer of the next
    tally, and what everyone was last told (a new ballot or the results are told at once)."""

    def __init__(self, room: Table) -> None:
        self.room = room
        self._pending: list[tuple[Conn, int, str, int]] = []
        self._tally: Timer | None = None
        self._tallied_ms = 0
        self._told: tuple[Any, ...] | None = None
        self._arrivals = False  # members came or went since the room was last told

    # -- who is in it ---------------------------------------------------------------------

    def member(self, place: Place) -> bool:
        """A person neither seated nor a TV, who held no seat of the game on (docs/rulings.md,
        "The audience": a replaced or kicked player saw their own secrets)."""
        room = self.room
        return (place.person and place.pid not in room.seating.seat_of
                and place.pid not in room.record.tvs
                and (room.record.status == "lobby" or place.pid not in room.pids))

    def add_tv(self, pid: int) -> None:
        self.room.record.tvs.append(pid)

    def drop_tv(self, pid: int) -> None:
        """The place `pid` is a TV no more (its place went)."""
        self.room.record.tvs = [tv for tv in self.room.record.tvs if tv != pid]

    def _members(self) -> list[Place]:
        return [place for place in self.room.seating.places.values() if self.member(place)]

    def _watched(self) -> bool:
        """Whether the room has a TV or an audience: one with neither hears nothing of it.
        Asked after every action: a room whose places are all seats (the usual table) has
        neither, which the counts tell without a look at each place."""
        seating = self.room.seating
        return bool(self.room.record.tvs) or (len(seating.places) > len(seating.seat_of) and any(
            self.member(place) for place in seating.places.values()))

    def check_join(self, *, seated: bool, tv: bool) -> None:
        """Refuses a join past its cap: a seat or a TV counts against `max_places` (with the
        bots), an audience member against `max_audience`."""
        settings, members = self.room.settings, len(self._members())
        if seated or tv:
            if len(self.room.seating.held()) - members >= settings.max_places:
                raise RoomError(TOO_MANY_PLACES, f"a room holds at most {settings.max_places} "
                                                 "players, bots and TV screens")
        elif members >= settings.max_audience:
            raise RoomError(TOO_MANY_PLACES, f"a room's audience is at most "
                                             f"{settings.max_audience} people")

    # -- what is voted on, and how it went ---------------------------------------------------

    def forget_votes(self) -> None:
        """A new game's ballots start empty: the audience votes on each game anew."""
        self.room.record.votes = {}

    def ballot(self) -> Ballot | None:
        room, declared = self.room, self.room.info.audience
        if room.record.status != "playing" or room.state is None or declared is None:
            return None
        return declared.ballot(room.state)

    def results(self) -> dict[str, Any] | None:
        room, declared = self.room, self.room.info.audience
        if room.record.status != "finished" or room.state is None or declared is None:
            return None
        return declared.results(room.state, room.record.votes, self._name_of)

    def _name_of(self, pid: int) -> str | None:
        place = self.room.seating.places.get(pid)
        return None if place is None else place.name

    def _shared(self) -> tuple[str, Ballot | None]:
        """The `audience` message everyone gets, counts only until the results, encoded once."""
        ballot = self.ballot()
        votes = self.room.record.votes.get(ballot.key, {}) if ballot else {}
        members = sum(1 for place in self._members() if place.connections > 0)
        body = {"members": members, "voted": len(votes),
                "ballot": ballot and ballot.to_json(), "results": self.results()}
        return dumps({"type": "audience", "audience": body}), ballot

    def _text(self, shared: str, ballot: Ballot | None, pid: int) -> str:
        """`shared`, with a member's own vote spliced in (`yours`): nobody else's ever is."""
        place = self.room.seating.places.get(pid)
        if place is None or not self.member(place):
            return shared
        yours = self.room.record.votes.get(ballot.key, {}).get(str(pid)) if ballot else None
        return add_key(opened(shared), "yours", dumps(yours))

    def send_to(self, conn: Conn) -> None:
        """A connection coming in (or asking for a `sync`) hears where the audience stands,
        while a game is on or just over (the lobby has nothing to vote on), in a room with an
        audience or a TV."""
        pid = self.room.conns[conn]
        if self.room.record.status == "lobby" or not self._watched() or not self._hears(pid):
            return
        shared, ballot = self._shared()
        conn.send(self._text(shared, ballot, pid))

    def _hears(self, pid: int) -> bool:
        """Whether place `pid` is told where the audience stands now: a TV and a member always;
        a player (or one who played this game) only the results, once the game is over: a
        ballot and its counts are nothing to them, and would be a message a turn."""
        record = self.room.record
        if record.status == "finished" or pid in record.tvs:
            return True
        place = self.room.seating.places.get(pid)
        return place is not None and self.member(place)

    def changed(self) -> None:
        """After the game moved: a new ballot (or a new Time's Up turn to vote for) or the
        results are told to everyone at once; nothing else is. (A room nobody watches, most
        of them, is told nothing and asks the game for no ballot: this runs after every
        action.)"""
        if not self._watched():
            return
        ballot, finished = self.ballot(), self.room.record.status == "finished"
        told = (ballot and ballot.key, ballot and len(ballot.choices), finished)
        if told == self._told:
            return
        self._told = told
        shared, ballot = self._shared()
        for conn, pid in self.room.conns.items():
            if self._hears(pid):
                conn.send(self._text(shared, ballot, pid))

    # -- votes --------------------------------------------------------------------------------

    def vote(self, conn: Conn, key: str, choice: int) -> None:
        """A member's vote (a job of the room's inbox): checked now, saved with the other votes
        that came meanwhile (`_flush`), and only then answered."""
        place = self.room.seating.places[self.room.conns[conn]]
        if not self.member(place):
            raise RoomError(NOT_AUDIENCE, "only the audience votes: players play, TVs show")
        self._check(key, choice)
        self._pending.append((conn, place.pid, key, choice))
        if len(self._pending) == 1:
            self.room.post(self._flush)

    def _check(self, key: str, choice: int) -> None:
        ballot = self.ballot()
        if ballot is None or ballot.key != key:
            raise RoomError(NO_BALLOT, f"no vote on {key[:40]!r} is open now")
        if all(option["id"] != choice for option in ballot.choices):
            raise RoomError(BAD_CHOICE, f"{choice} is not one of this vote's choices")

    async def _flush(self) -> None:
        """The waiting votes, saved at once: each voter is answered after the store kept them
        (a vote whose ballot closed meanwhile is refused)."""
        pending, self._pending = self._pending, []
        record = self.room.record
        before = copy.deepcopy(record.votes)
        kept = []
        for conn, pid, key, choice in pending:
            try:
                self._check(key, choice)
            except RoomError as refusal:
                conn.send(error_message(refusal.code, refusal.message))
                continue
            record.votes.setdefault(key, {})[str(pid)] = choice
            kept.append((conn, pid))
        if not kept:
            return
        try:
            await self.room.save()
        except RoomError as refusal:
            record.votes = before
            for conn, _ in kept:
                conn.send(error_message(refusal.code, refusal.message))
            return
        shared, ballot = self._shared()
        for conn, pid in kept:
            if conn in self.room.conns:
                conn.send(self._text(shared, ballot, pid))
        self.tally_soon()

    # -- the counts, coalesced -----------------------------------------------------------------

    def tally_soon(self, *, arrivals: bool = False) -> None:
        """The TVs hear the counts within TALLY_MS (and the players and TVs the room, when
        members came or went), once however many votes and arrivals came meanwhile."""
        self._arrivals = self._arrivals or arrivals
        if self._tally is not None:
            return
        clock = self.room.clock
        when = max(clock.now_ms(), self._tallied_ms + TALLY_MS)
        self._tally = clock.call_at(when, lambda: self.room.post(self._tell_counts))

    def _tell_counts(self) -> None:
        self._tally, self._tallied_ms = None, self.room.clock.now_ms()
        if self._arrivals:
            self._arrivals = False
            self.room.broadcast_room(players_only=True)
        shared, _ = self._shared()
        tvs = set(self.room.record.tvs)
        for conn, pid in self.room.conns.items():
            if pid in tvs:
                conn.send(shared)

    def cancel(self) -> None:
        if self._tally is not None:
            self._tally.cancel()
            self._tally = None
