"""The SFU a public instance may run beside tictac for tables larger than the mesh (or when the
host chooses it): Janus's video room (docs/deploy.md, "An SFU for larger tables"). The browsers
speak to it themselves, through its HTTP API, with what each roster gives its member (the
roster of docs/protocol.md, `sfu_access`):

- a token signed by the scheme of Janus's `token_auth_secret` (the shared secret never leaves
  the server): `expiry,janus,janus.plugin.videoroom:` and the base64 HMAC-SHA1 of what comes
  before the colon under the secret, good until `expiry` (Unix seconds) and for the video
  room plugin only;
- the video room's number and pin, drawn at random for each room while it lives in this
  process (so a member of one room cannot guess another's);
- the member's own ticket (a token in the video room's `allowed` list) and the publisher id it
  joins as.

tictac speaks to Janus too (rooms/janus.py), because a browser cannot be trusted to leave: it
makes the video room, with a secret of its own that never leaves the server, and keeps it to
the roster's members. A member who leaves the roster (kicked, seat lost, media turned off) has
their ticket taken off the `allowed` list and every publisher that is not a member's is
kicked, which in this room (`require_pvtid`) ends that person's subscriptions too: their media
stops reaching the others and theirs stops reaching them, whatever their browser does, and
they cannot join again. The host's holds are Janus's too: a held microphone or camera is
muted by Janus for everyone (`moderate`, on the publisher's stream as web/static/sfu.js lays it
out: audio first, then video). The room is destroyed when the tictac room ends."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any

from tictac.rooms import janus
from tictac.rooms.settings import RoomSettings

log = logging.getLogger(__name__)
TOKEN_S = 60  # tictac's own token is good this long: one batch of requests
MIDS = ("0", "1")  # a publisher's audio and video streams (web/static/sfu.js's `publish`)
FREE = (False, False)  # neither the microphone nor the camera held off


def sfu_token(secret: str, expiry_s: int) -> str:
    signed = f"{expiry_s},janus,{janus.PLUGIN}"
    digest = hmac.new(secret.encode(), signed.encode(), hashlib.sha1).digest()
    return f"{signed}:{base64.b64encode(digest).decode()}"


def offered(settings: RoomSettings) -> bool:
    return bool(settings.sfu_url and settings.sfu_secret)


@dataclass(frozen=True)
class Ticket:
    """One member's way into the video room while they are a member."""

    token: str  # in the room's `allowed` list
    feed: int  # the publisher id they join as

    @classmethod
    def drawn(cls) -> Ticket:
        return cls(token=secrets.token_urlsafe(18), feed=secrets.randbits(52) or 1)


class SfuRoom:
    """One tictac room's video room on the SFU, kept to its members."""

    def __init__(self, settings: RoomSettings, size: int) -> None:
        self.settings = settings
        self.size = size  # the most publishers it holds
        self.number = secrets.randbits(52) or 1
        self.pin = secrets.token_urlsafe(18)
        self.secret = secrets.token_urlsafe(18)  # the room's own: only tictac may moderate it
        self.tickets: dict[int, Ticket] = {}  # place id -> ticket, for the members
        self.holds: dict[int, tuple[bool, bool]] = {}  # place id -> microphone, camera held off
        self.moderated: dict[int, tuple[bool, bool]] = {}  # feed -> what Janus holds off
        self.handed: set[str] = set()  # tickets drawn and not yet taken off Janus's list
        self.made = False  # Janus has the room
        self.closed = False
        self.asked = self.done = 0  # changes asked for, changes Janus was brought to
        self.task: asyncio.Task[None] | None = None

    def access(self, member: int, now_s: int) -> dict[str, Any]:
        """What a member's browser needs to join: the API's URL, a token, the room and pin,
        and its ticket."""
        ticket = self.tickets[member]
        return {"url": self.settings.sfu_url, "room": self.number, "pin": self.pin,
                "token": sfu_token(self.settings.sfu_secret, now_s + self.settings.turn_ttl_s),
                "ticket": ticket.token, "feed": ticket.feed}

    def follow(self, members: list[int], holds: dict[int, tuple[bool, bool]]) -> None:
        """Keeps the video room to `members` (each given a ticket; those gone lose theirs),
        their microphone and camera held off as `holds` says."""
        holds = {pid: held for pid, held in holds.items() if held != FREE and pid in members}
        if self.closed or (self.made and set(members) == set(self.tickets)
                           and holds == self.holds):
            return
        self.holds = holds
        self.tickets = {pid: self.tickets.get(pid) or Ticket.drawn() for pid in members}
        self.handed.update(ticket.token for ticket in self.tickets.values())
        self._ask()

    def close(self) -> None:
        """The tictac room ended: its video room is destroyed, everyone in it put out."""
        if not self.closed:
            self.closed = True
            self._ask()

    def _ask(self) -> None:
        self.asked += 1
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._bring_all())

    async def _bring_all(self) -> None:
        """Brings Janus to the latest change asked for, one batch at a time (off the loop)."""
        while self.done < self.asked:
            asked, closed = self.asked, self.closed
            tickets, holds = dict(self.tickets), dict(self.holds)
            gone = self.handed - {ticket.token for ticket in tickets.values()}
            try:
                await asyncio.to_thread(self._bring, tickets, holds, gone, closed)
            except (OSError, ValueError, KeyError, janus.JanusError) as error:
                # Janus is unreachable or refused: the next change tries again.
                log.warning("SFU room %s: %s", self.number, error)
                return
            self.handed -= gone  # (taken off once, not again at every later change)
            self.done = asked

    def _bring(self, tickets: dict[int, Ticket], holds: dict[int, tuple[bool, bool]],
               gone: set[str], closed: bool) -> None:
        room = {"room": self.number, "secret": self.secret}
        with janus.videoroom(self.settings.sfu_url,
                             sfu_token(self.settings.sfu_secret, int(time.time()) + TOKEN_S)
                             ) as ask:
            if closed:
                if self.made:
                    ask({"request": "destroy", **room})
                return
            wanted = sorted(ticket.token for ticket in tickets.values())
            if not self.made:
                ask({"request": "create", **room, "pin": self.pin, "publishers": self.size,
                     "is_private": True, "require_pvtid": True, "allowed": wanted})
                self.made = True
            if gone:  # first, so that a kicked member cannot join again in between
                ask({"request": "allowed", "action": "remove", **room, "allowed": sorted(gone)})
            if wanted:
                ask({"request": "allowed", "action": "add", **room, "allowed": wanted})
            held = {ticket.feed: holds.get(pid, FREE) for pid, ticket in tickets.items()}
            listed = ask({"request": "listparticipants", "room": self.number})
            for participant in listed.get("participants", []):
                feed = participant["id"]
                if feed not in held:
                    ask({"request": "kick", **room, "id": feed})
                elif participant.get("publisher") and self.moderated.get(feed, FREE) != held[feed]:
                    for mid, mute in zip(MIDS, held[feed], strict=True):
                        ask({"request": "moderate", **room, "id": feed, "mid": mid, "mute": mute})
                    self.moderated[feed] = held[feed]
