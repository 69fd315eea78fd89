"""Streamer mode in Chromium (issue 25, item 2), in French and in English: with it on, the TV
(1920x1080) shows no room code, no join link and no QR, neither in its DOM (text, attributes,
images) nor in its tab's title, and is sent no code over its WebSocket; the host's phone shows
the code on the TV (in the lobby, between the games of an evening, and over a game), and it
goes away by itself; the word filter refuses a caught name in the phone's language; Time's Up's
screening shows each written name to the screener alone. Every TV screen is audited as test_tv.py
audits them. Screenshots in test-output/screenshots/streamer/."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page

from .players import SHOTS_DIR, Player, screenshot, wait_for
from .table import FINISH_ANIMATIONS, Seat, phone_of, play_until, settle, sit, start, tv_audit
from .test_tv import timo_move

HD = {"width": 1920, "height": 1080}
SHOTS = SHOTS_DIR / "streamer"
NAMES = {"en": ["Ana", "Bea"], "fr": ["Léa", "Théo"]}
CAUGHT = {"en": "W4nker", "fr": "Connard"}  # names the word filter refuses
REFUSED = {"en": "word filter refused", "fr": "filtre de mots de ce salon a refusé"}
SHOW_WAIT_S = 60.0  # the code shows 15 s on the server's clock; a loaded machine may lag

# Everything of the page a camera or a viewer's screen reader could give away: its text, every
# attribute (aria-labels, links, image sources) and the title.
PAGE_TEXT = """() => [document.title, document.body.innerText,
  ...[...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value))]
  .join('\\n')"""


def _hides(tv: Player, code: str) -> bool:
    """Whether nothing on the TV names the code: no text, attribute or title, no QR image."""
    spaced = " ".join(code)
    text = tv.page.evaluate(PAGE_TEXT)
    return (code not in text and spaced not in text
            and tv.page.locator("img.qr, .tv-qr, .tv-code").count() == 0)


def _shows(tv: Player, code: str) -> bool:
    return (tv.page.locator(".tv-code").filter(has_text=code).count() == 1
            and tv.page.locator(".tv-qr img.qr").count() == 1)


def _shot(page: Page, name: str) -> None:
    """The TV saved, and held to the TV's rules (tests/browser/test_tv.py): text a sofa can
    read, nothing overflowing, everything inside the safe margin."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate(FINISH_ANIMATIONS)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    audit = tv_audit(page, HD)
    assert (audit["small"], audit["overflows"], audit["outside"]) == ([], [], []), (name, audit)


