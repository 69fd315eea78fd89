"""The table's own audio and video: who in a room may take part, who has a microphone or camera
on, and the relay of the browsers' WebRTC signalling (offers, answers, candidates) between them.

The media itself goes from browser to browser (or through the TURN relay the server names):
the server only relays the few signalling messages, and keeps nothing of them. Nothing here is
stored: the host's switch is the record's `media`, the rest lives while the room does.

Small tables call each other (a full mesh); over MESH_MAX, or when the host chooses it, and if
the server has an SFU (rooms/sfu.py), every member sends once, to the SFU, and receives the
others from it; without one, a mesh takes up to MESH_CAP.

Who takes part: nobody until the host turns it on; then the seated players and the TV
screens, and the audience only if the host lets it in. A person who lost their seat (kicked,
or replaced by a bot) is out until the host seats them again, even with the audience let in.
The host may hold anyone's microphone or camera off: that person's own turning on is refused,
their phone stops the track, the others' screens draw nothing of it, and while both are held
off their signalling is not relayed at all."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from tictac.rooms.clock import Clock
from tictac.rooms.conn import Conn
from tictac.rooms.errors import MEDIA_FORCED, MEDIA_OFF, NO_PEER, NOT_HOST, RoomError
from tictac.rooms.ice import ice_servers
from tictac.rooms.places import Seating
from tictac.rooms.record import RoomRecord
from tictac.rooms.settings import RoomSettings
from tictac.rooms.sfu import SfuRoom, offered
from tictac.rooms.wire import dumps, extend, opened

# The mesh's size: up to this many people (players, TVs, allowed spectators) call each other,
# each sending to every other one; over it the SFU carries the call, if the server has one. A
# phone-class page sustains 3 calls at about 8 frames a second per tile, 4 at 5 with its main
# thread near saturation (docs/server.md, "Audio and video", measures it).
MESH_MAX = 4
# Without an SFU a mesh still takes up to this many, at the lower frame rate; those over it
# (the latest to arrive) are told they are out, as the audience is.
MESH_CAP = 6
# ... and through the SFU at most this many (each page decodes every other member's tile).
SFU_MAX = 16


class Table(Protocol):
    """What of a room this reads: its code, record, seating, connections and settings."""

    code: str
    conns: dict[Conn, int]

    @property
    def record(self) -> RoomRecord: ...
    @property
    def seating(self) -> Seating: ...
    @property
    def settings(self) -> RoomSettings: ...
    @property
    def clock(self) -> Clock: ...

    async def save(self) -> None: ...


@dataclass
class Person:
    """One place's own switches (what the person asked for) and the host's hold."""

    mic: bool = False
    cam: bool = False
    at_tv: bool = False  # their phone is in the TV's room: it plays no sound (no echo)
    on_stream: bool = False  # streamer mode: their video may show on the filmed TV
    held_mic: bool = False  # the host holds their microphone off
    held_cam: bool = False  # ... and their camera


def switched(record: RoomRecord) -> dict[str, bool]:
    """The host's switches as the record keeps them: media on, the audience let in, through
    the SFU whatever the table's size."""
    return {"on": bool(record.media.get("on")), "audience": bool(record.media.get("audience")),
            "sfu": bool(record.media.get("sfu"))}


