"""A filmed TV's address bar names no room (streamer mode, docs/server.md): the lobby's "Open
the TV screen" opens `/tv`, whose room this browser's lobby offered, and `/r/CODE/tv` typed on
a TV becomes `/tv` at once; a reload keeps the room. Every address the TV's page was at is
checked, not only the last. (The TV's page used to be `/r/CODE/tv` for good.)"""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from .players import Player, wait_for
from .table import Seat, phone_of

HD = {"width": 1920, "height": 1080}


def addresses(page: Page) -> list[str]:
    """Every address the page's main frame is at from now on (its history's replacements
    included, which fire no navigation: they are read at each check)."""
    seen = [page.url]
    page.on("framenavigated", lambda frame: seen.append(frame.url)
            if frame == page.main_frame else None)
    return seen


def streaming_tv(page: Page, seen: list[str]) -> bool:
    seen.append(page.url)
    return page.locator(".tv-streamer").count() == 1


def test_the_lobbys_tv_link_and_a_typed_one_never_show_the_code(
        browser: Browser, server: str) -> None:
    host = Seat(server, "Ana", game="time-bomb")
    code = host.code
    phone = phone_of(browser, server, host, "en-GB")
    tv = Player(browser, server, "TV", locale="en-GB")
    try:
        wait_for(lambda: phone.room() is not None, phone.page, what="the host's lobby")
        phone.page.click("details.more-options summary")
        phone.page.check("#streamer-mode")
        wait_for(lambda: phone.room()["streamer"]["on"], phone.page, what="streamer mode on")
        with phone.context.expect_page() as opened:
            phone.page.click("a.button[target=_blank]")
        screen = opened.value
        seen = addresses(screen)
        screen.set_viewport_size(HD)
        wait_for(lambda: streaming_tv(screen, seen), screen, what="the TV's streamer lobby")
        screen.reload()
        wait_for(lambda: streaming_tv(screen, seen), screen, what="the TV after a reload")
        assert [url for url in seen if code in url.upper()] == [], seen
        assert screen.url.split("?")[0].endswith("/tv")

        # Typed on a TV (before the stream, say): the address turns into /tv, and stays there.
        tv.page.set_viewport_size(HD)
        tv.goto(f"/r/{code}/tv?lang=en")
        wait_for(lambda: tv.page.locator(".tv-streamer").count() == 1, tv.page,
                 what="the typed TV's lobby")
        assert tv.page.url.split("?")[0].endswith("/tv")
        tv.page.reload()
        wait_for(lambda: tv.page.locator(".tv-streamer").count() == 1, tv.page,
                 what="the typed TV after a reload")
        assert code not in tv.page.url.upper()
    finally:
        phone.close()
        tv.close()
