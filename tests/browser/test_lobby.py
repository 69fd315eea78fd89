"""The lobby's host tools and the people around the table: bots in and out, a rename, handing
over the host's role, a spectator who only watches."""

from __future__ import annotations

from playwright.sync_api import Browser

from .players import Player, add_bots, create_room, join_room, screenshot, wait_for


def seat_names(player: Player) -> list[str]:
    return [seat["name"] for seat in player.room()["seats"]]


def test_host_tools_rename_and_a_spectator(browser: Browser, server: str) -> None:
    host = Player(browser, server, "Jo")
    guest = Player(browser, server, "Kim")
    watcher = Player(browser, server, "Lou")
    code = create_room(host, "time-bomb")
    join_room(guest, code)
    add_bots(host, 1)
    bot = host.room()["seats"][2]
    assert bot["bot"] and seat_names(host)[:2] == ["Jo", "Kim"]
    host.page.click(f"button[aria-label='Remove {bot['name']}']")
    wait_for(lambda: len(seat_names(host)) == 2, host.page, what="the bot removed")

    guest.page.fill("#rename", "Kimi")
    guest.page.click("form.rename button[type=submit]")
    wait_for(lambda: "Kimi" in seat_names(host), host.page, what="the new name")
    host.page.wait_for_selector(".seat-list >> text=Kimi")

    # A spectator sees the lobby but holds no seat and no host tools.
    watcher.goto(f"/r/{code}")
    watcher.page.fill("#join-name", watcher.name)
    watcher.page.click("text=Just watch")
    wait_for(lambda: watcher.room() is not None, watcher.page, what="the spectator's room")
    assert watcher.room()["you"]["spectator"] and watcher.seat() is None
    assert watcher.page.locator("button.start").count() == 0
    wait_for(lambda: host.room()["spectators"] == 1, host.page, what="one spectator")

    # Handing over the host's role moves the Start button.
    assert guest.page.locator("button.start").count() == 0
    host.page.click("button[aria-label='Make Kimi the host']")
    guest.page.wait_for_selector("button.start")
    assert host.page.locator("button.start").count() == 0
    screenshot(guest, "lobby-new-host")

    # Switching language in a room relabels it without dropping the socket.
    rooms_before = len(guest.messages("room"))
    guest.page.select_option("#lang", "fr")
    guest.page.wait_for_selector("text=Lancer la partie")
    assert guest.page.locator("#conn.online").inner_text() == "en ligne"
    # A new socket would have brought a new `room` message (every connect syncs).
    assert len(guest.messages("room")) == rooms_before
    for person in (host, guest, watcher):
        assert person.errors == [], person.errors
        person.close()