def _frames_name_no_code(tv: Player, code: str) -> None:
    """No frame the TV received holds the code (the room messages carry `code: null`)."""
    assert all(code not in frame for frame in tv.frames)
    assert all(json.loads(frame)["room"]["code"] is None
               for frame in tv.frames if json.loads(frame)["type"] == "room")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_streamer_mode_hides_every_code_on_the_tv_until_the_host_shows_it(
        browser: Browser, server: str, lang: str) -> None:
    host_name, guest_name = NAMES[lang]
    locale = "fr-FR" if lang == "fr" else "en-GB"
    host = Seat(server, host_name, game="time-bomb")
    code = host.code
    phone = phone_of(browser, server, host, locale)
    wait_for(lambda: phone.room() is not None, phone.page, what="the host's lobby")
    # The host turns the mode on from the lobby's folded options.
    phone.page.click("details.more-options summary")
    phone.page.check("#streamer-mode")
    wait_for(lambda: phone.room()["streamer"]["on"], phone.page, what="streamer mode on")
    screenshot(phone, f"streamer/host-lobby-{lang}")
    tv = Player(browser, server, "TV", locale=locale)
    tv.page.set_viewport_size(HD)
    try:
        tv.goto(f"/r/{code}/tv?lang={lang}")
        wait_for(lambda: tv.page.locator(".tv-streamer").count() == 1, tv.page,
                 what="the TV's streamer lobby")
        guest = Seat(server, guest_name, code=code)
        wait_for(lambda: tv.page.locator(".tv-person").count() == 2, tv.page,
                 what="the guest on the TV")
        assert _hides(tv, code)
        _frames_name_no_code(tv, code)
        _shot(tv.page, f"tv-lobby-hidden-{lang}")

        # Someone needs the code: the host's phone shows it on the TV, and it goes away.
        phone.page.click("button.show-code")
        wait_for(lambda: _shows(tv, code), tv.page, what="the code shown on the TV")
        _shot(tv.page, f"tv-lobby-shown-{lang}")
        wait_for(lambda: _hides(tv, code), tv.page, timeout=SHOW_WAIT_S,
                 what="the shown code going away")

        # The word filter: a phone joining with a caught name is told why, in its language.
        phone.page.check("#word-filter")
        wait_for(lambda: phone.room()["streamer"]["filter"], phone.page, what="the filter on")
        rude = Player(browser, server, CAUGHT[lang], locale=locale)
        try:
            rude.goto(f"/r/{code}")
            rude.page.fill("#join-name", CAUGHT[lang])
            rude.page.click("form.join-room button[type=submit]")
            wait_for(lambda: rude.page.locator(".toast").filter(has_text=REFUSED[lang]).count(),
                     rude.page, what="the filter's refusal")
            screenshot(rude, f"streamer/join-refused-{lang}")
            assert rude.room() is None
        finally:
            rude.close()
        wait_for(lambda: tv.page.locator(".tv-person").count() == 2, tv.page,
                 what="the TV's players")
        assert CAUGHT[lang] not in tv.page.evaluate(PAGE_TEXT)

        # Over a game: the host's table tools show it too.
        for _ in range(2):
            host.lobby("add_bot")
        host.lobby("start")
        wait_for(lambda: tv.view() is not None, tv.page, what="the deal on the TV")
        settle([host, guest])
        assert _hides(tv, code)
        _shot(tv.page, f"tv-game-hidden-{lang}")
        wait_for(lambda: phone.page.locator("details.table-host").count() == 1, phone.page,
                 what="the host's table tools")
        phone.page.click("details.table-host summary")
        screenshot(phone, f"streamer/host-game-{lang}")
        phone.page.click("details.table-host button.show-code")
        wait_for(lambda: _shows(tv, code), tv.page, what="the code shown over the game")
        _shot(tv.page, f"tv-game-shown-{lang}")
        wait_for(lambda: _hides(tv, code), tv.page, timeout=SHOW_WAIT_S,
                 what="the code over the game going away")
        assert tv.errors == [] and phone.errors == []
        guest.close()
    finally:
        tv.close()
        phone.close()
        host.close()


WRITERS = {"en": ["Ana", "Bea", "Cal", "Dan"], "fr": ["Léa", "Théo", "Zoé", "Noé"]}
WRITTEN = {"en": [["Ada Lovelace", "Alan Turing"], ["Marie Curie", "Rosa Parks"],
                  ["Frida Kahlo", "Jules Verne"], ["Coco Chanel", "Edith Piaf"]],
           "fr": [["Victor Hugo", "Simone Veil"], ["Louis Pasteur", "Jean Moulin"],
                  ["Marie Curie", "Coco Chanel"], ["Edith Piaf", "Jules Verne"]]}
