"""Players' reports in Chromium, in French and in English: on a player's phone, a chat line and
another player's name are reported (a first tap asks, a second sends); on the admin's page the
queue shows them as they were shown, the admin bans from one and closes the room from the
other, the queue empties, the audit log has both, and the phone shows the room closed."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser

from .conftest import ADMIN_TOKEN as TOKEN
from .players import Player, screenshot, wait_for
from .table import Seat, phone_of

LINE = "une ligne vraiment vilaine"
CASES = [("fr-FR", "fr", "Signaler ?", "Signalé", "un message", "Fermée : insultes."),
         ("en-GB", "en", "Report?", "Reported", "a chat line", "Closed: insults.")]


@pytest.mark.parametrize(("locale", "lang", "asking", "sent", "chat_kind", "closing"), CASES,
                         ids=[case[1] for case in CASES])
def test_a_player_reports_and_the_admin_acts_from_the_queue(
        browser: Browser, admin_server: str, locale: str, lang: str, asking: str, sent: str,
        chat_kind: str, closing: str) -> None:
    host = Seat(admin_server, "Ana", game="times-up")
    rude = Seat(admin_server, "Gros Mot", code=host.code)
    reporter = Seat(admin_server, "Léa", code=host.code)
    phone = phone_of(browser, admin_server, reporter, locale)
    admin = Player(browser, admin_server, "admin", locale=locale)
    try:
        wait_for(lambda: phone.room() is not None, phone.page, what="the reporter's lobby")
        rude.send({"type": "chat", "text": LINE})
        line = phone.page.locator("li.chat-line", has_text=LINE)
        line.wait_for()
        flag = line.locator("button.report")
        flag.click()
        assert flag.inner_text() == asking  # a stray tap reports nothing yet
        flag.click()
        wait_for(lambda: flag.inner_text() == sent, phone.page, what="the line reported")
        name_flag = phone.page.locator("li.seat", has_text="Gros Mot").locator("button.report")
        name_flag.click()
        name_flag.click()
        wait_for(lambda: "Gros Mot" in admin_queue(admin_server), phone.page,
                 what="the name reported")
        # nobody reports their own name or line: no flag on them
        assert phone.page.locator("li.seat", has_text="Léa").locator("button.report").count() == 0
        screenshot(phone, f"report-sent-{lang}")

        admin.goto("/admin")
        admin.page.fill("#admin-token", TOKEN)
        admin.page.press("#admin-token", "Enter")
        rows = admin.page.locator("section[aria-labelledby='reports-title'] tbody tr")
        wait_for(lambda: rows.count() == 2, admin.page, what="two reports in the queue")
        chat_row = rows.filter(has_text=LINE)
        assert chat_kind in chat_row.inner_text() and "Gros Mot" in chat_row.inner_text()
        assert reporter.token not in admin.page.content()
        screenshot(admin, f"admin-reports-{lang}")
        chat_row.locator("input.report-network").fill("203.0.113.9")
        chat_row.locator("button[data-act='ban']").click()
        wait_for(lambda: rows.count() == 1, admin.page, what="the chat report settled")
        assert "203.0.113.9" in admin.page.locator("p.admin-note").inner_text()
        name_row = rows.filter(has_text="Gros Mot")
        name_row.locator("input.close-message").fill(closing)
        name_row.locator("button[data-act='close']").click()
        admin.page.locator("section[aria-labelledby='reports-title'] p.empty").wait_for()
        audit = admin.page.locator("section[aria-labelledby='audit-title'] tbody tr")
        actions = [audit.nth(i).locator("td").nth(1).inner_text() for i in range(4)]
        assert actions == ["resolve_report", "close_room", "resolve_report", "ban"]
        screenshot(admin, f"admin-reports-settled-{lang}")
        phone.page.locator(".room-closed").wait_for()
        assert closing in phone.page.locator(".room-closed").inner_text()
        assert phone.errors == [] and admin.errors == []
    finally:
        for seat in (host, rude, reporter):
            seat.close()
        phone.close()
        admin.close()


def admin_queue(base: str) -> str:
    """The queue as the admin's call answers it (the phone's report landed)."""
    return httpx.get(f"{base}/api/admin/reports",
                     headers={"authorization": f"Bearer {TOKEN}"}).text
