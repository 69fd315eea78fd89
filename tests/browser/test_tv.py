"""The TV in a living room: every phase of every game, in French and in English, drawn at
1920x1080 (and 1280x720 and 3840x2160) and saved in test-output/screenshots/tv/. Each picture is
checked: no text under 32 px at 1080p (scaled with the screen), nothing overflowing, text inside
the 5 % safe margin, the key objects (QR, room code, pile, wires, countdown) big enough; axe-core
finds nothing on the TV nor on a seat's phone at the same moment, and the phone's controls are
44 px targets. Seats play from Python over the protocol, so each picture is taken at a known
move; the figures go to test-output/tv-figures.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .players import SHOTS_DIR, Player, screenshot, wait_for
from .table import (
    FINISH_ANIMATIONS,
    Seat,
    axe_violations,
    box_height,
    phone_of,
    play_until,
    shows_version,
    sit,
    small_targets,
    start,
    tv_audit,
)

HD = {"width": 1920, "height": 1080}
SIZES = [HD, {"width": 1280, "height": 720}, {"width": 3840, "height": 2160}]
TV_SHOTS = SHOTS_DIR / "tv"
FIGURES = Path("test-output/tv-figures.json")
NAMES = {"en": ["Ana", "Bea", "Cal", "Dan", "Eve"], "fr": ["Léa", "Théo", "Zoé", "Noé", "Inès"]}
figures: dict[str, Any] = {}


class Watch:
    """The TV and one seat's phone of a room, looked at together at chosen moments."""

    def __init__(self, browser: Browser, server: str, game: str, lang: str, seat: Seat) -> None:
        self.game = game
        self.lang = lang
        locale = "fr-FR" if lang == "fr" else "en-GB"
        # The TV's browser speaks the other language: ?lang= decides.
        self.tv = Player(browser, server, "TV", locale="en-GB" if lang == "fr" else "fr-FR")
        self.tv.page.set_viewport_size(HD)
        self.tv.goto(f"/r/{seat.code}/tv?lang={lang}")
        self.phone = phone_of(browser, server, seat, locale)
        TV_SHOTS.mkdir(parents=True, exist_ok=True)

    def look(
        self, name: str, version: int, keys: dict[str, float], sizes: list[dict[str, int]] = SIZES
    ) -> None:
        """At `version`: the TV at each size (audited, saved), its key objects at least the
        given share of the screen's height, and axe on the TV and the phone."""
        label = f"{self.game}-{name}-{self.lang}"
        if version >= 0:
            shows_version(self.tv, version, f"the TV at {label}")
            shows_version(self.phone, version, f"the phone at {label}")
        assert self.tv.page.evaluate("document.documentElement.lang") == self.lang
        for size in sizes:
            self.tv.page.set_viewport_size(size)
            self.tv.page.wait_for_timeout(80)
            self.tv.page.evaluate(FINISH_ANIMATIONS)
            path = TV_SHOTS / f"{label}-{size['width']}x{size['height']}.png"
            self.tv.page.screenshot(path=str(path))
            audit = tv_audit(self.tv.page, size)
            assert audit["small"] == [], (label, size, audit["small"][:5])
            assert audit["overflows"] == [], (label, size, audit["overflows"][:5])
            assert audit["outside"] == [], (label, size, audit["outside"][:5])
            for selector, share in keys.items():
                height = box_height(self.tv.page, selector)
                assert height >= share * size["height"], (label, size, selector, height)
            figures.setdefault("screens", {})[f"{label}-{size['width']}"] = round(
                audit["smallest"], 1
            )
        self.tv.page.set_viewport_size(HD)
        self.tv.page.wait_for_timeout(50)
        assert axe_violations(self.tv.page) == [], label
        assert axe_violations(self.phone.page) == [], f"{label} phone"
        assert small_targets(self.phone.page) == [], f"{label} phone"
        figures.setdefault("axe_pages", 0)
        figures["axe_pages"] += 2

    def close(self) -> None:
        for person in (self.tv, self.phone):
            assert person.errors == [], person.errors
            person.close()


def write_figures() -> None:
    screens = figures.get("screens", {})
    if screens:
        figures["smallest_text_px_at_1080p"] = min(screens.values())
        figures["tv_pictures"] = len(screens)
    FIGURES.parent.mkdir(parents=True, exist_ok=True)
    FIGURES.write_text(json.dumps(figures, indent=1, sort_keys=True))


