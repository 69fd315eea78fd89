"""A game night through a cluster: `tictac serve --workers 2` on PostgreSQL and Redis, two
phones and a TV in Chromium. Every connection the pages open (the page and its files, the API,
each WebSocket, a reload's) goes through the supervisor's handoff; the game is played to the
end on every screen and its replay opens."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tictac.cluster.services import Postgres, Redis

from .conftest import ServerProcess
from .players import Player, add_bots, create_room, join_room, screenshot, start_game, wait_for
from .test_time_bomb import cut_a_wire


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[str]:
    postgres = Postgres().init().start().create_database()
    redis = Redis(tmp_path / "redis").start()
    server = ServerProcess(tmp_path, extra=("--db", postgres.url, "--redis", redis.url,
                                            "--workers", "2"))
    try:
        server.start()
        yield server.url
    finally:
        server.stop()
        redis.stop()
        postgres.remove()


def test_a_time_bomb_night_through_two_workers(browser: Browser, cluster: str) -> None:
    ann, bea, tv = Player(browser, cluster, "Ann"), Player(browser, cluster, "Bea"), \
        Player(browser, cluster, "TV")
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
