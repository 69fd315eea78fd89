"""Accessibility and the feel of the table, in Chromium: axe-core (packaged by
axe-playwright-python, no CDN) finds nothing on the pages around the games in both languages
(the game screens and the TV are checked phase by phase in test_tv.py), and the checks do fail
on a planted fault; French and English plurals; reduced motion turns the TV's animations off;
the TV's sound cues and its remembered mute; a phone's turn: title, buzz and wake lock."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from .players import Player, wait_for
from .table import Seat, axe_violations, phone_of, play_until, settle, sit, small_targets, start
from .test_tv import timo_move


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_axe_finds_nothing_around_the_games(browser: Browser, server: str, locale: str) -> None:
    person = Player(browser, server, "Ida", locale=locale)
    host = Seat(server, "Host", game="time-bomb")
    pages = ["/", f"/r/{host.code}", "/rules/timos-twist", "/rules/time-bomb", "/rules/times-up"]
    for path in pages:
        person.goto(path)
        person.page.wait_for_selector("main#app > :not(.loading)")
        person.page.wait_for_load_state("networkidle")
        assert axe_violations(person.page) == [], (locale, path)
        assert small_targets(person.page) == [], (locale, path)
    assert person.errors == []
    person.close()
    host.close()


def test_the_checks_see_a_planted_fault(browser: Browser, server: str) -> None:
    """A grey-on-grey line and a 20 px button: axe and the tap-target check both say so."""
    person = Player(browser, server, "Ida")
    person.goto("/")
    person.page.wait_for_selector(".game-choice")
    person.page.evaluate("""() => {
      const line = document.createElement('p');
      line.textContent = 'hard to read';
      line.style.cssText = 'color: #555; background: #444';
      const tiny = document.createElement('button');
      tiny.textContent = 'x';
      tiny.style.cssText = 'min-height: 0; width: 20px; height: 20px; padding: 0';
      document.querySelector('main').append(line, tiny);
    }""")
    assert any(found.startswith("color-contrast") for found in axe_violations(person.page))
    assert [item["width"] for item in small_targets(person.page)] == [20]
    person.close()


@pytest.mark.parametrize(
    "lang, key, counts",
    [
        ("fr", "timo.cards_held", {0: "0 carte", 1: "1 carte", 2: "2 cartes"}),
        ("en", "timo.cards_held", {0: "0 cards", 1: "1 card", 2: "2 cards"}),
        ("fr", "tu.found_round", {1: "1 trouvée", 5: "5 trouvées"}),
        ("fr", "lobby.players_range", {1: "1 joueur assis", 5: "5 joueurs assis"}),
    ],
)
def test_plurals_follow_the_languages_rules(
    browser: Browser, server: str, lang: str, key: str, counts: dict[int, str]
) -> None:
    person = Player(browser, server, "Ida", locale="fr-FR" if lang == "fr" else "en-GB")
    person.goto("/")
    person.page.wait_for_selector(".game-choice")
    said = person.page.evaluate(
        """async ([key, counts]) => {
          const { t } = await import('/static/i18n.js');
          const params = (n) => ({ n: Number(n), team: 'A', min: 2, max: 9 });
          return Object.keys(counts).map((n) => t(key, params(n)));
        }""",
        [key, {str(n): text for n, text in counts.items()}],
    )
    for (n, expected), text in zip(counts.items(), said, strict=True):
        assert expected in text, (lang, key, n, text)
    person.close()


def tv_of(browser: Browser, server: str, code: str, motion: str) -> Player:
    tv = Player(browser, server, "TV")
    tv.context.close()
    tv.context = browser.new_context(
        viewport={"width": 1920, "height": 1080},
        reduced_motion=motion,  # type: ignore[arg-type]
    )
    tv.page = tv.context.new_page()
    tv.page.on("websocket", tv._watch)
    tv.page.on("pageerror", tv._failed)
    tv.goto(f"/r/{code}/tv")
    return tv


RUNNING_ANIMATIONS = (
    "() => document.getAnimations().filter((a) => a.playState === 'running').length"
)


def test_reduced_motion_turns_the_tv_animations_off(browser: Browser, server: str) -> None:
    seats = sit(server, "timos-twist", ["Ana", "Bea"], {"timo_grace_ms": 0})
    moving = tv_of(browser, server, seats[0].code, "no-preference")
    still = tv_of(browser, server, seats[0].code, "reduce")
    for tv in (moving, still):
        tv.page.wait_for_selector(".tv-lobby")
    start(seats)
    counted: dict[str, list[int]] = {"moving": [], "still": []}
    for _ in range(4):
        before = seats[0].version
        play_until(seats, timo_move, lambda before=before: seats[0].version > before)
        for name, tv in (("moving", moving), ("still", still)):
            wait_for(lambda tv=tv: tv.version() >= seats[0].version, tv.page, what="the move")
            # The move is drawn a moment after it arrives: give an animation time to start.
            tv.page.wait_for_timeout(150)
            counted[name].append(tv.page.evaluate(RUNNING_ANIMATIONS))
    # The check can see an animation run: some move's animation still runs when looked at.
    assert max(counted["moving"]) > 0, counted
    assert counted["still"] == [0, 0, 0, 0], counted
    name = still.page.evaluate(
        "() => getComputedStyle(document.querySelector('.tv-discard .card')).animationName"
    )
    assert name == "none"
    for tv in (moving, still):
        assert tv.errors == []
        tv.close()


def cues(player: Player) -> dict[str, list[str]]:
    """The cues the page asked for and those it played (a muted one is asked, not played)."""
    seen: dict[str, list[str]] = player.page.evaluate(
        "() => window.__tictacCues || {asked: [], played: []}"
    )
    return seen


def test_the_tv_plays_cues_and_remembers_mute(browser: Browser, server: str) -> None:
    seats = sit(server, "timos-twist", ["Ana", "Bea"], {"timo_grace_ms": 0})
    tv = tv_of(browser, server, seats[0].code, "reduce")
    tv.page.wait_for_selector(".tv-lobby")
    start(seats)

    def one_move() -> dict[str, list[str]]:
        """Plays a move and returns the cues once the TV asked for one (it does so a moment
        after the view arrives)."""
        before = seats[0].version
        play_until(seats, timo_move, lambda: seats[0].version > before)
        wait_for(lambda: tv.version() >= seats[0].version, tv.page, what="the move")
        wait_for(lambda: set(cues(tv)["asked"]) & {"play", "draw"}, tv.page, what="a cue")
        return cues(tv)

    heard = one_move()
    assert set(heard["played"]) & {"play", "draw"}, heard
    mute = tv.page.locator(".tv .mute")
    assert mute.get_attribute("aria-pressed") == "false"
    mute.click()
    assert mute.get_attribute("aria-pressed") == "true"
    tv.page.reload()
    tv.page.wait_for_selector(".tv-timos")
    assert tv.page.locator(".tv .mute").get_attribute("aria-pressed") == "true"
    heard = one_move()
    assert heard["played"] == [], heard
    tv.close()


def test_a_phone_says_your_turn_buzzes_and_stays_awake(browser: Browser, server: str) -> None:
    seats = sit(server, "timos-twist", ["Ana", "Bea"], {"timo_grace_ms": 0})
    start(seats)
    settle(seats)
    mover = next(seat for seat in seats if seat.view["turn"] == seat.seat)
    other = next(seat for seat in seats if seat is not mover)
    phone = phone_of(browser, server, other, "en-GB")
    phone.page.wait_for_selector(".hand")
    assert phone.page.title() != "Your turn · tictac"
    buzz_before: list[Any] = phone.page.evaluate("window.__buzz")
    play_until(seats, timo_move, lambda: other.view["turn"] == other.seat)
    wait_for(lambda: phone.page.title() == "Your turn · tictac", phone.page, what="the title")
    assert len(phone.page.evaluate("window.__buzz")) == len(buzz_before) + 1
    awake = phone.page.evaluate("async () => (await import('/static/wake.js')).awake()")
    supported = phone.page.evaluate("() => 'wakeLock' in navigator")
    assert awake == supported
    play_until(seats, timo_move, lambda: other.view["turn"] != other.seat)
    wait_for(lambda: phone.page.title() != "Your turn · tictac", phone.page, what="the title back")
    assert phone.errors == []
    phone.close()
