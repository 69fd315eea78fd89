"""The table's own state on every screen (issue 24, items 1, 2 and 6): the TV shows, big, the
pause and who paused, who is away with the grace period counted down, who is gone and that a
bot plays for them; a phone scrolled down keeps the pause and its turn pinned in sight; no page
warns in the console. Time Bomb is played from Python (Ana hosts; Bea holds the pliers first),
the TV and Ana's phone look, in English and in French; the TV is saved and audited at 1280x720,
1920x1080 and 3840x2160 at each state (test-output/screenshots/tv/)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from .conftest import ServerProcess
from .players import PHONE, SHOTS_DIR, Player, wait_for
from .table import Seat, axe_violations, phone_of, play_until, sit, start
from .test_tv import NAMES, Watch, times_up_move

TALL_PHONE = {"width": 390, "height": 844}
WORDS = {
    "en": {"paused": "Paused by {name}", "grace": r"gone in (\d+) seconds", "bot": "a bot plays",
           "turn": "Your turn!", "here": "here"},
    "fr": {"paused": "En pause, par {name}", "grace": r"parti·e dans (\d+) secondes",
           "bot": "un bot joue", "turn": "À vous de jouer !", "here": "là"},
}


@pytest.fixture
def seeded_server(tmp_path: Path) -> Iterator[str]:
    """A server of its own: its seed deals the same wires every run, so the cuts below are
    safe ones (the game is still on when the TV is looked at)."""
    running = ServerProcess(tmp_path, extra=("--seed", "table-state"))
    running.start()
    try:
        yield running.url
    finally:
        running.stop()


def pinned_in_sight(phone: Player) -> str | None:
    """The pinned band's text when it is shown inside the phone's screen, else None. Asked in
    one step in the page: the band may go between two questions asked from here."""
    said: str | None = phone.page.evaluate("""() => {
        const band = document.querySelector('.pinned');
        const box = band && band.getClientRects().length ? band.getBoundingClientRect() : null;
        const shown = box && getComputedStyle(band).visibility !== 'hidden' && box.height > 0;
        return shown && box.top >= 0 && box.bottom <= innerHeight ? band.innerText : null;
    }""")
    return said


def scrolled_to_the_bottom(phone: Player) -> None:
    phone.page.set_viewport_size(TALL_PHONE)
    phone.page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_for(lambda: phone.page.evaluate("scrollY") > 200, phone.page, what="the phone scrolled")


def cut(seat: Seat, seats: list[Seat], target: int) -> None:
    """`seat`, holding the pliers, cuts `target`'s first wire face down; the game goes on."""
    row = seat.view["rows"][target] if seat.view else None
    assert row is not None
    seat.act({"type": "cut", "target": target, "position": row["face_down"][0]})
    for other in seats:
        other.pump(0.05)
    assert seat.view and not seat.view["over"], "this seed's cuts must not end the game"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_tv_and_a_scrolled_phone_show_the_pause_presence_and_stand_in(
    browser: Browser, seeded_server: str, lang: str
) -> None:
    words = WORDS[lang]
    names = NAMES[lang][:4]
    seats = sit(seeded_server, "time-bomb", names, {"first_holder": 1})
    ana, bea = seats[0], seats[1]
    watch = Watch(browser, seeded_server, "time-bomb", lang, ana)
    tv, phone = watch.tv, watch.phone
    wait_for(lambda: tv.page.locator(".tv-person").count() == 4, tv.page, what="the TV lobby")
    start(seats)
    # Long enough that Bea, once away, stays away while the TV is looked at.
    ana.lobby("set_policy", policy="bot", after_s=600)
    wait_for(lambda: tv.page.locator(".tv-rows").count() == 1, tv.page, what="the game on the TV")
    assert tv.page.locator(".tv-presence, .tv-paused").count() == 0  # nothing to tell yet

    # Item 2: Ana's phone is scrolled to the bottom when she pauses (from another screen).
    phone.page.wait_for_selector(".wires-table")
    scrolled_to_the_bottom(phone)
    assert pinned_in_sight(phone) is None
    ana.lobby("pause")
    paused = words["paused"].format(name=ana.name)
    wait_for(lambda: paused in (pinned_in_sight(phone) or ""), phone.page,
             what="the pause pinned in sight on a scrolled phone")
    phone.page.screenshot(path=str(SHOTS_DIR / f"table-state-phone-paused-{lang}.png"))
    # Item 1: the TV says it over the game, with every seat's presence.
    wait_for(lambda: tv.page.locator(".tv-paused").count() == 1, tv.page, what="the TV's pause")
    assert paused in tv.page.inner_text(".tv-paused-title")
    states = tv.page.locator(".tv-seat-state")
    assert states.count() == 4 and all(
        states.nth(n).get_attribute("data-presence") == "connected" for n in range(4))
    assert words["here"] in states.first.inner_text()
    watch.look("paused", -1, {".tv-paused-title": 0.08})

    ana.lobby("resume")
    wait_for(lambda: tv.page.locator(".tv-paused").count() == 0, tv.page, what="the TV resumed")
    wait_for(lambda: pinned_in_sight(phone) is None, phone.page, what="the pause unpinned")

    # Bea cuts one of Ana's wires: the pliers, and the turn, are Ana's, seen scrolled down.
    cut(bea, seats, 0)
    scrolled_to_the_bottom(phone)
    wait_for(lambda: pinned_in_sight(phone) == words["turn"], phone.page,
             what="Ana's turn pinned in sight")
    phone.page.screenshot(path=str(SHOTS_DIR / f"table-state-phone-your-turn-{lang}.png"))
    phone.page.evaluate("window.scrollTo(0, 0)")
    wait_for(lambda: pinned_in_sight(phone) is None, phone.page,
             what="no pinned band at the top, where the game's head says it")

    # Ana hands the pliers to Bea, who closes her phone: away, the grace counted down, big.
    cut(ana, seats, 1)
    bea.close()
    note = tv.page.locator(".tv-absent[data-presence=away]")
    wait_for(lambda: note.count() == 1, tv.page, timeout=30, what="Bea away on the TV")
    assert bea.name in note.inner_text()
    grace = tv.page.locator(".tv-absent .tv-grace")
    first = re.search(words["grace"], grace.inner_text())
    assert first and 500 < int(first.group(1)) <= 600, grace.inner_text()
    wait_for(lambda: (m := re.search(words["grace"], grace.inner_text())) is not None
             and int(m.group(1)) < int(first.group(1)), tv.page, what="the grace counting down")
    watch.look("away", -1, {".tv-absent": 0.05})

    # The host shortens the grace: Bea is gone, a bot plays for her, and the TV says so.
    version = ana.version
    ana.lobby("set_policy", policy="bot", after_s=5)
    gone = tv.page.locator(".tv-absent[data-presence=gone]")
    wait_for(lambda: gone.count() == 1, tv.page, timeout=30, what="Bea gone on the TV")
    assert bea.name in gone.inner_text() and words["bot"] in gone.inner_text()
    wait_for(lambda: tv.version() > version, tv.page, timeout=30, what="the stand-in's cut")
    watch.look("stand-in", tv.version(), {".tv-absent": 0.05})

    phone.page.set_viewport_size(PHONE)
    for person in (tv, phone):
        assert person.warnings == [], person.warnings
    watch.close()
    for seat in seats:
        if seat is not bea:
            seat.close()


