"""Colour vision: Timo's Twist's cards and Time Bomb's wires as a player with protanopia,
deuteranopia, tritanopia or no colour vision at all (achromatopsia) sees them, through
Chromium's own emulation (CDP `Emulation.setEmulatedVisionDeficiency`). Every pair a player must
tell apart differs by more than its colour: in what a screen reader says (the accessible name)
and in what is drawn besides the colour (the symbol, the text), and the emulated pictures of the
two differ. The phone screens drawn are saved under test-output/colour-vision/ to look at."""

from __future__ import annotations

import base64
import copy
import itertools
import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page

from .screens import Screen
from .table import Seat, sit, start

SHOTS = Path("test-output/colour-vision")
DEFICIENCIES = ["protanopia", "deuteranopia", "tritanopia", "achromatopsia"]
# One number in every colour, the same action card in two, and both black cards: the pairs a
# player must not confuse.
HAND = ["blue-7", "green-7", "orange-7", "pink-7", "blue-skip", "pink-skip", "joker", "plus4"]
# The share of two pictures' pixels whose grey levels differ by more than 24 of 255, a step
# anyone sees (decoded in a page of its own: a canvas reads the pictures' pixels as they are).
# Two pictures of one thing drawn at places a fraction of a pixel apart are 0 % apart.
DIFFERENCE = """async ([a, b]) => {
  const load = (src) => new Promise((done) => {
    const img = new Image();
    img.onload = () => done(img);
    img.src = src;
  });
  const [one, two] = await Promise.all([load(a), load(b)]);
  const w = Math.min(one.width, two.width), hgt = Math.min(one.height, two.height);
  const greys = (img) => {
    const c = document.createElement('canvas');
    c.width = w;
    c.height = hgt;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, w, hgt).data;
    const out = new Float32Array(w * hgt);
    for (let i = 0; i < out.length; i += 1) {
      out[i] = 0.299 * d[4 * i] + 0.587 * d[4 * i + 1] + 0.114 * d[4 * i + 2];
    }
    return out;
  };
  const p = greys(one), q = greys(two);
  // A pixel differs when no pixel of the other picture within one pixel of it is as light as
  // it, give or take 24: two cards drawn at another fraction of a pixel do not differ.
  const far = (x, y, from, to) => {
    let best = Infinity;
    for (let dy = -1; dy <= 1; dy += 1) for (let dx = -1; dx <= 1; dx += 1) {
      const u = x + dx, v = y + dy;
      if (u >= 0 && v >= 0 && u < w && v < hgt) {
        best = Math.min(best, Math.abs(from[y * w + x] - to[v * w + u]));
      }
    }
    return best > 24;
  };
  let differ = 0;
  for (let y = 0; y < hgt; y += 1) {
    for (let x = 0; x < w; x += 1) if (far(x, y, p, q) || far(x, y, q, p)) differ += 1;
  }
  return differ / (w * hgt);
}"""
# What a card or a wire shows besides its colour: its text and its symbols.
SHOWN = "(el) => el.textContent.trim()"


def emulate(page: Page, deficiency: str) -> None:
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setEmulatedVisionDeficiency", {"type": deficiency})


def picture(element: Locator) -> str:
    return "data:image/png;base64," + base64.b64encode(element.screenshot()).decode()


def apart(differ: Page, elements: list[Locator], what: str, floor: float,
          closest: dict[str, float]) -> list[str]:
    """The pairs among `elements` that are told apart by their colour alone: the same accessible
    name or the same text and symbols, or emulated pictures no more apart than twice `floor`
    (what colour alone leaves of two cards under achromatopsia). `closest` keeps the smallest
    share of pixels apart, by `what`."""
    named = [(el.get_attribute("aria-label") or el.inner_text(), el.evaluate(SHOWN),
              picture(el)) for el in elements]
    problems = []
    for (name_a, shown_a, shot_a), (name_b, shown_b, shot_b) in itertools.combinations(named, 2):
        pair = f"{what}: {name_a} / {name_b}"
        if name_a == name_b:
            problems.append(f"{pair}: the same accessible name")
        if shown_a == shown_b:
            problems.append(f"{pair}: the same text and symbols ({shown_a!r})")
        share = differ.evaluate(DIFFERENCE, [shot_a, shot_b])
        closest[what] = min(closest.get(what, 1.0), round(share, 4))
        if share <= 2 * floor:
            problems.append(f"{pair}: pictures {share:.1%} apart")
    return problems


