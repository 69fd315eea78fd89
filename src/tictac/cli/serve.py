"""`tictac serve`: the game server (HTTP + WebSocket), its rooms kept in an SQLite file.

Every flag has an environment variable (TICTAC_HOST, TICTAC_PORT, ...): the flag wins."""

from __future__ import annotations

import argparse
import logging
import os
import socket
import sys
from collections.abc import Callable
from typing import Any

DEFAULT_DB = "tictac.sqlite3"
# (flag, env suffix, type, default, help)
FLAGS: list[tuple[str, type, Any, str]] = [
    ("host", str, "127.0.0.1", "address to listen on; 0.0.0.0 for the local network"),
    ("port", int, 8000, "port to listen on"),
    ("db", str, DEFAULT_DB, "SQLite file, or a SQLAlchemy async URL"),
    ("bot_pause_ms", int, 900, "a bot's pause before each move"),
    ("gone_after_s", int, 30, "seconds without a connection before a player counts as gone"),
    ("idle_hours", float, 6.0, "a room nobody is connected to expires after this long"),
    ("max_rooms", int, 1000, "most rooms at once"),
    ("max_message_bytes", int, 4096, "largest WebSocket message accepted"),
    ("rate", float, 20.0, "messages per second a connection may send (burst: twice that)"),
    ("deflate", str, "off", "per-message deflate on WebSockets: on or off (see docs/server.md)"),
    ("log_level", str, "info", "uvicorn log level"),
    ("games", str, "", "more games to serve, as name=module,... (see docs/architecture.md)"),
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    for name, kind, default, help_text in FLAGS:
        env = "TICTAC_" + name.upper()
        value = os.environ.get(env)
        parser.add_argument("--" + name.replace("_", "-"), type=kind,
                            default=kind(value) if value is not None else default,
                            help=f"{help_text} (env {env}; default {default})")


def db_url(db: str) -> str:
    return db if "://" in db else f"sqlite+aiosqlite:///{os.path.abspath(db)}"


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent: a UDP socket only
    picks the outgoing interface)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            address: str = probe.getsockname()[0]
        except OSError:
            address = "127.0.0.1"
    return address


def announce(host: str, port: int, say: Callable[[str], None] = print) -> str:
    import segno

    shown = lan_address() if host in ("0.0.0.0", "::") else host
    url = f"http://{shown}:{port}/"
    say(f"tictac is serving on {url}")
    if host in ("0.0.0.0", "::"):
        say("Open it on the phones of this network, or scan:")
        qr = segno.make(url, error="l")
        qr.terminal(compact=True)
    return url


def register_games(spec: str) -> None:
    """Adds each `name=module` of `spec` to the registry and imports it now, so a wrong module
    stops the server at start rather than leaving the game out."""
    from tictac.engine import get_game, register

    for entry in filter(None, (part.strip() for part in spec.split(","))):
        name, _, module = entry.partition("=")
        if not name or not module:
            raise ValueError(f"--games takes name=module, not {entry!r}")
        register(name, module)
        get_game(name)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from tictac.rooms import RoomSettings
    from tictac.server import ServerSettings, create_app

    if args.deflate not in ("on", "off"):
        print("--deflate is on or off")
        return 2
    try:
        register_games(args.games)
    except (ValueError, ImportError) as wrong:
        print(wrong)
        return 2
    settings = ServerSettings(
        db_url=db_url(args.db),
        rooms=RoomSettings(bot_pause_ms=args.bot_pause_ms, gone_after_s=args.gone_after_s,
                           idle_s=int(args.idle_hours * 3600), max_rooms=args.max_rooms),
        max_message_bytes=args.max_message_bytes, rate_per_s=args.rate,
        rate_burst=max(1, int(args.rate * 2)),
    )
    # The store's database thread needs the GIL for a moment at each step of a commit; with
    # the default 5 ms switch interval a busy event loop makes every commit wait for it.
    sys.setswitchinterval(0.0005)
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s %(message)s")
    announce(args.host, args.port)
    config = uvicorn.Config(
        create_app(settings), host=args.host, port=args.port, loop="uvloop", http="httptools",
        ws="websockets-sansio", ws_per_message_deflate=args.deflate == "on",
        ws_max_size=16 * args.max_message_bytes, log_level=args.log_level, lifespan="on",
    )
    uvicorn.Server(config).run()
    return 0