def test_no_page_warns_in_the_console(browser: Browser, server: str) -> None:
    """Item 6: the home page, a room's lobby and its TV, a rules page; the TV used to warn that
    the preloaded /api/games was not used (Chromium says so a few seconds after the load)."""
    host = Player(browser, server, "Ana")
    host.goto("/")
    host.page.wait_for_selector("#create-name")
    host.page.fill("#create-name", "Ana")
    host.page.check("#game-time-bomb")
    host.page.click("form.stack button[type=submit]")
    host.page.wait_for_url(re.compile(r"/r/[A-Z0-9]+$"))
    code = host.code()
    tv = Player(browser, server, "TV")
    tv.goto(f"/r/{code}/tv")
    tv.page.wait_for_selector(".tv-code")
    rules = Player(browser, server, "Reader")
    rules.goto("/rules/time-bomb")
    rules.page.wait_for_selector("h1")
    for person in (host, tv, rules):
        person.page.wait_for_timeout(5000)  # past the moment Chromium reports unused preloads
    for person in (host, tv, rules):
        assert person.warnings == [], (person.name, person.warnings)
        assert person.errors == [], person.errors
        person.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_wrong_typed_guess_shows_its_verdict_to_the_guesser(
    browser: Browser, server: str, lang: str
) -> None:
    """Item 4: a typed guess that is not the card says so on the guesser's phone at once (a
    mark used to appear only after the cluegiver overruled it)."""
    options: dict[str, Any] = {"deck_size": 10, "turn_seconds": 120, "rules": lang}
    seats = sit(server, "times-up", NAMES[lang][:4], options)
    start(seats)
    play_until(seats, times_up_move, lambda: seats[0].view["phase"] == "running")
    turn = seats[0].view["turn"]
    guesser = next(seat for seat in seats if seat.seat in turn["guessers"])
    phone = phone_of(browser, server, guesser, "fr-FR" if lang == "fr" else "en-GB")
    phone.page.fill("#tu-guess", "Zzyzx Quiblertonne")
    phone.page.click(".guess-form button[type=submit]")
    verdict = phone.page.locator(".log .tag.wrong")
    verdict.first.wait_for()
    assert verdict.first.text_content() == {"en": "not it", "fr": "raté"}[lang]
    judged = phone.page.locator(".log li", has=phone.page.locator(".tag.wrong"))
    assert "Zzyzx Quiblertonne" in judged.first.inner_text()
    assert axe_violations(phone.page) == []
    phone.page.screenshot(path=str(SHOTS_DIR / f"times-up-wrong-guess-{lang}.png"), full_page=True)
    assert phone.errors == [] and phone.warnings == []
    phone.close()
    for seat in seats:
        seat.close()
