"""A game night through a cluster: `tictac serve --workers 2` on PostgreSQL and Redis, two
phones and a TV in Chromium. Every connection the pages open (the page and its files, the API,
each WebSocket, a reload's) goes through the supervisor's handoff; the game is played to the
end on every screen and its replay opens. And a worker stopping hands its room to the other,
whose page reconnects at once (with its clock stopped: no backoff timer could bring it back)."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from playwright.sync_api import Browser, WebSocket

from tictac.cluster.services import Postgres, Redis

from .conftest import ServerProcess
from .players import Player, add_bots, create_room, join_room, screenshot, start_game, wait_for
from .test_time_bomb import cut_a_wire


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """The server's URL and its Redis's."""
    postgres = Postgres().init().start().create_database()
    redis = Redis(tmp_path / "redis").start()
    server = ServerProcess(tmp_path, extra=("--db", postgres.url, "--redis", redis.url,
                                            "--workers", "2"))
    try:
        server.start()
        yield server.url, redis.url
    finally:
        server.stop()
        redis.stop()
        postgres.remove()


def test_a_time_bomb_night_through_two_workers(browser: Browser,
                                               cluster: tuple[str, str]) -> None:
    base, _ = cluster
    ann, bea, tv = Player(browser, base, "Ann"), Player(browser, base, "Bea"), \
        Player(browser, base, "TV")
    code = create_room(ann, "time-bomb", {"first_holder": 0})
    join_room(bea, code)
    add_bots(ann, 2)
    tv.goto(f"/r/{code}/tv")
    start_game(ann, [ann, bea])
    wait_for(lambda: tv.view() is not None, tv.page, what="the TV's view")
    reloaded = False
    while not ann.view()["over"]:
        for person in (ann, bea):
            view = person.view()
            if not view["over"] and view["holder"] == view["seat"]:
                cut_a_wire(person)
        if not reloaded:  # a new WebSocket mid-game, handed to the room's worker again
            bea.page.reload()
            wait_for(lambda: bea.page.locator("#conn.online").count() == 1, bea.page,
                     what="Bea back online")
            reloaded = True
        ann.page.wait_for_timeout(25)
    for person in (ann, bea, tv):
        page = person.page
        wait_for(lambda page=page: page.locator("table.scores").count() == 1, page,
                 what=f"the end on {person.name}'s screen")
    screenshot(tv, "cluster-tv-end-time-bomb")
    ann.goto(f"/replay/{code}")
    wait_for(lambda: ann.page.locator("#replay-step").count() == 1, ann.page, what="the replay")


def test_a_page_whose_worker_stops_reconnects_at_once(browser: Browser,
                                                      cluster: tuple[str, str]) -> None:
    base, redis_url = cluster
    ann = Player(browser, base, "Ann")
    sockets: list[WebSocket] = []
    ann.page.on("websocket", lambda socket: sockets.append(socket))
    ann.page.clock.install()
    code = create_room(ann, "time-bomb")
    wait_for(lambda: ann.page.locator("#conn.online").count() == 1, ann.page, what="Ann online")
    # From here the page's timers wait for ever: only a reconnect made at once can happen.
    ann.page.clock.pause_at(ann.page.evaluate("Date.now()") + 1000)
    owner = redis.Redis.from_url(redis_url, decode_responses=True).get(f"tictac:owner:{code}")
    assert owner is not None
    rooms = len(ann.messages("room"))
    os.kill(int(owner.split(".")[-2]), signal.SIGTERM)  # a node's id is host.pid.random
    wait_for(lambda: len(sockets) == 2 and sockets[0].is_closed(), ann.page, 60,
             what="Ann's page reconnecting after the 1012 close")
    wait_for(lambda: len(ann.messages("room")) > rooms
             and ann.page.locator("#conn.online").count() == 1, ann.page, 60,
             what="Ann served again through the other worker")
    assert not sockets[1].is_closed()
