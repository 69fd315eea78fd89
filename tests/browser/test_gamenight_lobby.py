"""The lobby on one phone screen (Chromium at 360×640): players and Start without scrolling,
the rest folded under "More options", options only where they apply, bots by friendly names;
Start brings every phone to the top of the game."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .players import Player, add_bots, create_room, join_room, screenshot, start_game, wait_for


def test_the_lobby_fits_a_phone_and_start_opens_the_game_at_its_top(
    browser: Browser, server: str
) -> None:
    cal = Player(browser, server, "Cal")
    bea = Player(browser, server, "Bea")
    code = create_room(cal, "time-bomb")
    join_room(bea, code)
    add_bots(cal, 2)
    start = cal.page.locator("button.start")
    box = start.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 640, box
    assert cal.page.locator("details.more-options").get_attribute("open") is None
    kinds = cal.page.locator("#bot-kind option").all_inner_texts()
    assert kinds == ["Easy", "Normal", "Hard"]  # the difficulties, by their friendly names
    # The first holder is one of the four seated, by name, not one of eight seats (issue 24,
    # item 3); the guest reads the host's choice by name too.
    cal.page.click("details.more-options summary")
    holders = cal.page.locator("#lobby-opt-first_holder option").all_inner_texts()
    assert holders[1:] == ["Seat 1 · Cal", "Seat 2 · Bea", "Seat 3 · Bot 1", "Seat 4 · Bot 2"]
    cal.page.select_option("#lobby-opt-first_holder", "1")
    wait_for(lambda: "Seat 2 · Bea" in (bea.page.locator("dl.option-values").text_content()
                                        or ""), bea.page,
             what="the first holder by name on the guest's phone")
    cal.page.click("details.more-options summary")  # folded again: Start stays in sight
    screenshot(cal, "gamenight-lobby-host")
    screenshot(bea, "gamenight-lobby-guest")
    for person in (cal, bea):
        person.page.evaluate("window.scrollTo(0, 400)")
    start_game(cal, [cal, bea])
    for person in (cal, bea):
        wait_for(lambda person=person: person.page.locator(".wires-table").count() == 1,
                 person.page, what="the game screen")
        assert person.page.evaluate("window.scrollY") == 0
    for person in (cal, bea):
        assert person.errors == [], person.errors
        person.close()


# The selects whose widest choice does not fit in them (its text would be cut).
CUT_SELECTS = """() => [...document.querySelectorAll('.option select')].filter((select) => {
  const style = getComputedStyle(select);
  const probe = document.createElement('span');
  Object.assign(probe.style, { font: style.font, whiteSpace: 'pre', position: 'absolute',
                               visibility: 'hidden' });
  document.body.appendChild(probe);
  const widest = Math.max(...[...select.options].map((option) => {
    probe.textContent = option.text;
    return probe.getBoundingClientRect().width;
  }));
  probe.remove();
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return widest > room - 16;  // the arrow takes about 16 px
}).map((select) => select.id)"""


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_names_per_player_shows_only_for_a_deck_the_players_write(
    browser: Browser, server: str, locale: str
) -> None:
    ana = Player(browser, server, "Ana", locale=locale)
    create_room(ana, "times-up")
    ana.page.click("details.more-options summary")
    ana.page.wait_for_selector("#lobby-opt-pack")
    assert ana.page.locator("#lobby-opt-names_per_player").count() == 0
    # No choice is cut at 360 px (issue 24, item 3: "Personnalités (fran").
    assert ana.page.evaluate(CUT_SELECTS) == []
    ana.page.select_option("#lobby-opt-pack", "players")
    ana.page.wait_for_selector("#lobby-opt-names_per_player")
    screenshot(ana, f"gamenight-lobby-more-options-{locale[:2]}")
    assert ana.errors == [], ana.errors
    ana.close()


def test_a_host_on_loopback_shares_the_lan_address(browser: Browser, server: str) -> None:
    """Served on every interface, the server tells its LAN origin (`/api/share`, checked in
    tests/server/test_share_origin.py); this server listens on loopback only, so the answer is
    the one such a server gives, set on the page's route."""
    lan = "http://192.0.2.7:8000"
    host = Player(browser, server, "Ada")
    host.page.route("**/api/share", lambda route: route.fulfill(json={"origin": lan}))
    code = create_room(host, "time-bomb")
    wait_for(lambda: host.page.inner_text(".share .link") == f"{lan}/r/{code}", host.page,
             what="the LAN link")
    src = host.page.locator(".share img.qr").get_attribute("src") or ""
    assert "192.0.2.7" in src
    assert host.errors == [], host.errors
    host.close()


@pytest.mark.parametrize(("locale", "lang"), [("en-GB", "en"), ("fr-FR", "fr")])
def test_a_room_follows_its_hosts_language(browser: Browser, server: str, locale: str,
                                           lang: str) -> None:
    """Created from the home page as it comes, Time's Up plays by the host's language's rules
    and names (so the names a group writes are saved as a deck in that language); choosing it
    as the next game in the lobby does too."""
    host = Player(browser, server, "Ana", locale=locale)
    create_room(host, "timos-twist")
    host.page.select_option("#next-game", "times-up")
    wait_for(lambda: host.room()["game"] == "times-up", host.page, what="the next game")
    options = host.room()["options"]
    assert (options["rules"], options["pack"]) == (lang, f"{lang}-personalities")
    create_room(host, "times-up")
    options = host.room()["options"]
    assert (options["rules"], options["pack"]) == (lang, f"{lang}-personalities")
    host.close()
