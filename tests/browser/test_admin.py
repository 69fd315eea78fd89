"""The instance admin in Chromium: the admin opens /admin with the token, sees a room, closes it
with a message, and the room's phone shows that message, in French and in English; the action
is in the audit log on the admin's page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .conftest import ADMIN_TOKEN as TOKEN
from .players import Player, screenshot, wait_for
from .table import Seat, phone_of

CASES = [("fr-FR", "fr", "Salle fermée : pseudos injurieux.", "Cette salle a été fermée"),
         ("en-GB", "en", "Closed: abusive names.", "This room was closed")]


@pytest.mark.parametrize(("locale", "lang", "message", "title"), CASES,
                         ids=[case[1] for case in CASES])
def test_the_admin_closes_a_room_and_its_phone_shows_why(
        browser: Browser, admin_server: str, locale: str, lang: str, message: str,
        title: str) -> None:
    host = Seat(admin_server, "Ana", game="time-bomb")
    phone = phone_of(browser, admin_server, host, locale)
    admin = Player(browser, admin_server, "admin", locale=locale)
    try:
        wait_for(lambda: phone.room() is not None, phone.page, what="the host's lobby")
        admin.goto("/admin")
        admin.page.fill("#admin-token", TOKEN)
        admin.page.press("#admin-token", "Enter")
        row = admin.page.locator(f"tr[data-room='{host.code}']")
        row.wait_for()
        assert "Ana" in row.inner_text()
        assert admin.page.locator("html").get_attribute("lang") == lang
        screenshot(admin, f"admin-rooms-{lang}")
        row.locator("input.close-message").fill(message)
        row.locator("button.danger").click()
        admin.page.locator("p.admin-note").wait_for()
        assert host.code in admin.page.locator("p.admin-note").inner_text()
        assert admin.page.locator(f"tr[data-room='{host.code}']").count() == 0
        audit = admin.page.locator("section[aria-labelledby='audit-title'] tbody tr").first
        assert "close_room" in audit.inner_text() and message in audit.inner_text()
        screenshot(admin, f"admin-closed-{lang}")
        phone.page.locator(".room-closed").wait_for()
        shown = phone.page.locator(".room-closed").inner_text()
        assert title in shown and message in shown
        screenshot(phone, f"room-closed-{lang}")
        assert phone.errors == [] and admin.errors == []
    finally:
        phone.close()
        admin.close()
