"""A copied token that opens sockets pushes the seat's phone off (the newest connections win),
and the phone takes its seat back by itself, without a tap, a few seconds later, while it is on
screen (it used to wait on its "open elsewhere" screen for a tap)."""

from __future__ import annotations

import json

from playwright.sync_api import Browser
from websockets.sync.client import connect

from .players import wait_for
from .table import Seat, phone_of

COPIES = 4  # the sockets a token holds at once: the phone's is then the oldest, and goes


def test_a_phone_pushed_off_by_a_copied_token_takes_its_seat_back(
        browser: Browser, server: str) -> None:
    host = Seat(server, "Ana", game="time-bomb")
    phone = phone_of(browser, server, host, "en-GB")
    copies = []
    try:
        wait_for(lambda: phone.room() is not None, phone.page, what="the host's lobby")
        ws_base = server.replace("http", "ws")
        for _ in range(COPIES):
            copy = connect(f"{ws_base}/ws/{host.code}", compression=None).__enter__()
            copy.send(json.dumps({"type": "hello", "token": host.token}))
            copies.append(copy)
        phone.page.wait_for_selector("[data-lost='rejoin.superseded']")
        # No tap: the phone is back in its lobby by itself.
        phone.page.wait_for_selector("[data-lost='rejoin.superseded']", state="detached",
                                     timeout=60_000)
        wait_for(lambda: phone.page.locator("#create-name").count() == 0
                 and phone.page.locator("section.seats").count() == 1, phone.page,
                 what="the lobby again")
    finally:
        for copy in copies:
            copy.close()
        phone.close()
