"""One person at the table: a browser context of their own, the page, and every WebSocket
frame the page received (to read their view and to look for other people's secrets)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

SHOTS_DIR = Path("test-output/screenshots")
SW_BLOCKED = "Service Worker registration blocked by Playwright"
PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 720}

# navigator.vibrate is recorded so the time-up buzz can be checked.
BUZZ_RECORDER = (
    "window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; };"
)


class Player:
    def __init__(self, browser: Browser, base: str, name: str, locale: str = "en-GB",
                 context: BrowserContext | None = None) -> None:
        """`context`: one made by the test (a persistent profile), else a fresh one."""
        self.base = base
        self.name = name
        # No service worker: it answers a page's requests where a test's `page.route` never
        # sees them (test_lan.py tests the worker in contexts of its own).
        self.context = context or browser.new_context(viewport=PHONE, locale=locale,
                                                      service_workers="block")
        self.context.add_init_script(BUZZ_RECORDER)
        self.page: Page = self.context.new_page()
        self.frames: list[str] = []
        self.errors: list[str] = []
        self.warnings: list[str] = []  # the console's warnings and errors (issue 24, item 6)
        self.page.on("websocket", self._watch)
        self.page.on("pageerror", self._failed)
        self.page.on("console", self._console)

    def _failed(self, error: Exception) -> None:
        # Printed as well, so a failing test's captured output shows the script error.
        print(f"page error for {self.name}: {error}")
        self.errors.append(str(error))

    def _console(self, message: Any) -> None:
        # Playwright's own notice that it blocked the service worker is not the page's
        if message.type in ("warning", "error") and message.text != SW_BLOCKED:
            self.warnings.append(f"{message.type}: {message.text}")

    def _watch(self, socket: Any) -> None:
        socket.on("framereceived", self._received)

    def _received(self, payload: str | bytes) -> None:
        self.frames.append(payload if isinstance(payload, str) else payload.decode())

    def messages(self, kind: str) -> list[dict[str, Any]]:
        found = []
        for frame in self.frames:
            message = json.loads(frame)
            if message.get("type") == kind:
                found.append(message)
        return found

    def view(self) -> dict[str, Any] | None:
        views = self.messages("view")
        return views[-1]["view"] if views else None

    def version(self) -> int:
        views = self.messages("view")
        return views[-1]["version"] if views else -1

    def room(self) -> dict[str, Any] | None:
        rooms = self.messages("room")
        return rooms[-1]["room"] if rooms else None

    def seat(self) -> int | None:
        room = self.room()
        return room["you"]["seat"] if room and room.get("you") else None

    def goto(self, path: str) -> None:
        self.page.goto(self.base + path)

    def code(self) -> str:
        match = re.search(r"/r/([A-Z0-9]+)", self.page.url)
        assert match, self.page.url
        return match.group(1)

    def close(self) -> None:
        self.context.close()


def wait_for(
    condition: Callable[[], Any], page: Page, timeout: float = 15.0, what: str = ""
) -> Any:
    """Polls `condition` while letting Playwright deliver events (frames of every page)."""
    deadline = time.monotonic() + timeout
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        page.wait_for_timeout(25)


def create_room(host: Player, game: str, options: dict[str, Any] | None = None) -> str:
    """The host creates a room from the home page, setting number options by their labels."""
    host.goto("/")
    host.page.fill("#create-name", host.name)
    host.page.check(f"#game-{game}")
    for name, value in (options or {}).items():
        field = host.page.locator(f"#create-opt-{name}")
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    host.page.click("form.stack button[type=submit]")
    host.page.wait_for_url(re.compile(r"/r/[A-Z0-9]+$"))
    wait_for(lambda: host.room() is not None, host.page, what="the room message")
    return host.code()


def join_room(player: Player, code: str) -> None:
    player.goto(f"/r/{code}")
    player.page.fill("#join-name", player.name)
    player.page.click("form.join-room button[type=submit]")
    wait_for(lambda: player.room() is not None, player.page, what=f"{player.name} in the room")


def add_bots(host: Player, count: int) -> None:
    """Adds bots one by one, each time waiting for the host to see one more bot (counting seats
    instead would also count a person whose join reaches the host late)."""

    def bots() -> int:
        return sum(seat["bot"] for seat in host.room()["seats"])

    for _ in range(count):
        before = bots()
        host.page.click("text=Add a bot")
        wait_for(lambda before=before: bots() > before, host.page, what="a bot")


def start_game(host: Player, players: list[Player]) -> None:
    host.page.click("button.start")
    for player in players:
        wait_for(lambda player=player: player.view() is not None, player.page, what="the deal")


# Controls a screen reader could not name: no label, aria-label(ledby), text or title.
UNNAMED_CONTROLS = """() => [...document.querySelectorAll('button, input, select, textarea')]
  .filter((el) => !el.closest('[hidden]'))
  .filter((el) => !(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')
    || (el.labels && el.labels.length) || el.textContent.trim() || el.title))
  .map((el) => el.outerHTML.slice(0, 120))"""


def screenshot(player: Player, name: str) -> list[Path]:
    """The page at phone and desktop size, each checked for sideways scrolling; every control
    on it must have an accessible name."""
    assert player.page.evaluate(UNNAMED_CONTROLS) == [], name
    saved = []
    for size in (PHONE, DESKTOP):
        player.page.set_viewport_size(size)
        player.page.wait_for_timeout(60)
        overflow = player.page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        path = SHOTS_DIR / f"{name}-{size['width']}x{size['height']}.png"
        player.page.screenshot(path=str(path), full_page=True)
        assert overflow <= 0, f"{name} scrolls sideways by {overflow}px at {size['width']}px"
        saved.append(path)
    player.page.set_viewport_size(PHONE)
    return saved
