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

# The "open elsewhere" screen shows for a few seconds only: a busy machine can let them pass
# before the test looks, so the page writes down each lost-seat screen it drew.
LOST_SCREENS = """
window.lostScreens = [];
new MutationObserver(() => {
  for (const el of document.querySelectorAll('[data-lost]')) {
    if (window.lostScreens.at(-1) !== el.dataset.lost) window.lostScreens.push(el.dataset.lost);
  }
}).observe(document, { subtree: true, childList: true });
"""


def test_a_phone_pushed_off_by_a_copied_token_takes_its_seat_back(
        browser: Browser, server: str) -> None:
    host = Seat(server, "Ana", game="time-bomb")
    phone = phone_of(browser, server, host, "en-GB")
    copies = []
    try:
        wait_for(lambda: phone.room() is not None, phone.page, what="the host's lobby")
        phone.page.evaluate(LOST_SCREENS)
        ws_base = server.replace("http", "ws")
        for _ in range(COPIES):
            copy = connect(f"{ws_base}/ws/{host.code}", compression=None).__enter__()
            copy.send(json.dumps({"type": "hello", "token": host.token}))
            copies.append(copy)
        wait_for(lambda: "rejoin.superseded" in phone.page.evaluate("window.lostScreens"),
                 phone.page, timeout=60, what="the seat lost to the copies")
        # No tap: the phone is back in its lobby by itself.
        wait_for(lambda: phone.page.locator("[data-lost]").count() == 0
                 and phone.page.locator("#create-name").count() == 0
                 and phone.page.locator("section.seats").count() == 1, phone.page, timeout=90,
                 what="the lobby again")
    finally:
        for copy in copies:
            copy.close()
        phone.close()
