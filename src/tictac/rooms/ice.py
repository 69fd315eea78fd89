"""The ICE servers a room's browsers are told: the operator's STUN servers, and their TURN
relays with credentials minted for this room by the TURN REST API's scheme (coturn's
`use-auth-secret`): the username is `expiry:room`, the password the base64 HMAC-SHA1 of that
username under the secret the relay and tictac share. The secret itself never leaves the
server, and a password is good for one room until its expiry only."""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Any

from tictac.rooms.settings import RoomSettings


def turn_password(secret: str, username: str) -> str:
    digest = hmac.new(secret.encode(), username.encode(), hashlib.sha1).digest()
    return base64.b64encode(digest).decode()


def ice_servers(settings: RoomSettings, code: str, now_s: int) -> list[dict[str, Any]]:
    """`RTCConfiguration.iceServers` for room `code` at `now_s` (Unix seconds)."""
    servers: list[dict[str, Any]] = []
    if settings.stun_urls:
        servers.append({"urls": list(settings.stun_urls)})
    if settings.turn_urls and settings.turn_secret:
        username = f"{now_s + settings.turn_ttl_s}:{code}"
        servers.append({"urls": list(settings.turn_urls), "username": username,
                        "credential": turn_password(settings.turn_secret, username)})
    return servers
