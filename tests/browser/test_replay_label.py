"""A replay says whose views it shows: a spectator of the evening's first game who took a seat
for the second opens the first game's replay and is told it is seen by a spectator (the views
the server gives for that game), not by "you"; the game she played is seen by her."""

from __future__ import annotations

from playwright.sync_api import Browser

from .players import Player, join_room, wait_for
from .table import play_until, sit, start
from .test_tv import timo_move

SELECTED = "() => document.querySelector('#replay-seat').selectedOptions[0].textContent"


def test_an_earlier_games_replay_names_the_view_it_shows(browser: Browser, server: str) -> None:
    seats = sit(server, "timos-twist", ["Ana", "Bea"], {"target_score": 1, "timo_grace_ms": 0})
    code = seats[0].code
    start(seats)
    zoe = Player(browser, server, "Zoé")
    join_room(zoe, code)  # the game runs: she watches
    play_until(seats, timo_move, lambda: bool(seats[0].view["over"]), limit=2000)
    seats[0].lobby("play_again")
    zoe.page.click("[data-key='sit']")
    wait_for(lambda: (zoe.room() or {}).get("you", {}).get("seat") == 2, zoe.page,
             what="Zoé seated")
    seats[0].lobby("start")
    zoe.page.wait_for_selector(".stage-game")
    zoe.goto(f"/replay/{code}?game=0")
    zoe.page.wait_for_selector("#replay-seat")
    assert zoe.page.evaluate(SELECTED) == "a spectator"
    zoe.close()
    for seat in seats:
        seat.close()
