"""The TV's moments happen once and its troubles show: the end's podium rises when the end is
first drawn and stands still through later redraws (a room message: someone joining); while
the server is unreachable the TV says it is reconnecting and since when, and says nothing once
it is back."""

from __future__ import annotations

from playwright.sync_api import Browser

from .conftest import ServerProcess
from .players import Player, wait_for
from .table import Seat, play_until, sit, start
from .test_tv import timo_move

HD = {"width": 1920, "height": 1080}
STEP_ANIMATIONS = """() => document.getAnimations().filter((a) => a.playState === 'running'
  && a.effect.target.closest && a.effect.target.closest('.tv-podium')).length"""


def test_the_podium_rises_once_and_not_on_a_redraw(browser: Browser, server: str) -> None:
    seats = sit(server, "timos-twist", ["Ana", "Bea"], {"target_score": 1, "timo_grace_ms": 0})
    tv = Player(browser, server, "TV")
    tv.page.set_viewport_size(HD)
    tv.goto(f"/r/{seats[0].code}/tv")
    tv.page.wait_for_selector(".tv-lobby")
    start(seats)
    play_until(seats, timo_move, lambda: bool(seats[0].view["over"]), limit=2000)
    tv.page.wait_for_selector(".tv-podium")
    wait_for(lambda: tv.page.evaluate(STEP_ANIMATIONS) == 0, tv.page, what="the podium risen")
    tv.page.evaluate("document.querySelector('.tv-podium').dataset.old = '1'")
    late = Seat(server, "Zed", code=seats[0].code)  # a room message: the TV redraws
    tv.page.wait_for_selector(".tv-podium:not([data-old])")
    assert tv.page.evaluate(STEP_ANIMATIONS) == 0
    tv.close()
    for seat in [*seats, late]:
        seat.close()


def test_the_tv_says_it_is_reconnecting_and_since_when(
        browser: Browser, own_server: ServerProcess) -> None:
    seats = sit(own_server.url, "timos-twist", ["Ana", "Bea"], {"target_score": 500})
    tv = Player(browser, own_server.url, "TV")
    tv.page.set_viewport_size(HD)
    tv.goto(f"/r/{seats[0].code}/tv")
    tv.page.wait_for_selector(".tv-lobby")
    start(seats)
    tv.page.wait_for_selector(".tv-timos")
    assert tv.page.locator(".tv-conn").is_hidden()
    own_server.stop()
    band = tv.page.locator(".tv-conn")
    band.wait_for(state="visible", timeout=30_000)
    assert "since" in band.inner_text()
    own_server.start()
    band.wait_for(state="hidden", timeout=60_000)
    tv.close()
    for seat in seats:
        seat.close()
