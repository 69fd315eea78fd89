"""The host's table controls on the game screen, in Chromium: pause (every phone and the TV say
so, a tap is refused with the reason), resume, skip the turn of the player the game waits for,
replace a person by a bot for good."""

from __future__ import annotations

import json

from playwright.sync_api import Browser
from websockets.sync.client import connect

from .gamenight import bomb_table
from .players import Player, screenshot, wait_for


def host_control(host: Player, op: str, seat: int | None = None) -> None:
    tools = host.page.locator("details.table-host")
    if tools.get_attribute("open") is None:
        tools.locator("summary").click()
    where = "" if seat is None else f"[data-seat='{seat}']"
    host.page.click(f"details.table-host button[data-op='{op}']{where}")


def slow_bots(host: Player, server: str, code: str) -> None:
    """The host's own `set_bot_pause` (5 s), sent on a second socket with the host's token."""
    seat = json.loads(host.page.evaluate(f"localStorage.getItem('tictac.seat.play.{code}')"))
    url = server.replace("http", "ws", 1) + f"/ws/{code}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "token": seat["token"]}))
        ws.send(json.dumps({"type": "lobby", "op": "set_bot_pause", "ms": 5000, "id": 1}))
        ws.send(json.dumps({"type": "ping", "t": 1}))
        while json.loads(ws.recv(timeout=10))["type"] != "pong":
            pass


def test_host_pauses_resumes_skips_and_replaces_from_the_game_screen(
    browser: Browser, server: str
) -> None:
    cal, bea, tv, code = bomb_table(browser, server, first_holder=1)
    assert bea.page.locator("details.table-host").count() == 0  # only the host has them

    host_control(cal, "pause")
    for screen in (cal, bea, tv):
        wait_for(lambda screen=screen: screen.page.locator(".paused-note").count() == 1,
                 screen.page, what=f"the pause on {screen.name}'s screen")
    screenshot(cal, "gamenight-host-paused")
    screenshot(tv, "gamenight-tv-paused")
    bea.page.locator("button.wire.can").first.click()
    wait_for(lambda: bea.messages("error"), bea.page, what="the refusal")
    assert bea.messages("error")[-1]["code"] == "paused"
    wait_for(lambda: "paused" in bea.page.inner_text("body"), bea.page, what="why, in words")
    assert "paused" in bea.page.inner_text(".refusal")
    assert cal.version() == 0

    # Slow the bots down first: after the skip a bot may hold the pliers, and at the suite's
    # 60 ms pause the bots could cut their way to the end before the host's next tap.
    slow_bots(cal, server, code)
    host_control(cal, "resume")
    wait_for(lambda: cal.page.locator(".paused-note").count() == 0, cal.page, what="resumed")
    host_control(cal, "skip", 1)
    wait_for(lambda: cal.version() >= 1, cal.page, what="Bea's turn skipped")
    assert bea.version() >= 1

    host_control(cal, "replace", 1)
    wait_for(lambda: bea.room()["you"]["spectator"], bea.page, what="Bea watching")
    wait_for(lambda: cal.room()["seats"][1]["bot"], cal.page, what="a bot in Bea's seat")
    wait_for(lambda: cal.page.locator("details.table-host [data-seat='1'][data-op='kick']")
             .count() == 0, cal.page, what="no person left to remove at seat 1")
    screenshot(cal, "gamenight-host-tools")
    for person in (cal, bea, tv):
        assert person.errors == [], person.errors
        person.close()
