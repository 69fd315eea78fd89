"""Room-wide defaults the server's operator sets (flags and environment of `tictac serve`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RoomSettings:
    bot_pause_ms: int = 900  # a bot's pause before each move, so it plays at a human pace
    gone_after_s: int = 20  # a seat with no open connection this long counts as gone
    away_after_ms: int = 3000  # ... and this long as away (a reload is not worth showing)
    idle_s: int = 6 * 3600  # a room nobody is connected to expires after this long
    max_rooms: int = 1000
    max_places: int = 100  # players, bots and TV screens one room holds
    max_audience: int = 500  # ... and spectators (its audience, docs/server.md "An audience")
    rejoin_ttl_s: int = 300  # a rejoin code opens the seat on another device this long, once
    replays_per_min: int = 60  # replays one place (or one client address) may ask a room for
    # Shared decks (docs/packs.md): one nobody loaded for this long is deleted, and what the
    # server keeps is bounded per saving address and in all (a deck's title and cards in bytes;
    # the largest deck is about 290 KB).
    deck_unused_days: int = 90
    deck_bytes_per_address: int = 4 << 20
    deck_bytes: int = 1 << 30
    # Audio and video (rooms/ice.py): the STUN and TURN servers the browsers are told, and
    # the secret shared with the TURN relay (never sent: passwords are minted from it per room,
    # good for `turn_ttl_s`).
    stun_urls: tuple[str, ...] = ()
    turn_urls: tuple[str, ...] = ()
    turn_secret: str = ""
    turn_ttl_s: int = 4 * 3600
    # The SFU for tables over the mesh's size (rooms/sfu.py): its HTTP API as the browsers
    # reach it, and the secret its tokens are signed with (Janus's token_auth_secret; its
    # tokens are good for `turn_ttl_s` too).
    sfu_url: str = ""
    sfu_secret: str = ""
