"""A place in a room: a seat or a spectator's chair, held by a secret token (or by a bot).

Only the token's SHA-256 is kept, in memory and in the store, so a leaked database gives
nobody a seat."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any


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
    # Runtime only: open connections and when the last one closed.
    connections: int = 0
    left_ms: int | None = None
    gone: bool = False

    @property
    def person(self) -> bool:
        return self.bot is None and self.token_hash is not None

    def to_record(self) -> dict[str, Any]:
        return {"pid": self.pid, "name": self.name, "token": self.token_hash, "bot": self.bot}

    @classmethod
    def from_record(cls, record: dict[str, Any], now_ms: int) -> Place:
        place = cls(record["pid"], record["name"], record["token"], record["bot"])
        # After a restart nobody is connected yet: the gone-timer starts from the restart.
        place.left_ms = now_ms
        return place
