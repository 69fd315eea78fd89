"""`tictac serve`: the game server (HTTP + WebSocket), its rooms kept in an SQLite file (or, as
one node of a cluster, in PostgreSQL with Redis: docs/deploy.md).

Every flag has an environment variable (TICTAC_HOST, TICTAC_PORT, ...): the flag wins. The
defaults are the settings classes' own."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import logging
import os
import re
import socket
import sys
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from tictac.rooms import RoomSettings
from tictac.server.clients import networks
from tictac.server.lan import ALL_INTERFACES, lan_address
from tictac.server.settings import DEFAULT_DB, ServerSettings

if TYPE_CHECKING:
    from tictac.server.tls import Certificate

S, R = ServerSettings, RoomSettings
MIN_ADMIN_TOKEN = 16  # characters: a shorter one could be guessed
GRACEFUL_STOP_S = 5  # how long a stop waits for connections to close before ending them
# A worker not ended this long after its SIGTERM is killed: its stop is bounded below that
# (cluster/worker.py: the drain 6 s, the connections 5 s, the application's shutdown 8 s).
WORKER_STOP_S = 25
# (flag, type, default, help)
FLAGS: list[tuple[str, type, Any, str]] = [
    ("host", str, S.host, "address to listen on; 0.0.0.0 for the local network"),
    ("port", int, S.port, "port to listen on"),
    ("db", str, DEFAULT_DB, "SQLite file, or a SQLAlchemy async URL"),
    ("bot_pause_ms", int, R.bot_pause_ms, "a bot's pause before each move"),
    ("gone_after_s", int, R.gone_after_s,
     "seconds without a connection before a player counts as gone"),
    ("idle_hours", float, R.idle_s / 3600, "a room nobody is connected to expires after this long"),
    ("max_rooms", int, R.max_rooms, "most rooms at once"),
    ("rejoin_ttl_s", int, R.rejoin_ttl_s, "seconds a rejoin code opens a seat on another device"),
    ("deck_unused_days", int, R.deck_unused_days,
     "a shared deck nobody loaded for this long is deleted"),
    ("deck_bytes_per_address", int, R.deck_bytes_per_address,
     "bytes of shared decks kept for one saving address"),
    ("deck_bytes", int, R.deck_bytes, "bytes of shared decks kept in all"),
    ("max_message_bytes", int, S.max_message_bytes, "largest WebSocket message accepted"),
    ("rate", float, S.rate_per_s,
     "messages per second a connection may send (burst: twice that)"),
    ("create_per_min", float, S.create_per_min, "rooms one address may create per minute"),
    ("create_burst", int, S.create_burst, "rooms one address may create at once"),
    ("join_per_min", float, S.join_per_min, "joins one address may make per minute"),
    ("join_burst", int, S.join_burst, "joins one address may make at once"),
    ("qr_per_min", float, S.qr_per_min, "QR codes drawn for one address per minute"),
    ("qr_burst", int, S.qr_burst, "QR codes drawn for one address at once"),
    ("deck_read_per_min", float, S.deck_read_per_min,
     "shared decks one address may read per minute"),
    ("deck_read_burst", int, S.deck_read_burst, "shared decks one address may read at once"),
    ("request_timeout_s", float, S.request_timeout_s,
     "seconds an HTTP request may take to arrive (headers and body)"),
    ("hello_timeout_s", float, S.hello_timeout_s,
     "seconds a WebSocket may take to send its hello (its token)"),
    ("deflate", str, "on" if S.deflate else "off",
     "per-message deflate on WebSockets: on or off (see docs/server.md)"),
    ("log_level", str, S.log_level, "uvicorn log level"),
    ("trusted_proxies", str, "",
     "reverse proxies whose X-Forwarded-For is believed: addresses or CIDRs, comma-separated"),
    ("allowed_hosts", str, "",
     "host names served besides IP addresses, localhost and this machine's name, "
     "comma-separated (a public name behind a proxy; * for any)"),
    ("games", str, "", "more games to serve, as name=module,... (see docs/architecture.md)"),
    ("seed", str, S.seed, "draw every game and bot from this seed (tests and demos only)"),
    ("redis", str, S.redis_url,
     "Redis URL: run as a node of a cluster sharing a PostgreSQL --db (docs/deploy.md)"),
    ("workers", int, S.workers, "server processes on this machine (needs --redis)"),
    ("lease_ms", int, S.lease_ms, "a dead node's rooms are taken over after this long"),
    ("backup_every", str, "0", "back the database up this often (90s, 30m, 6h, 1d; 0: never) "
     "into a `backups` folder beside it (docs/deploy.md, \"Backups\")"),
    ("backup_keep", int, 7, "scheduled backups kept, the latest"),
    ("log_format", str, "text", "text, or json: one JSON object a line (docs/deploy.md)"),
    ("admin_token_file", str, "", "a file holding the admin's token (at least "
     f"{MIN_ADMIN_TOKEN} characters): /admin is open to its holder (docs/deploy.md, "
     "\"Moderation\"; env TICTAC_ADMIN_TOKEN: the token itself)"),
    ("stun", str, "", "STUN URLs the browsers use for audio and video, comma-separated "
     "(stun:host:3478)"),
    ("turn", str, "", "TURN URLs relaying audio and video, comma-separated (turn:host:3478); "
     "needs --turn-secret-file"),
    ("turn_secret_file", str, "", "a file holding the secret shared with the TURN server "
     "(coturn's static-auth-secret): each room's browsers get passwords minted from it"),
    ("sfu", str, "", "the URL of an SFU's HTTP API as the browsers reach it (Janus's video "
     "room: https://host/janus), for tables over the mesh's size or when the host chooses it; "
     "needs --sfu-secret-file (docs/deploy.md)"),
    ("sfu_secret_file", str, "", "a file holding the SFU's token secret (Janus's "
     "token_auth_secret): each room's browsers get tokens signed with it"),
    ("store_timeout_s", float, S.store_timeout_s,
     "seconds a database server (PostgreSQL) may take over any call before it is refused "
     "store_failed"),
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    for name, kind, default, help_text in FLAGS:
        env = "TICTAC_" + name.upper()
        value = os.environ.get(env)
        parser.add_argument("--" + name.replace("_", "-"), type=kind,
                            default=kind(value) if value is not None else default,
                            help=f"{help_text} (env {env}; default {default})")
    parser.add_argument("--tls", action="store_true",
                        default=os.environ.get("TICTAC_TLS", "off") not in ("", "0", "off"),
                        help="serve HTTPS with a self-signed certificate kept next to the "
                             "database, its fingerprint printed (env TICTAC_TLS; default off)")


def db_url(db: str) -> str:
    return db if "://" in db else f"sqlite+aiosqlite:///{os.path.abspath(db)}"


def listed(value: str) -> tuple[str, ...]:
    return tuple(filter(None, (part.strip() for part in value.split(","))))


def first_line(path: str, flag: str) -> str:
    """A secret file's first line ("" for no file); ValueError if it cannot be read."""
    if not path:
        return ""
    try:
        with open(path, encoding="utf-8") as file:
            return file.readline().strip()
    except (OSError, UnicodeDecodeError) as failure:
        raise ValueError(f"{flag}: {failure}") from None


