"""Larger text (a person's accommodation, static/prefs.js) at its most, 200 %, on a phone
(360x640): every screen of each game, as the host's phone received it in a real game (the
recordings of screens.py, fewest players), drawn with the seat's `prefs.text` at 200, and the
settings dialog open over the lobby. Nothing clipped: no text cut by a box that hides what
overflows it or cut short with an ellipsis, none off the screen, no sideways scroll of the page
(a table of scores may scroll sideways in its own box, as WCAG's reflow allows data tables).
Figures in
test-output/large-text.json; each screen in test-output/screenshots/large-text/."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser

from .players import SHOTS_DIR
from .screens import Screen, record
from .test_screens import GAMES, PHASES

SHOTS = SHOTS_DIR / "large-text"
FIGURES = Path("test-output/large-text.json")
CLIPPED = """() => {
  const cut = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.textContent.trim().slice(0, 30);
    if (!text || el.closest('.sr, [hidden], script, style, noscript, .skip')) continue;
    if (getComputedStyle(el).visibility !== 'visible') continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;
    let scrolled = false;  // inside a box that scrolls: reachable, not cut
    for (let up = el; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      const name = up.className || up.tagName;
      if (['auto', 'scroll'].includes(style.overflowX)) scrolled = true;
      if (style.textOverflow === 'ellipsis' && up.scrollWidth > up.clientWidth + 1) {
        cut.push(`${text}: cut short by ${name}`);
        break;
      }
      const hides = (overflow) => overflow === 'hidden' || overflow === 'clip';
      if (!hides(style.overflowX) && !hides(style.overflowY)) continue;  // shown, or scrolled to
      const edge = up.getBoundingClientRect();
      if (box.left < edge.left - 1 || box.right > edge.right + 1
          || box.top < edge.top - 1 || box.bottom > edge.bottom + 1) {
        cut.push(`${text}: cut by ${name}`);
        break;
      }
    }
    if (!scrolled && (box.left < -1 || box.right > innerWidth + 1)) {
      cut.push(`${text}: off the screen`);
    }
  }
  if (document.documentElement.scrollWidth > innerWidth) {
    // named by the innermost boxes that reach past the screen's right edge
    const past = (el) => el.getBoundingClientRect().right > innerWidth + 1;
    const wide = [...document.body.querySelectorAll('*')]
      .filter((el) => past(el) && ![...el.children].some(past));
    const names = wide.slice(0, 3).map((el) => el.className || el.tagName);
    cut.push(`the page scrolls sideways: ${names.join(', ')}`);
  }
  return cut;
}"""


def at_200(feed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The feed as a seat whose person chose 200 % text receives it."""
    changed = copy.deepcopy(feed)
    for message in changed:
        if message["type"] == "room" and message["room"].get("you"):
            message["room"]["you"]["prefs"] = {**message["room"]["you"]["prefs"], "text": 200}
    return changed


def test_every_phone_screen_at_200_percent_text_clips_nothing(
        browser: Browser, server: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone = Screen(browser, server, "phone")
    failures: dict[str, list[str]] = {}
    drawn: list[str] = []
    try:
        for game, (counts, options, move, phase_of) in GAMES.items():
            recorded = record(server, game, counts[0], options[0], move, phase_of, PHASES[game])
            for phase, snap in recorded.items():
                label = f"{game}-{phase}"
                phone.show(snap.code, at_200(snap.phone), snap.version)
                assert phone.page.evaluate(
                    "getComputedStyle(document.documentElement).fontSize") == "32px", label
                problems = phone.page.evaluate(CLIPPED)
                phone.page.screenshot(path=str(SHOTS / f"{label}.png"), full_page=True)
                if phase == "lobby":  # the settings dialog itself, open
                    phone.page.locator(".prefs-open").click()
                    problems += [f"dialog: {p}" for p in phone.page.evaluate(CLIPPED)]
                    phone.page.screenshot(path=str(SHOTS / f"{label}-settings.png"))
                drawn.append(label)
                if problems:
                    failures[label] = problems
    finally:
        phone.close()
    FIGURES.parent.mkdir(parents=True, exist_ok=True)
    FIGURES.write_text(json.dumps({"screens": drawn, "failed": len(failures),
                                   "failures": failures}, indent=1, ensure_ascii=False))
    assert failures == {}, json.dumps(failures, indent=1, ensure_ascii=False)[:4000]
