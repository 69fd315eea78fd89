"""A player who hears the page instead of seeing it: their phone records every line the page's
live region says (static/announce.js), in order, from a MutationObserver an init script puts
in place before any script of the page runs; the test acts only through the accessibility tree
(roles, names, labels: what a screen reader offers). The page's words come from the catalogs,
so one test runs in both languages."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page

from .players import Player, wait_for

STATIC = Path(__file__).resolve().parents[2] / "src" / "tictac" / "web" / "static"
OUTPUT = Path("test-output")

# Every line added to the live region, in order (each is a record of its own: the region is
# put in the page empty, then given its lines).
RECORDER = """
window.__said = [];
const listen = () => new MutationObserver((changes) => {
  for (const change of changes) {
    if (change.target.id !== 'announcer') continue;
    for (const node of change.addedNodes) window.__said.push(node.textContent);
  }
}).observe(document.body, { childList: true, subtree: true });
if (document.body) listen(); else addEventListener('DOMContentLoaded', listen);
"""


class Words:
    """The page's words in one language: the site's catalog and every game's."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.texts: dict[str, str] = json.loads((STATIC / "i18n" / f"{lang}.json").read_text())
        for path in sorted((STATIC / "texts").glob(f"*.{lang}.json")):
            self.texts.update(json.loads(path.read_text()))

    def __call__(self, key: str, **params: Any) -> str:
        text = self.texts.get(key)
        if text is None:  # a plural: one or other, as the page picks for these two languages
            count = params.get("n", 0)
            one = count == 1 or (self.lang == "fr" and count == 0)
            text = self.texts[f"{key}.{'one' if one else 'other'}"]
        return re.sub(r"\{(\w+)\}", lambda found: str(params.get(found[1], found[0])), text)

    def pattern(self, key: str, **params: Any) -> re.Pattern[str]:
        """The text of `key` with the given parameters, any text for the others."""
        keys = [key] if key in self.texts else [f"{key}.one", f"{key}.other"]
        parts = []
        for one in keys:
            pieces = re.split(r"(\{\w+\})", self.texts[one])
            parts.append("".join(
                (re.escape(str(params[piece[1:-1]])) if piece[1:-1] in params else ".+")
                if piece.startswith("{") else re.escape(piece) for piece in pieces))
        return re.compile("^(?:" + "|".join(parts) + ")$")


def listener(browser: Browser, base: str, name: str, lang: str) -> Player:
    """A phone whose live region is recorded."""
    player = Player(browser, base, name, locale="fr-FR" if lang == "fr" else "en-GB")
    player.context.add_init_script(RECORDER)
    return player


def said(page: Page) -> list[str]:
    lines: list[str] = page.evaluate("() => window.__said || []")
    return lines


def hear(page: Page, pattern: re.Pattern[str], after: int = 0, timeout: float = 60) -> int:
    """Waits until a line matching `pattern` is said (at `after` or later); returns its index."""

    def found() -> int | None:
        for index, line in enumerate(said(page)[after:], start=after):
            if pattern.search(line):
                return index + 1  # (0 is falsy: one more, taken back below)
        return None

    return int(listen(page, found, timeout, f"the page to say {pattern.pattern}")) - 1


def next_line(page: Page, count: int, timeout: float = 60) -> None:
    """Waits until the page said more than `count` lines."""
    listen(page, lambda: len(said(page)) > count, timeout, "the page to say more")


def listen(page: Page, condition: Callable[[], Any], timeout: float, what: str) -> Any:
    """`wait_for`, whose failure tells the last lines said."""
    try:
        return wait_for(condition, page, timeout=timeout, what=what)
    except AssertionError as error:
        raise AssertionError(f"{error}; the last lines said: {said(page)[-8:]}") from None


def create_by_ear(
    player: Player, words: Words, game: str, title: str, options: dict[str, str]
) -> None:
    """Creates a room from the home page through its labels: the name, the game (the radio
    named with `title`), options."""
    page = player.page
    player.goto("/")
    page.get_by_label(words("common.your_name")).fill(player.name)
    page.get_by_role("radio", name=re.compile(re.escape(title))).check()
    for key, value in options.items():
        field = page.get_by_label(words(f"opt.{game}.{key}"), exact=True)
        if field.evaluate("(el) => el.tagName") == "SELECT":
            field.select_option(label=value)  # a list: the option named `value`
        else:
            field.fill(value)
    page.get_by_role("button", name=words("home.create_go")).click()
    page.wait_for_url(re.compile(r"/r/[A-Z0-9]+$"))


def visible(locator: Locator) -> bool:
    return locator.count() > 0 and locator.first.is_visible()


def keep(name: str, lines: list[str]) -> Path:
    """Writes what the page said to test-output/, one line each."""
    OUTPUT.mkdir(exist_ok=True)
    path = OUTPUT / f"announcements-{name}.txt"
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path
