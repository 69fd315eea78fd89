"""A screen whose module is still loading when the room moves on (live.js's render): the end
screen of a game was being loaded when the host's "play again" took the room back to its
lobby, and the end screen was mounted with the lobby's state (no view): a script error on the
TV of a streamed evening, seen on a loaded machine. Here the phone's end screen module is held
back by the test until the lobby has reached the phone, so the race is run every time.

And a screen's module the network failed to bring (reload.js): the page loads itself again, a
few times at most."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Route

from .players import Player, wait_for
from .table import Seat, phone_of, play_until, sit, start
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


def phone_at_room(browser: Browser, server: str, seat: Seat, route: Callable[[Route], None],
                  pattern: str) -> Player:
    """`seat`'s phone, opened at its room with `route` answering every request for `pattern`
    (the page's own, after each reload too)."""
    player = Player(browser, server, seat.name)
    player.context.route(pattern, route)
    saved = json.dumps({"token": seat.token, "seat": seat.seat})
    player.context.add_init_script(
        f"localStorage.setItem('tictac.seat.play.{seat.code}', {json.dumps(saved)});")
    player.goto(f"/r/{seat.code}")
    return player


@pytest.mark.parametrize("module", ["room.js", "lobby.js"])
def test_a_screen_module_the_network_dropped_loads_the_page_again(
        browser: Browser, server: str, module: str) -> None:
    """A phone's Wi-Fi drops the request for a screen's module (the room's screen, loaded by
    app.js; the lobby, loaded by the live room): the browser keeps that failure for the page,
    so the page loads itself again and the lobby shows, with no script error."""
    seats = sit(server, "timos-twist", ["Ana", "Bea"], {})
    asked: list[str] = []

    def drop_the_first(route: Route) -> None:
        asked.append(route.request.url)
        if len(asked) == 1:
            route.abort()
        else:
            route.continue_()

    phone = phone_at_room(browser, server, seats[1], drop_the_first, f"**/static/{module}")
    try:
        wait_for(lambda: phone.page.locator(".lobby-head").count() == 1, phone.page,
                 what="Bea's lobby after the page loaded again")
        assert len(asked) == 2
        assert phone.errors == []
    finally:
        phone.close()
        for seat in seats:
            seat.close()


@pytest.mark.page_errors_expected
def test_a_module_that_never_comes_reloads_the_page_three_times_then_says_so(
        browser: Browser, server: str) -> None:
    """A file really missing: three reloads, then the script error, and no loop."""
    seats = sit(server, "timos-twist", ["Ana", "Bea"], {})
    asked: list[str] = []

    def drop(route: Route) -> None:
        asked.append(route.request.url)
        route.abort()

    phone = phone_at_room(browser, server, seats[1], drop, "**/static/lobby.js")
    try:
        wait_for(lambda: phone.errors, phone.page, timeout=60, what="the error, once reloads end")
        reloads = phone.page.evaluate("() => JSON.parse(sessionStorage['tictac.module-reloads'])")
        assert len(reloads) == 3 and len(asked) >= 4  # the first load and three more
        assert "dynamically imported module" in phone.errors[0]
    finally:
        phone.close()
        for seat in seats:
            seat.close()
