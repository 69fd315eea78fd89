"""The `media` messages (the table's audio and video, rooms/media.py) as pydantic models: what
a client sends, validated like every other message, and what the server sends back.

A WebRTC offer or answer is larger than the general message limit (Chromium's, with audio and
video, is about 5 KB), so a `media` message alone may be up to `ServerSettings.max_signal_bytes`
long. The text gate (server/text.py) refuses line breaks and strings over 1000 characters, as
it does everywhere, so an SDP travels as its lines (a candidate as one line of JSON)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from tictac.server.strict import Strict

# A message starting so may be as long as the signal limit; `ws.parse` refuses it (too_large)
# if, once parsed, it is not a `media` message after all (a second "type" key).
MEDIA_PREFIX = '{"type":"media"'
MAX_SIGNAL_LINES = 300  # lines of one SDP (Chromium's offer with audio and video: about 90)


class _Media(Strict):
    type: Literal["media"]


class MediaSettings(_Media):
    """The host turns the room's audio and video on or off, lets the audience in or not, and
    chooses the SFU (if the server has one) whatever the table's size."""

    op: Literal["settings"]
    on: bool
    audience: bool = False
    sfu: bool = False


class MediaState(_Media):
    """One's own switches: microphone, camera, "I'm at the TV" (this phone plays no sound),
    and whether one's video may show on a filmed TV (streamer mode)."""

    op: Literal["state"]
    mic: bool
    cam: bool
    at_tv: bool = False
    on_stream: bool = False


class MediaSignal(_Media):
    """WebRTC signalling for one peer of the room (`peer` of the roster), relayed as it is:
    an offer's or answer's SDP as its lines, a candidate as one line (its JSON)."""

    op: Literal["signal"]
    to: int
    kind: Literal["offer", "answer", "candidate"]
    data: list[str] = Field(max_length=MAX_SIGNAL_LINES)


class MediaForce(_Media):
    """The host holds a peer's microphone or camera off (false lets it go)."""

    op: Literal["force"]
    peer: int
    mic_off: bool
    cam_off: bool


MediaIn = Annotated[MediaSettings | MediaState | MediaSignal | MediaForce,
                    Field(discriminator="op")]


class MediaPeer(Strict):
    peer: int  # the place's id in the room: what `signal` and `force` name
    seat: int | None  # null: a TV or an allowed spectator
    name: str
    tv: bool
    mic: bool  # on, and not held off by the host
    cam: bool
    at_tv: bool
    on_stream: bool
    held_mic: bool
    held_cam: bool


class IceServer(Strict):
    urls: list[str]
    username: str | None = None
    credential: str | None = None


class SfuAccess(Strict):
    """How a member's browser joins the room's call on the SFU (Janus's video room)."""

    url: str  # the SFU's HTTP API
    room: int  # the video room's number
    pin: str
    token: str  # signed by the server, good for some hours (rooms/sfu.py)
    ticket: str  # this member's own, in the video room's `allowed` list while a member
    feed: int  # the publisher id this member joins as


class MediaOut(Strict):
    """Who takes part in the room's audio and video (sent to each of them on every change, and
    once with `you` null and no peers to one who just left them)."""

    type: Literal["media"]
    on: bool
    audience: bool
    streamer: bool
    host: int | None  # the host's peer id
    peers: list[MediaPeer]
    ice: list[IceServer]
    sfu: bool  # the host chose the SFU
    sfu_offered: bool  # the server has one
    sfu_access: SfuAccess | None  # null: a mesh (each member calls every other one)
    you: int | None


class MediaSignalOut(Strict):
    type: Literal["media_signal"]
    from_: int = Field(alias="from")
    kind: Literal["offer", "answer", "candidate"]
    data: list[str]