def _feed(seat: Seat, change: Any) -> tuple[list[dict[str, Any]], int]:
    """Everything `seat` received, its last view changed by `change(view)`."""
    feed = copy.deepcopy(seat.messages)
    last = max(i for i, message in enumerate(feed) if message["type"] == "view")
    change(feed[last]["view"])
    return feed, feed[last]["version"]


def colour_alone(browser: Browser, server: str, differ: Page,
                 shown: tuple[str, list[dict[str, Any]], int]) -> float:
    """How far apart the pictures of a blue 7 and a green 7 are under achromatopsia once their
    symbols and patterns are hidden: only colour told them apart, and it is gone, so what is
    left is how differently the same drawing falls on the pixels."""
    code, feed, version = shown
    phone = Screen(browser, server, "phone")
    try:
        phone.show(code, feed, version)
        phone.page.add_style_tag(content=".hand .card .corner, .hand .card .sym "
                                 "{ visibility: hidden } .hand .card::before { display: none }")
        blue, green = (phone.page.locator(f".hand .card[data-card='{card}']")
                       for card in ("blue-7", "green-7"))
        emulate(phone.page, "achromatopsia")
        return float(differ.evaluate(DIFFERENCE, [picture(blue), picture(green)]))
    finally:
        phone.close()


def test_cards_and_wires_differ_by_more_than_colour(browser: Browser, server: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    timo = sit(server, "timos-twist", ["Ana", "Bea"])
    bomb = sit(server, "time-bomb", ["Ana", "Bea", "Cal", "Dan"])
    for seats in (timo, bomb):
        start(seats)

    def timo_hand(view: dict[str, Any]) -> None:
        view["hand"] = HAND
        view["legal"] = []  # nothing lifted: every card drawn the same size

    feeds = {"timos-twist": (timo[0].code, *_feed(timo[0], timo_hand)),
             "time-bomb": (bomb[0].code, *_feed(bomb[0], lambda view: None))}
    for seat in (*timo, *bomb):
        seat.close()
    differ_context = browser.new_context()
    differ = differ_context.new_page()
    problems: list[str] = []
    closest: dict[str, float] = {}
    try:
        floor = colour_alone(browser, server, differ, feeds["timos-twist"])
        closest["colour alone"] = round(floor, 4)
        for deficiency in DEFICIENCIES:
            phone = Screen(browser, server, "phone")
            try:
                emulate(phone.page, deficiency)
                code, feed, version = feeds["timos-twist"]
                phone.show(code, feed, version)
                cards = phone.page.locator(".hand .card").all()
                assert len(cards) == len(HAND)
                problems += apart(differ, cards, f"{deficiency} card", floor, closest)
                phone.page.screenshot(path=str(SHOTS / f"timos-twist-{deficiency}.png"),
                                      full_page=True)
                code, feed, version = feeds["time-bomb"]
                phone.show(code, feed, version)
                role = phone.page.locator(".role-card")
                role.focus()
                phone.page.keyboard.down(" ")  # held: the role and its wires show
                wires = phone.page.locator(".role-card .wire-face").all()
                assert len(wires) == 3
                problems += apart(differ, wires, f"{deficiency} wire", floor, closest)
                phone.page.screenshot(path=str(SHOTS / f"time-bomb-{deficiency}.png"),
                                      full_page=True)
                phone.page.keyboard.up(" ")
            finally:
                phone.close()
    finally:
        differ_context.close()
    (SHOTS / "closest.json").write_text(json.dumps(closest, indent=1))
    assert problems == [], "\n".join(problems)