class Media:
    def __init__(self, room: Table) -> None:
        self.room = room
        self.people: dict[int, Person] = {}
        self.told: set[int] = set()  # places that were sent a roster naming them
        self.was_seated: set[int] = set()
        self.unseated: set[int] = set()  # lost their seat: out until seated again
        self.sfu_room: SfuRoom | None = None  # drawn when the SFU is first used

    # -- who takes part ------------------------------------------------------------------

    def members(self) -> list[int]:
        """The places taking part now, in order of arrival (place ids grow): at most MESH_CAP,
        or SFU_MAX through the SFU."""
        room = self.room
        switches = switched(room.record)
        if not switches["on"]:
            return []
        seat_of, tvs = room.seating.seat_of, room.record.tvs
        connected = sorted(set(room.conns.values()))
        chosen = [pid for pid in connected
                  if (pid in seat_of or pid in tvs or switches["audience"])
                  and pid not in self.unseated]
        return chosen[:SFU_MAX if self.through_sfu(chosen) else MESH_CAP]

    def through_sfu(self, members: list[int]) -> bool:
        """Whether these members' media goes through the SFU: the server has one, and the host
        chose it or they are more than the mesh holds."""
        return offered(self.room.settings) and (
            switched(self.room.record)["sfu"] or len(members) > MESH_MAX)

    def _note_seats(self) -> None:
        seated = set(self.room.seating.seat_of)
        self.unseated = (self.unseated | (self.was_seated - seated)) - seated
        self.was_seated = seated

    def _member(self, conn: Conn) -> int:
        pid = self.room.conns[conn]
        if pid not in self.members():
            raise RoomError(MEDIA_OFF, "audio and video are off for you in this room")
        return pid

    # -- what everyone is told -----------------------------------------------------------

    def roster(self, members: list[int]) -> dict[str, Any]:
        """What every member is told alike (each is told besides its own `sfu_access` and
        `you`: `personal`)."""
        room = self.room
        seating, record = room.seating, room.record
        peers = []
        for pid in members:
            person = self.people.setdefault(pid, Person())
            place = seating.places[pid]
            peers.append({"peer": pid, "seat": seating.seat_of.get(pid), "name": place.name,
                          "tv": pid in record.tvs,
                          "mic": person.mic and not person.held_mic,
                          "cam": person.cam and not person.held_cam,
                          "at_tv": person.at_tv, "on_stream": person.on_stream,
                          "held_mic": person.held_mic, "held_cam": person.held_cam})
        ice = ice_servers(room.settings, room.code, room.clock.now_ms() // 1000) if members else []
        return {"type": "media", **switched(record), "streamer": record.streamer,
                "host": seating.host, "peers": peers, "ice": ice,
                "sfu_offered": offered(room.settings)}

    def _through(self, members: list[int]) -> SfuRoom | None:
        """The SFU's video room when these members' media goes through it (made at its first
        use), kept to them; it is kept empty while a mesh carries the call."""
        through = bool(members) and self.through_sfu(members)
        if through and self.sfu_room is None:
            self.sfu_room = SfuRoom(self.room.settings, SFU_MAX)
        if self.sfu_room is not None:
            holds = {pid: (person.held_mic, person.held_cam)
                     for pid, person in self.people.items()}
            self.sfu_room.follow(members if through else [], holds)
        return self.sfu_room if through else None

    def personal(self, pid: int, sfu: SfuRoom | None) -> str:
        """The keys of a roster that are member `pid`'s own: its access to the SFU, and who it
        is."""
        access = None if sfu is None else sfu.access(pid, self.room.clock.now_ms() // 1000)
        return dumps({"sfu_access": access, "you": pid})

    def broadcast(self) -> None:
        """The roster to every member (each told which peer it is), and to those who were
        members until now a roster that leaves them out: their browsers hang up at once (and
        the SFU puts them out whatever their browsers do)."""
        self._note_seats()
        members = self.members()
        if not members and not self.told:
            return
        sfu = self._through(members)
        body = opened(dumps(self.roster(members)))
        out = dumps({**self.roster([]), "sfu_access": None, "you": None})
        for conn, pid in self.room.conns.items():
            if pid in members:
                conn.send(extend(body, self.personal(pid, sfu)))
            elif pid in self.told:
                conn.send(out)
        self.told = set(members)
        for pid in [pid for pid in self.people if pid not in self.room.seating.places]:
            del self.people[pid]

    def arrived(self, conn: Conn) -> None:
        """A newly connected client: a new member and everyone else hear the roster, another
        connection of a member's place hears it alone, a non-member hears nothing."""
        pid = self.room.conns[conn]
        members = self.members()
        if pid in members and pid not in self.told:
            self.broadcast()
        elif pid in members:
            conn.send(extend(opened(dumps(self.roster(members))),
                             self.personal(pid, self._through(members))))

    def close(self) -> None:
        """The room ended: its video room on the SFU goes too."""
        if self.sfu_room is not None:
            self.sfu_room.close()

    # -- what the clients ask ------------------------------------------------------------

    async def handle(self, conn: Conn, message: Any) -> None:
        """A `media` message: `settings` (the host's switches), `state` (one's own), `signal`
        (relayed to one peer), `force` (the host holds a peer's microphone or camera off)."""
        op = message.op
        if op == "settings":
            await self._settings(conn, message.on, message.audience, message.sfu)
        elif op == "state":
            self._state(self._member(conn), message)
        elif op == "signal":
            self._signal(self._member(conn), message.to, message.kind, message.data)
        else:
            self._force(conn, message.peer, message.mic_off, message.cam_off)

    def _host(self, conn: Conn) -> None:
        if self.room.conns[conn] != self.room.seating.host:
            raise RoomError(NOT_HOST, "only the host may switch audio and video")

    async def _settings(self, conn: Conn, on: bool, audience: bool, sfu: bool) -> None:
        self._host(conn)
        record = self.room.record
        before, record.media = record.media, {"on": on, "audience": audience, "sfu": sfu}
        try:
            await self.room.save()
        except RoomError:
            record.media = before
            raise
        self.broadcast()

    def _state(self, pid: int, message: Any) -> None:
        person = self.people.setdefault(pid, Person())
        if (message.mic and person.held_mic) or (message.cam and person.held_cam):
            raise RoomError(MEDIA_FORCED, "the host turned that off")
        person.mic, person.cam = message.mic, message.cam
        person.at_tv, person.on_stream = message.at_tv, message.on_stream
        self.broadcast()

    def _signal(self, pid: int, to: int, kind: str, data: list[str]) -> None:
        person = self.people.setdefault(pid, Person())
        if person.held_mic and person.held_cam:
            raise RoomError(MEDIA_FORCED, "the host turned your microphone and camera off")
        if to == pid or to not in self.members():
            raise RoomError(NO_PEER, f"peer {to} takes no part in this room's audio and video")
        text = dumps({"type": "media_signal", "from": pid, "kind": kind, "data": data})
        for conn, held in self.room.conns.items():
            if held == to:
                conn.send(text)

    def _force(self, conn: Conn, peer: int, mic_off: bool, cam_off: bool) -> None:
        self._host(conn)
        if peer not in self.members():
            raise RoomError(NO_PEER, f"peer {peer} takes no part in this room's audio and video")
        person = self.people.setdefault(peer, Person())
        person.held_mic, person.held_cam = mic_off, cam_off
        self.broadcast()
