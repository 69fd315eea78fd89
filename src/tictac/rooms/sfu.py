"""The SFU a public instance may run beside tictac for tables larger than the mesh (or when the
host chooses it): Janus's video room (docs/deploy.md, "An SFU for larger tables"). tictac
never speaks to it: the browsers do, through its HTTP API, with what each roster gives its
members (the roster of docs/protocol.md, `sfu`):

- a token signed by the scheme of Janus's `token_auth_secret` (the shared secret never leaves
  the server): `expiry,janus,janus.plugin.videoroom:` and the base64 HMAC-SHA1 of what comes
  before the colon under the secret, good until `expiry` (Unix seconds) and for the video
  room plugin only;
- the video room's number and pin, drawn at random for each room while it lives in this
  process (so a member of one room cannot guess another's), the room made by whichever member
  comes first."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from tictac.rooms.settings import RoomSettings

PLUGIN = "janus.plugin.videoroom"


def sfu_token(secret: str, expiry_s: int) -> str:
    signed = f"{expiry_s},janus,{PLUGIN}"
    digest = hmac.new(secret.encode(), signed.encode(), hashlib.sha1).digest()
    return f"{signed}:{base64.b64encode(digest).decode()}"


@dataclass(frozen=True)
class SfuRoom:
    """One tictac room's video room on the SFU."""

    number: int
    pin: str

    @classmethod
    def drawn(cls) -> SfuRoom:
        return cls(number=secrets.randbits(52) or 1, pin=secrets.token_urlsafe(18))

    def access(self, settings: RoomSettings, now_s: int) -> dict[str, Any]:
        """What a member's browser needs to join: the API's URL, a token, the room and pin."""
        return {"url": settings.sfu_url, "room": self.number, "pin": self.pin,
                "token": sfu_token(settings.sfu_secret, now_s + settings.turn_ttl_s)}


def offered(settings: RoomSettings) -> bool:
    return bool(settings.sfu_url and settings.sfu_secret)
