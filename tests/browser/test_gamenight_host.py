"""The host's table controls on the game screen, in Chromium: pause (every phone and the TV say
so, a tap is refused with the reason), resume, skip the turn of the player the game waits for,
replace a person by a bot for good."""

from __future__ import annotations

import json

from playwright.sync_api import Browser
from websockets.sync.client import connect

from .gamenight import bomb_table
from .players import Player, screenshot, wait_for
from .table import phone_of, play_until, settle, sit, start
from .test_tv import timo_move


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
    # Each screen hears of the skip in its own time: Bea's may come a moment after Cal's.
    wait_for(lambda: bea.version() >= 1, bea.page, what="the skip on Bea's screen")
    # Issue 24, item 4: the skip is the host's move for Bea, not Bea's own, in every log.
    for screen in (bea, tv):
        wait_for(lambda screen=screen: "Cal (host) for Bea cut" in screen.page.inner_text("body"),
                 screen.page, what=f"the skip credited to the host on {screen.name}'s screen")
    screenshot(bea, "gamenight-host-skip-credited")
    screenshot(tv, "gamenight-tv-skip-credited")

    host_control(cal, "replace", 1)
    wait_for(lambda: bea.room()["you"]["spectator"], bea.page, what="Bea watching")
    wait_for(lambda: cal.room()["seats"][1]["bot"], cal.page, what="a bot in Bea's seat")
    wait_for(lambda: cal.page.locator("details.table-host [data-seat='1'][data-op='kick']")
             .count() == 0, cal.page, what="no person left to remove at seat 1")
    screenshot(cal, "gamenight-host-tools")
    for person in (cal, bea, tv):
        assert person.errors == [], person.errors
        person.close()


def test_a_replaced_player_keeps_their_moves_on_the_end_screen_and_in_the_replay(
    browser: Browser, server: str
) -> None:
    """Issue 19, item 2: after "replace by a bot", Bea's own cut stays hers in the move log,
    the end screen and the replay; the bot's are "Bot 3 for Bea"."""
    cal, bea, tv, code = bomb_table(browser, server, first_holder=1)
    slow_bots(cal, server, code)
    bea.page.locator("button.wire.can").first.click()
    wait_for(lambda: cal.version() >= 1, cal.page, what="Bea's cut")
    host_control(cal, "replace", 1)
    wait_for(lambda: cal.room()["seats"][1]["bot"], cal.page, what="a bot in Bea's seat")
    wait_for(lambda: "Bot 3 for Bea" in cal.page.inner_text(".wires-table"), cal.page,
             what="the bot named for whom it plays")
    log = cal.page.locator("ol.log").first
    assert "Bea cut" in log.inner_text() and "Bot 3 cut" not in log.inner_text()

    def over() -> bool:
        view = cal.view()
        if view is not None and not view["over"] and view["to_act"] == [0] \
                and cal.page.locator("button.wire.can").count():
            cut_at = cal.version()
            cal.page.locator("button.wire.can").first.click()
            wait_for(lambda: cal.version() > cut_at, cal.page, what="Cal's cut")
        return view is not None and view["over"]

    wait_for(over, cal.page, what="the end of the game", timeout=240)
    wait_for(lambda: "Bea, then Bot 3 for Bea" in cal.page.inner_text("body"), cal.page,
             what="the end screen naming both who played seat 1")

    cal.goto(f"/replay/{code}")
    wait_for(lambda: cal.page.locator("#replay-step").count() == 1, cal.page, what="the replay")
    cal.page.click("button[aria-label='Next step']")
    wait_for(lambda: cal.page.inner_text("p[role=status]").startswith("Bea:"), cal.page,
             what="the first cut credited to Bea")
    for person in (cal, bea, tv):
        assert person.errors == [], person.errors
        person.close()


def test_a_hosts_skip_in_timos_twist_is_the_hosts_in_the_move_log(
    browser: Browser, server: str
) -> None:
    """Issue 24, item 4: Timo's Twist's move log (drawn from events, not from the view) names
    the host's skip as the host's for the player, though its credit comes after its view."""
    seats = sit(server, "timos-twist", ["Ana", "Bea"], {"timo_grace_ms": 0})
    start(seats)
    settle(seats)
    ana, bea = seats
    play_until(seats, timo_move, lambda: ana.view["turn"] == 1)  # Bea's turn: Ana skips it
    phone = phone_of(browser, server, bea, "en-GB")
    phone.page.wait_for_selector(".hand")
    before = bea.version
    ana.lobby("skip", seat=1)
    wait_for(lambda: phone.version() > before, phone.page, what="the skip's view")
    wait_for(lambda: "Ana (host) for Bea" in phone.page.inner_text(".move-log"),
             phone.page, what="the skip credited to the host in the move log")
    screenshot(phone, "gamenight-host-skip-timos-twist")
    assert phone.errors == []
    phone.close()
    for seat in seats:
        seat.close()