REWRITE = {"en": ["f u c k", "Nelson Mandela"], "fr": ["fils de pute", "Molière"]}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_host_screens_the_written_names_and_nobody_else_sees_them(
        browser: Browser, server: str, lang: str) -> None:
    """Time's Up with `screen_names`: the host's phone shows each written name alone; one sent
    back is rewritten on its writer's phone (a caught rewrite refused by the word filter); the
    TV and the other phones never show a name; the deck is made of the approved names."""
    locale = "fr-FR" if lang == "fr" else "en-GB"
    options = {"pack": "players", "names_per_player": 2, "screen_names": 0, "rules": lang}
    seats = [Seat(server, WRITERS[lang][0], game="times-up", options=options)]
    seats += [Seat(server, name, code=seats[0].code) for name in WRITERS[lang][1:]]
    host, code = seats[0], seats[0].code
    for op in ("set_streamer", "set_word_filter"):
        host.lobby(op, on=True)
    phones = [phone_of(browser, server, seats[seat], locale) for seat in (0, 1, 2)]
    tv = Player(browser, server, "TV", locale=locale)
    tv.page.set_viewport_size(HD)
    try:
        tv.goto(f"/r/{code}/tv?lang={lang}")
        wait_for(lambda: tv.page.locator(".tv-streamer").count() == 1, tv.page, what="the TV")
        host.lobby("start")
        settle(seats)
        for seat, names in zip(seats, WRITTEN[lang], strict=True):
            seat.act({"type": "write", "names": names})
        screener = phones[0]
        first = WRITTEN[lang][1][0]
        wait_for(lambda: screener.page.locator(".screen-name").filter(has_text=first).count(),
                 screener.page, what="the first name to screen")
        every = [name for names in WRITTEN[lang] for name in names]
        for other in (tv, phones[1], phones[2]):
            wait_for(lambda other=other: (other.view() or {}).get("phase") == "screen",
                     other.page, what="the screening on every screen")
            other.page.wait_for_timeout(150)
            text = other.page.evaluate(PAGE_TEXT)
            assert [name for name in every if name in text] == []
        assert _hides(tv, code)
        screenshot(screener, f"streamer/tu-screening-{lang}")
        _shot(tv.page, f"tv-tu-screening-{lang}")
        screenshot(phones[2], f"streamer/tu-screening-others-{lang}")
        # The first name (seat 1's) goes back to its writer.
        screener.page.click("[data-key=screen-back]")
        writer = phones[1]
        wait_for(lambda: writer.page.locator("form.rewrite").count() == 1, writer.page,
                 what="the rewrite form")
        caught, good = REWRITE[lang]
        writer.page.fill("form.rewrite input", caught)
        writer.page.click("form.rewrite button[type=submit]")
        wait_for(lambda: writer.page.locator(".refusal, .toast").filter(
            has_text=REFUSED[lang]).count(), writer.page, what="the filter's refusal")
        screenshot(writer, f"streamer/tu-rewrite-refused-{lang}")
        writer.page.fill("form.rewrite input", good)
        writer.page.click("form.rewrite button[type=submit]")
        wait_for(lambda: writer.page.locator("form.rewrite").count() == 0, writer.page,
                 what="the rewrite sent")
        # The host approves the rest, the new name last.
        for _ in range(6):
            before = screener.version()
            screener.page.click("[data-key=screen-ok]")
            wait_for(lambda before=before: screener.version() > before, screener.page,
                     what="the next name")
        wait_for(lambda: (screener.view() or {}).get("phase") == "waiting", screener.page,
                 what="the deck made")
        assert screener.view()["deck_count"] == 8
        assert tv.errors == [] and all(phone.errors == [] for phone in phones)
    finally:
        tv.close()
        for phone in phones:
            phone.close()
        for seat in seats:
            seat.close()


def test_between_the_games_of_an_evening_the_streamed_tv_shows_standings_and_no_code(
        browser: Browser, server: str) -> None:
    """The lobby after a game (the evening's standings beside the players), streamed: no code
    until the host shows it, then the code, the QR and the standings together."""
    seats = sit(server, "timos-twist", WRITERS["fr"], {"target_score": 1, "timo_grace_ms": 0})
    host, code = seats[0], seats[0].code
    host.lobby("set_streamer", on=True)
    tv = Player(browser, server, "TV", locale="fr-FR")
    tv.page.set_viewport_size(HD)
    try:
        tv.goto(f"/r/{code}/tv?lang=fr")
        wait_for(lambda: tv.page.locator(".tv-streamer").count() == 1, tv.page, what="the TV")
        start(seats)
        play_until(seats, timo_move, lambda: bool(host.view and host.view["over"]), limit=2000)
        host.lobby("play_again")
        wait_for(lambda: tv.page.locator(".tv-lobby.with-evening.streaming .tv-standings")
                 .count() == 1, tv.page, what="the streamed lobby with the standings")
        assert _hides(tv, code)
        _shot(tv.page, "tv-evening-hidden-fr")
        host.lobby("show_code")
        wait_for(lambda: _shows(tv, code) and tv.page.locator(".tv-standings").count() == 1,
                 tv.page, what="the code beside the standings")
        _shot(tv.page, "tv-evening-shown-fr")
        assert tv.errors == []
    finally:
        tv.close()
        for seat in seats:
            seat.close()
