"""A screen whose module is still loading when the room moves on (live.js's render): the end
screen of a game was being loaded when the host's "play again" took the room back to its
lobby, and the end screen was mounted with the lobby's state (no view): a script error on the
TV of a streamed evening, seen on a loaded machine. Here the phone's end screen module is held
back by the test until the lobby has reached the phone, so the race is run every time."""

from __future__ import annotations

from playwright.sync_api import Browser, Route

from .players import wait_for
from .table import phone_of, play_until, sit, start
from .test_tv import timo_move


def test_a_screen_still_loading_when_the_room_moves_on_is_not_drawn(browser: Browser,
                                                                     server: str) -> None:
    seats = sit(server, "timos-twist", ["Ana", "Bea"], {"target_score": 1, "timo_grace_ms": 0})
    host = seats[0]
    phone = phone_of(browser, server, seats[1], "en")
    try:
        held: list[Route] = []

        def hold(route: Route) -> None:
            held.append(route)

        phone.page.route("**/static/end.js", hold)  # the end screen's own module
        wait_for(lambda: phone.page.locator(".lobby-head").count() == 1, phone.page,
                 what="Bea's lobby")
        start(seats)
        play_until(seats, timo_move, lambda: bool(host.view and host.view["over"]), limit=2000)
        wait_for(lambda: held, phone.page, what="the end screen's module asked for")
        host.lobby("play_again")
        wait_for(lambda: (phone.room() or {}).get("status") == "lobby", phone.page,
                 what="the lobby's room message on Bea's phone")
        held[0].continue_()  # the end screen's module arrives only now
        wait_for(lambda: phone.page.locator(".lobby-head").count() == 1
                 and phone.page.locator(".game-head").count() == 0, phone.page,
                 what="Bea's phone back in the lobby")
        assert phone.errors == []
    finally:
        phone.close()
        for seat in seats:
            seat.close()