def admin_token(args: argparse.Namespace) -> str:
    """The admin's token: the file's first line, else TICTAC_ADMIN_TOKEN; "" for none.
    ValueError says what is wrong with it."""
    if args.admin_token_file:
        token = first_line(args.admin_token_file, "--admin-token-file")
    else:
        token = os.environ.get("TICTAC_ADMIN_TOKEN", "").strip()
        if not token:
            return ""
    if len(token) < MIN_ADMIN_TOKEN:
        raise ValueError(f"the admin token has at least {MIN_ADMIN_TOKEN} characters")
    return token


def settings_from(args: argparse.Namespace, admin: str = "") -> ServerSettings:
    """The settings the flags give; ValueError for a secret file that cannot be read."""
    return ServerSettings(
        host=args.host, port=args.port, db_url=db_url(args.db),
        rooms=RoomSettings(bot_pause_ms=args.bot_pause_ms, gone_after_s=args.gone_after_s,
                           idle_s=int(args.idle_hours * 3600), max_rooms=args.max_rooms,
                           rejoin_ttl_s=args.rejoin_ttl_s,
                           deck_unused_days=args.deck_unused_days,
                           deck_bytes_per_address=args.deck_bytes_per_address,
                           deck_bytes=args.deck_bytes, stun_urls=listed(args.stun),
                           turn_urls=listed(args.turn),
                           turn_secret=first_line(args.turn_secret_file,
                                                  "--turn-secret-file"),
                           sfu_url=args.sfu.strip(),
                           sfu_secret=first_line(args.sfu_secret_file, "--sfu-secret-file")),
        max_message_bytes=args.max_message_bytes, rate_per_s=args.rate,
        rate_burst=max(1, int(args.rate * 2)),
        create_per_min=args.create_per_min, create_burst=args.create_burst,
        join_per_min=args.join_per_min, join_burst=args.join_burst,
        qr_per_min=args.qr_per_min, qr_burst=args.qr_burst,
        deck_read_per_min=args.deck_read_per_min, deck_read_burst=args.deck_read_burst,
        request_timeout_s=args.request_timeout_s, hello_timeout_s=args.hello_timeout_s,
        deflate=args.deflate == "on", tls=args.tls,
        trusted_proxies=listed(args.trusted_proxies), allowed_hosts=listed(args.allowed_hosts),
        log_level=args.log_level, seed=args.seed, redis_url=args.redis, workers=args.workers,
        lease_ms=args.lease_ms, store_timeout_s=args.store_timeout_s,
        admin_token_digest=hashlib.sha256(admin.encode()).hexdigest() if admin else "",
    )