def lobby(watch: Watch, seats: list[Seat]) -> None:
    wait_for(
        lambda: watch.tv.page.locator(".tv-person").count() == len(seats),
        watch.tv.page,
        what="every player on the TV",
    )
    watch.phone.page.wait_for_selector("button.start, .lobby-grid")
    watch.look("lobby", -1, {".tv-qr .qr": 0.6, ".tv-code": 0.12})


def timo_move(seat: Seat, view: dict[str, Any]) -> dict[str, Any] | None:
    legal = view["legal"]
    catches = [a for a in legal if a["type"] == "catch"]
    plays = [a for a in legal if a["type"] == "play"]
    if catches:
        return catches[0]
    if plays:
        return ([a for a in plays if a.get("timo")] or plays)[0]
    for kind in ("draw", "pass"):
        if any(a["type"] == kind for a in legal):
            return {"type": kind}
    return None


TABLES_THAT_DO_NOT_FIT = """() => [...document.querySelectorAll('.summary table')].filter(
  (table) => table.getBoundingClientRect().right
      > table.parentElement.getBoundingClientRect().right + 1
    || [...table.querySelectorAll('tbody td:first-child')].some((cell) =>
      cell.getBoundingClientRect().height > 3 * parseFloat(getComputedStyle(cell).fontSize)))
  .map((table) => table.className)"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_timos_twist_on_the_tv(browser: Browser, server: str, lang: str) -> None:
    seats = sit(server, "timos-twist", NAMES[lang][:4], {"target_score": 1, "timo_grace_ms": 0})
    watch = Watch(browser, server, "timos-twist", lang, seats[0])
    lobby(watch, seats)
    start(seats)
    pile = {".tv-discard .card": 0.28}
    watch.look("deal", 0, pile, [HD])
    play_until(seats, timo_move, lambda: seats[0].version >= 7)
    assert watch.tv.page.locator(".tv-ticker p").count() >= 1
    watch.look("play", seats[0].version, pile)
    play_until(seats, timo_move, lambda: bool(seats[0].view and seats[0].view["over"]))
    watch.look("end", seats[0].version, {".tv-podium": 0.25})
    assert watch.tv.page.locator(".tv-summary .stats").count() == 1
    assert watch.phone.page.locator(".summary .stats").count() == 1
    # the phone saw the last round end: its hands with their cards; the TV counts them
    assert watch.phone.page.locator(".summary .round-reveal .reveal-hands li").count() == 3
    assert watch.tv.page.locator(".tv-summary .round-reveal").count() == 0
    # The phone's end keeps the moves it saw (issue 24, item 4), the TV's has no room for them.
    assert watch.phone.page.locator(".summary .move-log li").count() >= 7
    assert watch.tv.page.locator(".tv-summary .move-log").count() == 0
    screenshot(watch.phone, f"timos-twist-end-{lang}")
    # Its figures fit the phone: no table wider than its panel, no name broken letter by
    # letter (French headings, held on one line, once left the names' column a letter wide).
    assert watch.phone.page.evaluate(TABLES_THAT_DO_NOT_FIT) == []
    watch.close()
    write_figures()


def revealed(page: Page, scope: str) -> dict[int, tuple[list[str], str]]:
    """The round's end as a page shows it: each hand's cards (their ids) and points text."""
    found: dict[int, tuple[list[str], str]] = {}
    for row in page.locator(f"{scope} .reveal-hands li").all():
        cards = [card.get_attribute("data-card") or "" for card in row.locator(".card").all()]
        found[int(row.get_attribute("data-seat") or -1)] = (
            cards, row.locator(".reveal-points").inner_text())
    return found


def reveal_below_hand(page: Page) -> bool:
    return bool(page.evaluate("""() => {
      const reveal = document.querySelector('.round-reveal');
      const hand = document.querySelector('.hand');
      return Boolean(hand.compareDocumentPosition(reveal) & Node.DOCUMENT_POSITION_FOLLOWING);
    }"""))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_timos_twist_round_end_shows_every_hand_and_its_points(
    browser: Browser, server: str, lang: str
) -> None:
    """The round's end on the TV (in the table's place) and on a phone: the winner's gain, then
    every other hand's cards and points, as the `round_over` event reveals them; it stays for
    the next round's first moves (one per seat), then the table comes back."""
    seats = sit(server, "timos-twist", NAMES[lang][:4], {"target_score": 10_000,
                                                          "timo_grace_ms": 0})
    watch = Watch(browser, server, "timos-twist", lang, seats[0])
    start(seats)
    # a second phone, open while the round ends (a page shows the ends it saw), will close it
    other = phone_of(browser, server, seats[1], "fr-FR" if lang == "fr" else "en-GB")
    # it must be live before the round ends: a page opened after sees no end to close
    shows_version(other, seats[0].version, "the second phone showing the game")
    play_until(seats, timo_move, lambda: bool(seats[0].view and seats[0].view["rounds"]))
    over = next(event for event in seats[0].events if event["type"] == "round_over")
    losers = [seat for seat in range(4) if seat != over["winner"]]
    watch.look("round-end", seats[0].version, {".tv-reveal .round-reveal": 0.4})
    for page, scope in ((watch.tv.page, ".tv-reveal"), (watch.phone.page, ".round-reveal")):
        shown = revealed(page, scope)
        assert sorted(shown) == losers
        for seat in losers:
            cards, text = shown[seat]
            assert cards == over["hands"][seat]
            count = over["hand_points"][seat]
            singular = count <= 1 if lang == "fr" else count == 1
            assert text == f"{count} point" + ("" if singular else "s")
        gain = page.inner_text(f"{scope} .reveal-gain")
        assert f"+{over['points']} point" in gain and NAMES[lang][over["winner"]] in gain
    # Round 2 opens with seat 0 dealing, so it is not seat 0's turn: its phone shows the end on top.
    assert seats[0].view["turn"] != 0
    assert reveal_below_hand(watch.phone.page) is False
    screenshot(watch.phone, f"timos-twist-round-end-{lang}")
    other.page.click("[data-key=close-reveal]")
    wait_for(lambda: other.page.locator(".round-reveal").count() == 0, other.page,
             what="the round's end closed on a phone")
    moves = 0
    while watch.tv.page.locator(".tv-reveal").count():
        assert moves < 12, "the round's end never left the TV"
        before = seats[0].version
        moves += play_until(seats, timo_move, lambda before=before: seats[0].version > before)
        shows_version(watch.tv, seats[0].version, "the TV after a move")
        shows_version(watch.phone, seats[0].version, "the phone after a move")
        if watch.phone.page.locator(".round-reveal").count():
            # on the player's own turn the end goes below their hand, which stays in view
            assert reveal_below_hand(watch.phone.page) is (seats[0].view["turn"] == 0)
    since = seats[0].events[seats[0].events.index(over):]
    assert sum(event["type"] in ("played", "drew", "passed") for event in since) == 4
    assert watch.tv.page.locator(".tv-table").count() == 1
    assert watch.phone.page.locator(".round-reveal").count() == 0
    assert other.errors == [], other.errors
    other.close()
    watch.close()
    for seat in seats:
        seat.close()


