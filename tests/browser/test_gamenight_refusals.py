"""A refused tap says why, in words, beside the control tapped (Chromium): a card played out of
turn in Timo's Twist, your own wire in Time Bomb. Nothing changes."""

from __future__ import annotations

from playwright.sync_api import Browser

from .gamenight import bomb_table
from .players import Player, create_room, join_room, screenshot, start_game, wait_for


def refusal_beside(player: Player, selector: str) -> str:
    """Taps `selector`; the refusal's words, checked to sit just below the control."""
    before = player.version()
    control = player.page.locator(selector).first
    control.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    note = player.page.locator(".refusal")
    wait_for(lambda: note.count() == 1, player.page, what="the refusal beside the tap")
    tapped, shown = control.bounding_box(), note.bounding_box()
    assert tapped is not None and shown is not None
    assert 0 <= shown["y"] - (tapped["y"] + tapped["height"]) <= 12
    assert player.version() == before
    return note.inner_text()


def test_a_card_played_out_of_turn_is_refused_beside_it(browser: Browser, server: str) -> None:
    ana = Player(browser, server, "Ana")
    bea = Player(browser, server, "Bea")
    code = create_room(ana, "timos-twist", {"target_score": 500})
    join_room(bea, code)
    start_game(ana, [ana, bea])
    waiting = bea if ana.view()["turn"] == 0 else ana
    assert refusal_beside(waiting, ".hand button.card") == "It is not your turn."
    screenshot(waiting, "gamenight-refusal-timo")
    for person in (ana, bea):
        assert person.errors == [], person.errors
        person.close()


def test_your_own_wire_is_refused_beside_it(browser: Browser, server: str) -> None:
    cal, bea, tv, _ = bomb_table(browser, server, first_holder=0)
    own = cal.page.locator(".wire-row", has_text="Cal").locator("button.wire")
    assert own.first.get_attribute("aria-disabled") == "true"
    text = refusal_beside(cal, ".wire-row:has(.tag.you) button.wire")
    assert text == "Cut a wire in front of someone else."
    for person in (cal, bea, tv):
        assert person.errors == [], person.errors
        person.close()
