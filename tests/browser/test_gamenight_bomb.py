"""Time Bomb's secrets on the glass, in Chromium: a player's wire counts are shown only while
the role card is held, like the role; a claim beside a name says its round."""

from __future__ import annotations

from playwright.sync_api import Browser

from .gamenight import bomb_table
from .players import screenshot, wait_for

KINDS = ("safe", "defusing", "bomb")


def test_wire_counts_show_only_while_the_role_card_is_held(browser: Browser, server: str) -> None:
    cal, bea, tv, _ = bomb_table(browser, server, first_holder=0)
    counts = bea.view()["you"]["face_down"]
    card = bea.page.locator(".role-card")
    assert bea.page.locator(".wire-counts").count() == 0
    assert "×" not in bea.page.inner_text("body")
    screenshot(bea, "gamenight-bomb-hidden")
    def press() -> int:
        card.dispatch_event("pointerdown")
        return bea.page.locator(".role-card .wire-counts").count()

    wait_for(press, bea.page, what="the counts on the held card")
    held = bea.page.inner_text(".role-card .wire-counts")
    assert [f"× {counts[kind]}" in held for kind in KINDS] == [True] * 3
    bea.page.screenshot(path="test-output/screenshots/gamenight-bomb-held-360x640.png")
    card.dispatch_event("pointerup")
    assert bea.page.locator(".wire-counts").count() == 0

    before = bea.version()
    bea.page.select_option("#claim-defusing", "1")
    bea.page.click("form.claim-form button[type=submit]")
    wait_for(lambda: bea.version() > before, bea.page, what="Bea's claim")
    # Phones say the claim's round; the TV, short of room, only the claim.
    for screen, table, said in ((cal, ".wires-table", "1 defusing wire, no bomb » (round 1)"),
                                (bea, ".wires-table", "1 defusing wire, no bomb » (round 1)"),
                                (tv, ".tv-rows", "« 1 defusing wire, no bomb »")):
        wait_for(lambda screen=screen, table=table, said=said: said
                 in screen.page.inner_text(table), screen.page,
                 what=f"the claim on {screen.name}'s table")
    for person in (cal, bea, tv):
        assert person.errors == [], person.errors
        person.close()
