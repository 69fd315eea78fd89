"""What the operator of `tictac serve` may set (flags and TICTAC_* environment variables).

The defaults are declared here (and in `RoomSettings`) only: the command line reads them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tictac.rooms import RoomSettings

STATIC_DIR = Path(__file__).resolve().parent.parent / "web" / "static"
DEFAULT_DB = "tictac.sqlite3"


@dataclass(frozen=True)
class ServerSettings:
    host: str = "127.0.0.1"
    port: int = 8000
    db_url: str = f"sqlite+aiosqlite:///{DEFAULT_DB}"
    rooms: RoomSettings = field(default_factory=RoomSettings)
    max_message_bytes: int = 4096  # bigger messages get `too_large`; the socket stays open
    max_signal_bytes: int = 16384  # ... but a `media` message (a WebRTC offer: about 5 KB)
    rate_per_s: float = 20.0  # messages a connection may send per second, on average
    rate_burst: int = 40  # ... and in a burst
    max_outbox: int = 1024  # messages queued to a client that reads too slowly: then it is dropped
    # Per client address, over HTTP: rooms created and joins, per minute and in a burst.
    # A party's phones each have their own address on the local network.
    create_per_min: float = 2.0
    create_burst: int = 10
    join_per_min: float = 20.0
    join_burst: int = 40
    # ... QR codes drawn (one already drawn is answered from memory, uncounted): a lobby, its
    # TV and a rejoin panel ask for a few
    qr_per_min: float = 30.0
    qr_burst: int = 30
    # ... and shared decks read: a deck is loaded by a room now and then, and a code guessed
    # blindly needs far more tries than this allows (docs/packs.md)
    deck_read_per_min: float = 10.0
    deck_read_burst: int = 20
    # ... and the instance admin's calls (server/admin.py): its page asks four lists at once,
    # again after each action, and an action from the reports' queue is two calls; a token
    # cannot be guessed at this pace
    admin_per_min: float = 30.0
    admin_burst: int = 30
    # ... and players' reports (server/reports.py), per address and per room: a report now and
    # then is a player's; a flood of them would bury the admin's queue
    report_per_min: float = 2.0
    report_burst: int = 5
    room_report_per_min: float = 5.0
    room_report_burst: int = 15
    # The SHA-256 digest of the admin's token (`--admin-token-file`, TICTAC_ADMIN_TOKEN);
    # empty: no admin. The token itself is never kept.
    admin_token_digest: str = ""
    # A request's headers and body must arrive within this, else the connection is closed
    # (a client that sends half a request and waits holds nothing for long).
    request_timeout_s: float = 10.0
    hello_timeout_s: float = 10.0  # a WebSocket's hello (its token) must come this soon
    deflate: bool = False
    tls: bool = False  # served over HTTPS (`--tls`, server/tls.py): the share link says https
    # Reverse proxies whose X-Forwarded-For is believed (addresses or CIDRs: server/clients.py)
    # and the host names served besides addresses and this machine's own (server/hosts.py).
    trusted_proxies: tuple[str, ...] = ()
    allowed_hosts: tuple[str, ...] = ()
    log_level: str = "info"
    # Every room's games and bots drawn from this seed, so a test or a demo plays the same
    # games each run; empty: the operating system's randomness (the only choice for real use).
    seed: str = ""
    static_dir: Path = STATIC_DIR
    # A cluster (docs/deploy.md): with a Redis URL this process is one node of many sharing a
    # PostgreSQL database; a room's owner that stops beating for `lease_ms` is taken over.
    redis_url: str = ""
    lease_ms: int = 3000
    # A database server's calls (PostgreSQL's) are bounded by this: a write not kept in time is
    # refused `store_failed`, and the server reports itself unhealthy (docs/deploy.md).
    store_timeout_s: float = 5.0
    workers: int = 1  # processes `tictac serve` runs on this machine, each a node
