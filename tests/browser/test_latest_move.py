"""What just happened is at the top of every game's phone (the table bar's latest move): Time
Bomb's cuts and claims too, not only at the foot of a long page."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from .players import wait_for
from .table import Seat, phone_of, play_until, shows_version, sit, start


def test_a_time_bomb_phone_says_the_latest_cut_at_its_top(browser: Browser, server: str) -> None:
    seats = sit(server, "time-bomb", ["Ana", "Bea", "Cal", "Dan"])
    start(seats)
    phone = phone_of(browser, server, seats[1], "en-GB")
    # The phone's move log starts when it joins: a cut made before would be in its first view
    # but in no line of the log.
    shows_version(phone, seats[0].version, "the phone at the deal")

    def safe_cut(seat: Seat, view: dict[str, Any]) -> dict[str, Any] | None:
        """A cut of a row holding no bomb (its owner's view says so), so the game goes on
        and its table bar stays: a random deal could end it on the first cut."""
        return next((action for action in view["legal"] if action["type"] == "cut"
                     and not seats[action["target"]].view["you"]["face_down"]["bomb"]), None)

    play_until(seats, safe_cut, lambda: seats[0].view["cuts"] >= 1)
    shows_version(phone, seats[0].version, "the phone after a cut")
    line = phone.page.locator(".table-bar .last-move")
    wait_for(lambda: line.count() == 1, phone.page, what="the latest move at the top")
    assert "cut a wire of" in line.inner_text()
    top = line.bounding_box()
    assert top is not None and top["y"] < 640  # in the first screen, without scrolling
    phone.close()
    for seat in seats:
        seat.close()
