"""No page error stops a screen from drawing (static/panels.js): a TV whose game module throws
on every draw still shows the table's own state (the pause and who paused it), counts the
failures on the page (`<html data-draw-errors>`), and reports each as the page's error; the
audience's band, drawn after the game, is there too."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .players import Player, join_room, wait_for
from .table import sit, start
from .test_game_modules import serve_changed

HD = {"width": 1920, "height": 1080}


@pytest.mark.page_errors_expected
def test_a_tv_whose_game_throws_still_draws_the_audience_and_the_pause(
        browser: Browser, server: str) -> None:
    seats = sit(server, "timos-twist", ["Ana", "Bea"], {"target_score": 1})
    tv = Player(browser, server, "TV")
    tv.page.set_viewport_size(HD)
    serve_changed(tv.page, "/static/timos-twist.js", (
        "export function tv(view, room, { events, log }) {",
        "export function tv(view, room, { events, log }) { throw new Error('planted');"))
    tv.goto(f"/r/{seats[0].code}/tv")
    tv.page.wait_for_selector(".tv-lobby")
    start(seats)
    wait_for(lambda: tv.errors, tv.page, what="the planted error, reported")
    fan = Player(browser, server, "Zoé")
    join_room(fan, seats[0].code)  # a spectator once the game runs: the audience
    tv.page.wait_for_selector(".tv-audience-count")
    seats[0].lobby("pause")
    tv.page.wait_for_selector(".tv-paused-title:has-text('Ana')")
    counted = int(tv.page.evaluate("document.documentElement.dataset.drawErrors"))
    assert counted >= 2  # the game's draw failed on the deal and on the pause, and no less
    assert all("planted" in error for error in tv.errors), tv.errors
    tv.close()
    fan.close()
    for seat in seats:
        seat.close()