def bomb_move(seat: Seat, view: dict[str, Any]) -> dict[str, Any] | None:
    legal = view["legal"]
    row = view["rows"][seat.seat]
    claimed = row["claim"] is not None and row["claim"]["round"] == view["round"]
    claims = [a for a in legal if a["type"] == "claim"]
    if claims and not claimed:
        return claims[min(1, len(claims) - 1)]
    cuts = [a for a in legal if a["type"] == "cut"]
    return cuts[0] if cuts else None


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_time_bomb_on_the_tv(browser: Browser, server: str, lang: str) -> None:
    seats = sit(server, "time-bomb", NAMES[lang][:5])
    watch = Watch(browser, server, "time-bomb", lang, seats[1])
    lobby(watch, seats)
    start(seats)
    wires = {".tv-rows": 0.45}
    watch.look("deal", 0, wires, [HD])
    play_until(seats, bomb_move, lambda: seats[0].view["cuts"] >= 3 or seats[0].view["over"])
    if not seats[0].view["over"]:
        assert watch.tv.page.locator(".tv-wire.open").count() >= 1 or seats[0].view["round"] > 1
        watch.look("cuts", seats[0].version, wires)
    play_until(seats, bomb_move, lambda: bool(seats[0].view["over"]))
    watch.look("end", seats[0].version, {".tv-podium": 0.25})
    assert watch.tv.page.locator(".tv-summary .stats").count() == 1
    watch.close()
    write_figures()


