"""Taking a seat back from another device, in Chromium: a player's phone shows their own rejoin
link (and its QR code); opened on a second device it gives the seat there. The token never
appears in a URL the server sees, and a made-up link gives nothing."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Request

from .gamenight import bomb_table
from .players import Player, screenshot, wait_for


def test_a_rejoin_link_opens_the_seat_on_a_second_device_and_nothing_else_does(
    browser: Browser, server: str
) -> None:
    cal, bea, tv, code = bomb_table(browser, server, first_holder=0)
    asked: list[Request] = []
    bea.page.on("request", lambda request: asked.append(request))
    bea.page.click("details.rejoin summary")
    wait_for(lambda: bea.page.evaluate(
        "() => (document.querySelector('img.rejoin-qr') || {}).naturalWidth > 0"),
        bea.page, what="the rejoin QR code")
    link = bea.page.input_value("#rejoin-link")
    token = re.fullmatch(rf"{re.escape(server)}/r/{code}#seat=([\w-]+)", link)
    assert token is not None, link
    qr_asks = [request for request in asked if "/api/qr.svg" in request.url]
    assert [request.method for request in qr_asks] == ["POST"]
    assert all(token.group(1) not in request.url for request in asked)
    screenshot(bea, "gamenight-rejoin")

    # A made-up token gives no seat: the join form, as for anyone new.
    stranger = Player(browser, server, "Stranger")
    stranger.goto(f"/r/{code}#seat=not-a-token-of-this-room")
    stranger.page.wait_for_selector("#join-name")
    assert stranger.seat() is None

    # Bea's tablet opens the link: Bea's seat, and the token leaves the address bar.
    tablet = Player(browser, server, "Bea's tablet")
    tablet.page.goto(link)
    wait_for(lambda: tablet.seat() == 1, tablet.page, what="Bea's seat on the tablet")
    assert tablet.room()["you"]["name"] == "Bea"
    assert "#" not in tablet.page.url
    assert tablet.view()["you"]["role"] == bea.view()["you"]["role"]
    for person in (cal, bea, tv, stranger, tablet):
        assert person.errors == [], person.errors
        person.close()
