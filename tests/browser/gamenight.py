"""The table of the game-night tests: Cal (host) and Bea on phones, two bots, and a TV."""

from __future__ import annotations

from playwright.sync_api import Browser

from .players import DESKTOP, Player, add_bots, create_room, join_room, start_game, wait_for


def tv_player(browser: Browser, base: str) -> Player:
    """A player whose browser is the size of a TV screen."""
    tv = Player(browser, base, "TV")
    tv.page.set_viewport_size(DESKTOP)
    return tv


def bomb_table(
    browser: Browser, base: str, first_holder: int
) -> tuple[Player, Player, Player, str]:
    """A Time Bomb game started with Cal, Bea, two bots and the TV watching."""
    cal = Player(browser, base, "Cal")
    bea = Player(browser, base, "Bea")
    tv = tv_player(browser, base)
    code = create_room(cal, "time-bomb", {"first_holder": first_holder})
    join_room(bea, code)
    add_bots(cal, 2)
    tv.goto(f"/r/{code}/tv")
    start_game(cal, [cal, bea])
    wait_for(lambda: tv.view() is not None, tv.page, what="the TV's view")
    return cal, bea, tv, code