def times_up_move(seat: Seat, view: dict[str, Any]) -> dict[str, Any] | None:
    kinds = {a["type"] for a in view["legal"]}
    if "write" in kinds:
        count = view["names_per_player"]
        return {"type": "write", "names": [f"{seat.name} {n}" for n in range(count)]}
    if "discard" in kinds:
        return {"type": "discard", "cards": [card["id"] for card in view["own"]["cards"][:2]]}
    for kind in ("ready", "start", "found", "continue"):
        if kind in kinds:
            return {"type": kind}
    return None


def cluegivers_from(events: list[dict[str, Any]]) -> tuple[list[tuple[int, tuple[int, int]]], Any]:
    """From the public events alone: each cluegiver's (turns, cards found), most found first
    (then by seat), and the first turn that found the most."""
    turns: list[dict[str, int]] = []
    for event in events:
        if event["type"] == "turn_started":
            turns.append({"seat": event["cluegiver"], "round": event["round"],
                          "team": event["team"], "found": 0})
        elif event["type"] == "card_found":
            turns[-1]["found"] += 1
    totals: dict[int, tuple[int, int]] = {}
    for turn in turns:
        count, found = totals.get(turn["seat"], (0, 0))
        totals[turn["seat"]] = (count + 1, found + turn["found"])
    order = sorted(totals.items(), key=lambda item: (-item[1][1], item[0]))
    return order, max(turns, key=lambda turn: turn["found"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_times_up_on_the_tv(browser: Browser, server: str, lang: str) -> None:
    # French: a deck the players write; English: a pack, dealt (each keeps all but two).
    options: dict[str, Any] = {"deck_size": 10, "turn_seconds": 120, "rules": lang}
    if lang == "fr":
        options |= {"pack": "players", "names_per_player": 3}
    seats = sit(server, "times-up", NAMES[lang][:4], options)
    watch = Watch(browser, server, "times-up", lang, seats[0])
    lobby(watch, seats)
    start(seats)
    seen: set[str] = set()
    readback_checked = False

    def stop(view: dict[str, Any]) -> str:
        found = (
            view["phase"] == "running" and len(view["teams"][view["turn"]["team"]]["found"]) >= 2
        )
        return "running-found" if found else view["phase"]

    while not seats[0].view["over"]:
        view = seats[0].view
        key = stop(view)
        seen.add(key)
        keys = {".timer-big": 0.3} if view["phase"] == "running" else {}
        watch.look(key, seats[0].version, keys, SIZES if key in ("running", "readback") else [HD])
        if key == "readback":
            # The read-back lists every name found in round 1, under round 1's number.
            found = sum(len(cards) for cards in view["history"][-1])
            assert watch.tv.page.locator(".tv-readback li").count() == found > 0
            title = watch.tv.page.inner_text(".tv-title")
            assert "1" in title and "2" not in title, title
            readback_checked = True
        moved = play_until(
            seats, times_up_move, lambda: seats[0].view["over"] or stop(seats[0].view) not in seen
        )
        assert moved > 0
    assert readback_checked
    watch.look("end", seats[0].version, {".tv-podium": 0.25})
    assert watch.tv.page.locator(".tv-summary .stats").count() == 1
    givers, best = cluegivers_from(seats[0].events)
    names = NAMES[lang]
    turn_word = {"en": ("turn", "turns"), "fr": ("tour", "tours")}[lang]
    colon = ": " if lang == "en" else " : "
    for page, scope in ((watch.tv.page, ".tv-summary"), (watch.phone.page, ".summary")):
        shown = page.locator(f"{scope} .cluegivers .givers li").all_inner_texts()
        wanted = [f"{names[seat]}{colon}{found} {'en' if lang == 'fr' else 'in'} {turns} "
                  f"{turn_word[turns > 1]}" for seat, (turns, found) in givers]
        assert shown == wanted
        line = page.inner_text(f"{scope} .cluegivers .best-turn")
        assert names[best["seat"]] in line and f"{best['found']} car" in line
        assert f" {best['round']}" in line
    screenshot(watch.phone, f"times-up-end-{lang}")
    watch.close()
    write_figures()
