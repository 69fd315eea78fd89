"""Time Bomb in Chromium: two people and two bots play to the end; roles stay secret; the role
card shows only while held; names, chat lines and the claim beside a name made of HTML stay
plain text; a reload mid-game carries on; the replay viewer steps through the game."""

from __future__ import annotations

import json

from playwright.sync_api import Browser

from .players import Player, add_bots, create_room, join_room, screenshot, start_game, wait_for

# 23 characters (names have at most 24): would set window.z if it ever became markup.
HTML_NAME = "<img src=x onerror=z=1>"
HTML_CHAT = '<script>window.z=2</script><b>bold</b><img src=x onerror="window.z=3">'


def cut_a_wire(player: Player) -> None:
    before = player.version()
    player.page.locator("button.wire.can").first.click()
    wait_for(lambda: player.version() > before, player.page, what=f"{player.name}'s cut")


def claim(player: Player, defusing: int, bomb: bool) -> None:
    before = player.version()
    player.page.select_option("#claim-defusing", str(defusing))
    player.page.locator("#claim-bomb").set_checked(bomb)
    player.page.click("form.claim-form button[type=submit]")
    wait_for(lambda: player.version() > before, player.page, what=f"{player.name}'s claim")


def role_words_in(frame: str) -> int:
    return frame.count('"sherlock"') + frame.count('"moriarty"')


def test_time_bomb_to_the_end_with_secret_roles_and_html_as_text(
    browser: Browser, server: str
) -> None:
    cal = Player(browser, server, "Cal")
    odd = Player(browser, server, HTML_NAME)
    tv = Player(browser, server, "TV")
    people = [cal, odd]
    # Cal holds the pliers first, so the bots cannot end the game before the checks below.
    code = create_room(cal, "time-bomb", {"first_holder": 0})
    join_room(odd, code)
    add_bots(cal, 2)
    odd.page.fill("#lobby-chat-input", HTML_CHAT)
    odd.page.click(".chat-form button[type=submit]")
    wait_for(lambda: cal.messages("chat"), cal.page, what="the chat line")
    cal.page.wait_for_selector(".chat-line")
    screenshot(cal, "lobby-time-bomb")
    tv.goto(f"/r/{code}/tv")
    start_game(cal, people)
    wait_for(lambda: tv.view() is not None, tv.page, what="the TV's view")

    # The role card: hidden until pressed, shown while held, hidden again on release.
    role = cal.view()["you"]["role"]
    shown = {"sherlock": "Sherlock's team", "moriarty": "Moriarty's team"}[role]
    card = cal.page.locator(".role-card")
    assert shown not in card.inner_text()
    card.dispatch_event("pointerdown")
    assert card.inner_text().startswith(shown)
    cal.page.screenshot(path="test-output/screenshots/time-bomb-role-held-360x640.png")
    card.dispatch_event("pointerup")
    assert shown not in card.inner_text()
    # The keyboard holds it too: shown while Space is down.
    card.focus()
    cal.page.keyboard.down(" ")
    assert card.inner_text().startswith(shown)
    cal.page.keyboard.up(" ")
    assert shown not in card.inner_text()
    for person in (*people, tv):
        body = person.page.inner_text("body")
        assert "Sherlock's team" not in body and "Moriarty's team" not in body

    claim(odd, 1, False)
    claim(cal, 2, True)
    moves = 0
    reloaded = False
    while not cal.view()["over"]:
        for person in people:
            view = person.view()
            if not view["over"] and view["holder"] == view["seat"]:
                if moves == 1:
                    screenshot(person, "time-bomb-table")
                    screenshot(tv, "tv-time-bomb")
                cut_a_wire(person)
                moves += 1
        if moves >= 2 and not reloaded:
            odd.page.reload()
            wait_for(
                lambda: odd.page.locator("#conn.online").count() == 1, odd.page, what="reconnect"
            )
            # The bots play on meanwhile: the game may be over by the time the page is back.
            wait_for(
                lambda: odd.page.locator(".wires-table, table.scores").count() >= 1,
                odd.page,
                what="the table (or the end) again",
            )
            reloaded = True
        cal.page.wait_for_timeout(25)
        assert moves < 100, "the game never ended"

    # HTML typed by a player is shown as the very text typed, never run or rendered.
    for person in (cal, tv):
        page = person.page
        wait_for(lambda page=page: page.locator("table.scores").count() == 1, page, what="the end")
        assert page.evaluate("typeof window.z") == "undefined"
        assert HTML_NAME in page.inner_text("table.scores")
        assert page.locator("table.scores img, .seat-list img").count() == 0
    assert HTML_CHAT in cal.page.inner_text(".chat-lines")
    assert cal.page.locator(".chat-lines img, .chat-lines b.bold, .chat-lines script").count() == 0
    assert odd.page.evaluate("typeof window.z") == "undefined"

    # Every role is revealed at the end, and before the end no frame carried anyone else's.
    outcome = cal.view()["outcome"]
    revealed = cal.page.inner_text("table.scores")
    assert revealed.count("team") == len(outcome["roles"])
    screenshot(cal, "end-time-bomb")
    screenshot(tv, "tv-end-time-bomb")
    checked = 0
    for person, allowed in ((cal, 1), (odd, 1), (tv, 0)):
        for frame in person.frames:
            message = json.loads(frame)
            if message.get("type") == "view" and not message["view"]["over"]:
                assert role_words_in(frame) == allowed, (person.name, frame[:300])
                assert message["view"]["roles"] is None
                checked += 1
    assert checked > 10

    # The claim sits beside the HTML name, as text.
    cal.goto(f"/replay/{code}")
    wait_for(lambda: cal.page.locator("#replay-step").count() == 1, cal.page, what="the replay")
    cal.page.click("button[aria-label='Next step']")
    cal.page.click("button[aria-label='Next step']")
    cal.page.click("button[aria-label='Next step']")
    assert HTML_NAME in cal.page.inner_text(".wires-table")
    assert "1 defusing wire, no bomb" in cal.page.inner_text(".wires-table")
    screenshot(cal, "replay-time-bomb")
    assert reloaded
    for person in (*people, tv):
        assert person.errors == [], person.errors
        person.close()