def announce(host: str, port: int, say: Callable[[str], None] = print,
             certificate: Certificate | None = None) -> str:
    import segno

    shown = lan_address() if host in ALL_INTERFACES else host
    url = f"{'https' if certificate else 'http'}://{shown}:{port}/"
    say(f"tictac is serving on {url}")
    if certificate is not None:
        news = "new: each phone accepts it once" if certificate.made else "as before"
        say(f"Its certificate ({news}) is {certificate.cert_file}; a phone shows its fingerprint:")
        say(f"  SHA-256 {certificate.fingerprint}")
    if host in ALL_INTERFACES:
        say("Open it on the phones of this network, or scan:")
        qr = segno.make(url, error="l")
        qr.terminal(compact=True)
    return url


def register_games(spec: str) -> None:
    """Adds each `name=module` (a module exporting `GAME_INFO`, or `name=module:attribute`) of
    `spec` to the registry and imports it now, so a wrong module
    stops the server at start rather than leaving the game out."""
    from tictac.engine import get_game, register

    for entry in filter(None, (part.strip() for part in spec.split(","))):
        name, _, module = entry.partition("=")
        if not name or not module:
            raise ValueError(f"--games takes name=module, not {entry!r}")
        register(name, module)
        get_game(name)


class HideTokens(logging.Filter):
    """Seat tokens travel in the WebSocket URL (`?token=`); a log line must not carry them.

    The token is hidden in the message and in each of its arguments, which stay arguments:
    uvicorn's access formatter takes the client, method, path and status from them. An
    argument that is no string but shows a token (the ASGI scope at trace level) is replaced
    by its text with the token hidden."""

    TOKEN = re.compile(r"(token=)[^&\s\"']+")

    def hide(self, value: object) -> object:
        text = value if isinstance(value, str) else str(value)
        # Percent-decoded first, as the server reads a query (`?tok%65n=` is a `token`): a
        # line that holds a token is written decoded, with the token hidden.
        plain = unquote(text) if "%" in text else text
        return self.TOKEN.sub(r"\1<hidden>", plain) if "token=" in plain else value

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = self.hide(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(self.hide(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: self.hide(arg) for key, arg in record.args.items()}
        return True


def check_store(url: str) -> str | None:
    """Why the database cannot be opened (one line), or None."""
    from tictac.store import StoreError, open_store

    async def open_and_close() -> None:
        store = await open_store(url)
        await store.close()

    try:
        asyncio.run(open_and_close())
    except StoreError as failure:
        return str(failure)
    return None


def check_redis(url: str) -> str | None:
    """Why Redis cannot be reached (one line), or None."""
    from redis.asyncio import Redis
    from redis.exceptions import RedisError

    async def ping() -> None:
        client = Redis.from_url(url, socket_connect_timeout=3)
        try:
            await client.ping()
        finally:
            await client.aclose()

    try:
        asyncio.run(ping())
    except (RedisError, OSError, ValueError) as failure:
        return f"cannot reach Redis at {url}: {failure}"
    return None


def check_cluster(settings: ServerSettings) -> str | None:
    """Why the cluster settings cannot work, or None."""
    if settings.workers < 1:
        return "--workers is at least 1"
    if not settings.redis_url:
        return "--workers above 1 needs --redis" if settings.workers > 1 else None
    if settings.db_url.startswith("sqlite"):
        return "--redis needs a database every node reaches: --db postgresql+asyncpg://..."
    return check_redis(settings.redis_url)


def run(args: argparse.Namespace) -> int:
    if args.deflate not in ("on", "off"):
        print("--deflate is on or off", file=sys.stderr)
        return 2
    if args.log_format not in ("text", "json"):
        print("--log-format is text or json", file=sys.stderr)
        return 2
    try:
        networks(listed(args.trusted_proxies))
        register_games(args.games)
        settings = settings_from(args, admin_token(args))
    except (ValueError, ImportError) as wrong:
        print(wrong, file=sys.stderr)
        return 2
    if settings.tls and settings.redis_url:
        print("tictac serve: --tls is for one server on a local network; a cluster's HTTPS is "
              "its proxy's (docs/deploy.md)", file=sys.stderr)
        return 2
    problem = check_cluster(settings) or check_store(settings.db_url)
    if problem is not None:
        print(f"tictac serve: {problem}", file=sys.stderr)
        return 1
    certificate = None
    if settings.tls:
        try:
            certificate = lan_certificate(args.db, settings.host)
        except OSError as failure:
            print(f"tictac serve: cannot keep the TLS certificate: {failure}", file=sys.stderr)
            return 1
    if args.backup_every not in ("", "0"):
        from tictac.store.backup import schedule

        problem = schedule(settings.db_url, args.backup_every, args.backup_keep)
        if problem is not None:
            print(f"tictac serve: {problem}", file=sys.stderr)
            return 2
    if settings.workers == 1:
        serve(args, None, certificate=certificate)
        return 0
    return supervise(args, settings)


def lan_certificate(db: str, host: str) -> Certificate:
    """`--tls`'s certificate, next to the database, naming the address phones are given."""
    from tictac.server.tls import ensure_certificate, tls_folder

    address = lan_address() if host in ALL_INTERFACES else host
    return ensure_certificate(tls_folder(db), [address])


def serve(args: argparse.Namespace, channel: socket.socket | None,
          supervisor: int | None = None, certificate: Certificate | None = None) -> None:
    """One server process: listening on its own (over HTTPS with `certificate`), or, as a
    worker of `--workers`, serving the sockets the supervisor (process `supervisor`) hands it
    over `channel`."""
    if supervisor is not None:
        from tictac.cluster.dispatch import end_with_supervisor

        end_with_supervisor(supervisor)  # first: every later stage may be where it dies
    import uvicorn
    from uvicorn.logging import TRACE_LOG_LEVEL

    from tictac.cluster.worker import Server
    from tictac.server import create_app
    from tictac.server.timeouts import timed_protocol
    from tictac.server.ws_protocol import FloodProofProtocol

    if channel is not None:  # a worker, started afresh: the games are registered again
        register_games(args.games)
    settings = settings_from(args, admin_token(args))  # checked by `run` already
    # The store's database thread needs the GIL for a moment at each step of a commit; with
    # the default 5 ms switch interval a busy event loop makes every commit wait for it.
    sys.setswitchinterval(0.0005)
    logging.addLevelName(TRACE_LOG_LEVEL, "TRACE")  # uvicorn's level below debug
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s %(message)s")

    app = create_app(settings)

    config = uvicorn.Config(
        app, host=settings.host, port=settings.port, loop="uvloop",
        http=timed_protocol(settings.request_timeout_s), ws=FloodProofProtocol,
        ws_per_message_deflate=settings.deflate, ws_max_size=16 * settings.max_message_bytes,
        log_level=settings.log_level, lifespan="on",
        # Every acknowledged action is already stored: a stop waits this long for connections
        # to go, then ends them, rather than waiting for ever on one that never closes (a
        # worker of a dead supervisor was found alive minutes later, waiting so).
        timeout_graceful_shutdown=GRACEFUL_STOP_S,
        # The client's address is the app's to decide (server/clients.py), from the
        # operator's --trusted-proxies: uvicorn's own reading (trusting 127.0.0.1) would let
        # any loopback client, and every client of a same-host proxy, choose its address.
        proxy_headers=False,
        ssl_certfile=certificate.cert_file if certificate else None,
        ssl_keyfile=certificate.key_file if certificate else None,
    )
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn.asgi"):  # set up by uvicorn.Config
        logging.getLogger(name).addFilter(HideTokens())
    if args.log_format == "json":
        from tictac.server.logjson import use_json_lines

        use_json_lines()
    Server(config, app, channel,
           partial(announce, settings.host, settings.port, certificate=certificate)
           ).serve_until_stopped()


def supervise(args: argparse.Namespace, settings: ServerSettings) -> int:
    """`--workers N`: N server processes, each a node of the cluster, and this one accepting
    for them (`cluster/dispatch.py`); a worker that dies is started again (a new node)."""
    import multiprocessing
    import signal

    import uvloop

    from tictac.cluster.dispatch import Dispatcher, bound_socket, channel_pair

    assert settings.redis_url is not None  # check_cluster saw to it
    listening = bound_socket(settings.host, settings.port)  # it listens once workers are ready
    spawn = multiprocessing.get_context("spawn")
    dispatcher = Dispatcher(listening, settings.redis_url, settings.workers)
    workers: list[multiprocessing.process.BaseProcess] = []

    def start(slot: int) -> multiprocessing.process.BaseProcess:
        ours, theirs = channel_pair()
        worker = spawn.Process(target=serve, args=(args, theirs, os.getpid()),
                               daemon=False)
        worker.start()
        theirs.close()  # the worker's end is the worker's: its death then shows on ours
        assert worker.pid is not None
        dispatcher.attach(slot, worker.pid, ours)
        return worker

    async def run() -> None:
        loop = asyncio.get_running_loop()
        stopping = asyncio.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, stopping.set)
        workers.extend(start(slot) for slot in range(settings.workers))
        began = loop.time()
        accepting: asyncio.Task[None] | None = None  # until then connections are refused
        while not stopping.is_set():
            if accepting is None and dispatcher.may_listen(loop.time() - began):
                accepting = asyncio.create_task(dispatcher.serve())
                announce(settings.host, settings.port)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), 0.2)
            dispatcher.watch(loop.time())
            for slot, worker in enumerate(workers):
                if not worker.is_alive() and not stopping.is_set():
                    print(f"tictac serve: worker {worker.pid} ended ({worker.exitcode}); "
                          "starting another", file=sys.stderr)
                    workers[slot] = start(slot)
        if accepting is not None:
            accepting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await accepting
        # Closed before the workers hand their rooms on: their clients, reconnecting, are
        # refused here at once, and a load balancer sends them to another machine.
        listening.close()

    uvloop.run(run())
    for worker in workers:
        if worker.pid is not None and worker.is_alive():
            os.kill(worker.pid, signal.SIGTERM)
    for worker in workers:
        worker.join(WORKER_STOP_S)
        if worker.is_alive():  # (stuck in its stop; else the supervisor would wait for it)
            print(f"tictac serve: worker {worker.pid} did not stop in {WORKER_STOP_S} s; "
                  "killed", file=sys.stderr)
            worker.kill()
            worker.join(5)
    return 0
