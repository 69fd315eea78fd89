"""The Starlette application: routes, and the store and rooms it opens at start."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.errors import ServerErrorMiddleware
from starlette.routing import Mount, Route
from starlette.types import Receive, Scope, Send

from tictac.engine import GAMES, IllegalAction, get_info
from tictac.rooms import RoomManager, SeededChance
from tictac.server import (
    admin,
    decks_api,
    game_client,
    heap,
    http_api,
    lag,
    lan,
    openapi,
    pages,
    qr,
    reports,
    ws,
)
from tictac.server.bans import Bans
from tictac.server.clients import ClientAddress, Proxies
from tictac.server.hosts import HostCheck, Hosts
from tictac.server.quotas import Quotas
from tictac.server.settings import ServerSettings
from tictac.server.urltokens import NoTokenInUrl
from tictac.store import StoreError, open_store

log = logging.getLogger(__name__)

# Bounds of the stop's last steps (cluster/stopping.py); a worker's whole stop is bounded in
# cluster/worker.py. What a closed store had not committed was never acknowledged.
ROOMS_STOP_S = 2.0
NODE_STOP_S = 3.0
STORE_CLOSE_S = 2.0


class App(Starlette):
    """Starlette, with a WebSocket past `ServerErrorMiddleware`, which answers HTTP only and
    else only awaits the next app: a coroutine kept for each socket's whole life (ws.Sockets
    says why that matters). (`__call__` stays a coroutine function: ASGI servers tell an ASGI 3
    app by it.)"""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        scope["app"] = self
        if self.middleware_stack is None:
            self.middleware_stack = self.build_middleware_stack()
        stack = self.middleware_stack
        if scope["type"] == "websocket" and isinstance(stack, ServerErrorMiddleware):
            stack = stack.app
        await stack(scope, receive, send)


def create_app(settings: ServerSettings | None = None) -> App:
    settings = settings or ServerSettings()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # Every game is imported before the socket listens: the first Time's Up room would
        # otherwise import its guess checker (seconds on a busy machine) on the event loop,
        # and every room of the server would wait for it. What a game loads lazily (Time's
        # Up's word lists) loads on a thread with its first room (RoomManager).
        for name in GAMES:
            get_info(name)
        store = await open_store(settings.db_url, settings.store_timeout_s)
        heap.serve()  # (before the first room: rooms end, the start's objects never do)
        lag_sampler = lag.sampler()
        app.state.bans = Bans(store)
        chance = SeededChance(settings.seed) if settings.seed else None
        manager = RoomManager(store, chance=chance, settings=settings.rooms)
        app.state.manager = manager
        if settings.redis_url:
            # (imported here: Redis's client takes half a second to import, for nothing
            # without --redis)
            from tictac.cluster import Node
            from tictac.cluster.shared_buckets import SharedBuckets

            # Warmed before it joins, not with each game's first room: a node may be handed
            # rooms of every game at once (a rolling upgrade hands a stopping machine's rooms
            # to the machine just started again), and a warming thread beside them (Time's
            # Up's word lists, 5 CPU s) slowed every restore and reconnect on its loop. (Before
            # the node is made: its beats take a loop unheard for `beats.STUCK_S` for stuck.)
            await manager.warm_every_game()
            # One node of a cluster: rooms come back one by one, when they are first asked for.
            node = app.state.node = Node(manager, settings.redis_url, settings.lease_ms)
            node.serve_remote = partial(ws.serve, settings=settings, quotas=app.state.quotas)
            node.calls = http_api.ROOM_CALLS
            node.node_calls = {"rooms": partial(admin.rooms_here, manager, node)}
            app.state.limits.shared = SharedBuckets(node.redis)
            await node.start()
        else:
            replayed = await manager.restore()
            log.info("tictac ready: %d rooms restored, %d actions replayed",
                     len(manager.rooms), replayed)
        try:
            yield
        finally:  # each bounded: a stop never waits for good on a room, Redis or the database
            # (imported here, as the cluster's Node is: no cluster module loads at a server's start)
            from tictac.cluster.stopping import Stop

            stop = app.state.stop or Stop()  # (begun by `tictac serve`'s server)
            await stop.step("stopping the rooms", manager.close(), ROOMS_STOP_S)
            if app.state.node is not None:
                await stop.step("leaving the cluster", app.state.node.stop(), NODE_STOP_S)
            await stop.step("closing the store", store.close(), STORE_CLOSE_S)
            if app.state.stop is None:
                stop.end()
            if lag_sampler is not None:
                lag_sampler.stop()

    routes = [
        Route("/api/games", http_api.games),
        Route("/api/qr.svg", qr.qr, methods=["GET", "POST"]),
        Route("/api/share", lan.share),
        Route("/api/rooms", http_api.create_room, methods=["POST"]),
        Route("/api/rooms/{code}", http_api.get_room),
        Route("/api/rooms/{code}/join", http_api.join_room, methods=["POST"]),
        Route("/api/rooms/{code}/rejoin-code", http_api.rejoin_code, methods=["POST"]),
        Route("/api/rooms/{code}/rejoin", http_api.rejoin_room, methods=["POST"]),
        Route("/api/rooms/{code}/replay", http_api.replay),
        Route("/api/rooms/{code}/reports", reports.report, methods=["POST"]),
        Route("/api/admin/rooms", admin.rooms),
        Route("/api/admin/rooms/{code}/close", admin.close_room, methods=["POST"]),
        Route("/api/admin/bans", admin.bans),
        Route("/api/admin/bans", admin.ban, methods=["POST"]),
        Route("/api/admin/bans/lift", admin.lift_ban, methods=["POST"]),
        Route("/api/admin/decks/{code}/take-down", admin.take_down_deck, methods=["POST"]),
        Route("/api/admin/audit", admin.audit),
        Route("/api/admin/reports", admin.reports),
        Route("/api/admin/reports/{id:int}/resolve", admin.resolve_report, methods=["POST"]),
        Route("/admin", admin.page),
        Route("/api/decks", decks_api.create_deck, methods=["POST"]),
        Route("/api/decks/{code}", decks_api.get_deck),
        Route("/healthz", http_api.healthz),
        Route("/sw.js", pages.service_worker),
        Route("/metrics", http_api.prometheus),
        Route("/openapi.json", openapi.openapi_json),
        Route("/docs", openapi.docs_page),
        Mount("/static", pages.ClientFiles(directory=settings.static_dir, check_dir=False)),
        *game_client.game_mounts(),
        *(Route(path, pages.page) for path in pages.PAGE_PATHS),
    ]
    proxies = Proxies(settings.trusted_proxies)
    # The client's address first: a refused host is logged with it too.
    middleware = [Middleware(ClientAddress, proxies=proxies),
                  Middleware(HostCheck, hosts=Hosts(settings.allowed_hosts)),
                  Middleware(NoTokenInUrl),
                  Middleware(ws.Sockets)]  # /ws/{code}, past the router (ws.py says why)
    # One answer to every HTTP call's refusal, whichever handler raised it.
    app = App(routes=routes, lifespan=lifespan, middleware=middleware,
              exception_handlers={IllegalAction: http_api.refused,
                                  StoreError: http_api.refused})
    app.state.settings = settings
    app.state.proxies = proxies
    app.state.limits = http_api.Limits(settings)
    app.state.quotas = Quotas()
    app.state.qr = qr.Drawn()
    app.state.node = None
    app.state.stop = None  # a `stopping.Stop` once `tictac serve`'s server stops
    return app
