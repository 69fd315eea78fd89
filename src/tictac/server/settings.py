"""What the operator of `tictac serve` may set (flags and TICTAC_* environment variables)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tictac.rooms import RoomSettings

STATIC_DIR = Path(__file__).resolve().parent.parent / "web" / "static"


@dataclass(frozen=True)
class ServerSettings:
    db_url: str = "sqlite+aiosqlite:///tictac.sqlite3"
    rooms: RoomSettings = field(default_factory=RoomSettings)
    max_message_bytes: int = 4096  # bigger messages get `too_large`; the socket stays open
    rate_per_s: float = 20.0  # messages a connection may send per second, on average
    rate_burst: int = 40  # ... and in a burst
    max_outbox: int = 1024  # messages queued to a client that reads too slowly: then it is dropped
    static_dir: Path = STATIC_DIR
