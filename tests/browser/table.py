"""A table driven from Python for the TV and accessibility tests: every seat plays over the
protocol (HTTP to sit down, a WebSocket to act), so a test decides exactly when each move is
made; browsers only look (the TV, or a seat's phone opened with that seat's token). Also the
page audits: axe-core (the copy packaged in axe-playwright-python), text sizes, overflow, the
safe margin and tap targets."""

from __future__ import annotations

import contextlib
import itertools
import json
import time
from collections.abc import Callable
from typing import Any

import httpx
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page
from websockets.sync.client import ClientConnection, connect

from .players import Player, wait_for


class Seat:
    """One seat (or spectator) of a room, played over the protocol."""

    def __init__(
        self,
        base: str,
        name: str,
        *,
        game: str | None = None,
        code: str | None = None,
        options: dict[str, Any] | None = None,
        tv: bool = False,
    ) -> None:
        """`tv`: the room's TV (a spectator place) rather than a seat."""
        if tv:
            answer = httpx.post(f"{base}/api/rooms/{code}/join",
                                json={"name": name, "spectator": True, "tv": True}).json()
        elif game is not None:
            answer = httpx.post(
                f"{base}/api/rooms", json={"game": game, "name": name, "options": options or {}}
            ).json()
        else:
            answer = httpx.post(f"{base}/api/rooms/{code}/join", json={"name": name}).json()
        self.base = base
        self.name = name
        self.code: str = answer["code"]
        self.token: str = answer["token"]
        self.seat: int = answer.get("seat")
        self.view: dict[str, Any] | None = None
        self.room: dict[str, Any] | None = None
        self.version = -1
        self.events: list[dict[str, Any]] = []  # the public events of every view received
        self.messages: list[dict[str, Any]] = []  # every message received, in order
        self.ids = itertools.count(1)
        self.stack = contextlib.ExitStack()
        self.connect()

    def connect(self) -> None:
        """A WebSocket with the seat's token (again, after a server restart)."""
        self.stack.close()
        url = self.base.replace("http://", "ws://") + f"/ws/{self.code}"
        self.socket: ClientConnection = self.stack.enter_context(connect(url, max_queue=None))
        self.socket.send(json.dumps({"type": "hello", "token": self.token}))
        self.pump(0.3)

    def new_game(self) -> None:
        """Forgets the last game's view: the next game's versions count from 0 again."""
        self.view, self.version, self.events = None, -1, []

    def pump(self, wait: float = 0.0) -> list[dict[str, Any]]:
        """Reads what the server sent (waiting up to `wait` s for the first message)."""
        got = []
        timeout = wait
        while True:
            try:
                message = json.loads(self.socket.recv(timeout=timeout))
            except TimeoutError:
                return got
            timeout = 0
            got.append(message)
            self.messages.append(message)
            if message["type"] == "room":
                self.room = message["room"]
            elif message["type"] == "view" and message["version"] >= self.version:
                self.version = message["version"]
                self.view = message["view"]
                self.events += message.get("events") or []

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))

    def act(self, action: dict[str, Any]) -> None:
        """Sends the action and waits for its answer: the ack (then the new view) or an error."""
        number = next(self.ids)
        self.send({"type": "action", "action": action, "id": number})
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for message in self.pump(0.2):
                if message.get("id") == number and message["type"] == "error":
                    raise AssertionError(f"{self.name} {action}: {message}")
                if message.get("id") == number and message["type"] == "ack":
                    while self.version < message["version"]:
                        self.pump(0.2)
                    return
        raise AssertionError(f"no answer to {self.name}'s {action}")

    def lobby(self, op: str, **fields: Any) -> None:
        self.send({"type": "lobby", "op": op, **fields})
        self.pump(0.3)

    def close(self) -> None:
        self.stack.close()


def sit(
    base: str,
    game: str,
    names: list[str],
    options: dict[str, Any] | None = None,
) -> list[Seat]:
    host = Seat(base, names[0], game=game, options=options)
    return [host, *(Seat(base, name, code=host.code) for name in names[1:])]


def start(seats: list[Seat]) -> None:
    """The host starts the game; returns once every seat has its first view."""
    seats[0].lobby("start")
    deadline = time.monotonic() + 10
    while any(seat.view is None for seat in seats):
        assert time.monotonic() < deadline, "no deal"
        settle(seats)


def settle(seats: list[Seat]) -> None:
    for seat in seats:
        seat.pump(0.01)


def catch_up(seats: list[Seat]) -> None:
    """Reads until every seat holds the newest version one of them holds. The server sent it to
    all of them, but on a busy machine a seat can be a message behind the one that acted, and a
    `done()` read off its view would let one move too many be played."""
    settle(seats)
    newest = max(seat.version for seat in seats)
    deadline = time.monotonic() + 30
    for seat in seats:
        while seat.version < newest:
            assert time.monotonic() < deadline, f"{seat.name} never got version {newest}"
            seat.pump(0.2)


def phone_of(browser: Browser, base: str, seat: Seat, locale: str) -> Player:
    """`seat`'s own phone: a browser holding that seat's token (as if it had joined there)."""
    player = Player(browser, base, seat.name, locale=locale)
    saved = json.dumps({"token": seat.token, "seat": seat.seat})
    # (An init script runs in every document, a popup's first about:blank too, where reading
    # localStorage throws: guarded, so that no page error is the test's own.)
    player.context.add_init_script(
        f"try {{ localStorage.setItem('tictac.seat.play.{seat.code}', {json.dumps(saved)}); }} "
        "catch {}"
    )
    player.goto(f"/r/{seat.code}")
    return player


# Runs every animation to its end, so a picture shows where things land (looping ones aside).
FINISH_ANIMATIONS = """() => document.getAnimations()
  .filter((a) => a.effect.getComputedTiming().iterations !== Infinity)
  .forEach((a) => a.finish())"""


DRAWN_VERSION = """() => Number(document.querySelector('[data-version]')?.dataset.version ?? -1)"""


def shows_version(player: Player, version: int, what: str) -> None:
    """Waits until the page has drawn `version` (its live root's `data-version`: a page busy
    drawing may be some messages behind what its socket received), with animations finished."""
    wait_for(lambda: player.page.evaluate(DRAWN_VERSION) >= version, player.page, what=what)
    player.page.wait_for_timeout(120)  # for the animations the draw started to begin
    player.page.evaluate(FINISH_ANIMATIONS)


# --- page audits -------------------------------------------------------------------------

_AXE = Axe()


def axe_violations(page: Page) -> list[str]:
    """axe-core's violations on the page as it is now: rule, impact and the first targets."""
    results = _AXE.run(page)
    return [
        f"{item['id']} ({item['impact']}): {[node['target'] for node in item['nodes'][:3]]}"
        for item in results.response["violations"]
    ]


# Every visible piece of text: its font size and box (text inside .sr is for screen readers).
TEXT_BOXES = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || el.closest('.sr, [hidden], noscript, script, style, .skip, .toasts')) continue;
    const style = getComputedStyle(el);
    if (style.visibility !== 'visible' || style.display === 'none') continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;
    // Text cut short with an ellipsis is drawn inside the box that cuts it (its range is not).
    let cut = el;
    while (cut && getComputedStyle(cut).textOverflow !== 'ellipsis') cut = cut.parentElement;
    const edge = cut ? cut.getBoundingClientRect() : box;
    out.push({ text: node.textContent.trim().slice(0, 40), size: parseFloat(style.fontSize),
      left: Math.max(box.left, edge.left), top: Math.max(box.top, edge.top),
      right: Math.min(box.right, edge.right), bottom: Math.min(box.bottom, edge.bottom) });
  }
  return out;
}"""

# Boxes whose content does not fit them (scrolled or clipped), besides text cut short on purpose
# with an ellipsis; and whether the page itself scrolls.
OVERFLOWS = """() => {
  const page = document.documentElement;
  const bad = [];
  if (page.scrollWidth > innerWidth || page.scrollHeight > innerHeight) {
    bad.push(`page ${page.scrollWidth}x${page.scrollHeight}`);
  }
  for (const el of document.querySelectorAll('.tv *')) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.textOverflow === 'ellipsis') continue;
    if (el.closest('.sr')) continue;
    const name = el.className || el.tagName;
    if (el.scrollHeight > el.clientHeight + 2 && style.overflowY !== 'visible') {
      bad.push(`${name} ${el.scrollHeight}>${el.clientHeight}`);
    }
    if (el.scrollWidth > el.clientWidth + 2 && style.overflowX !== 'visible') {
      bad.push(`${name} ${el.scrollWidth}>${el.clientWidth}`);
    }
  }
  return bad;
}"""


def tv_audit(page: Page, size: dict[str, int]) -> dict[str, Any]:
    """Text at least 32 px at 1080p (scaled to the viewport's height), nothing overflowing,
    every piece of text inside the 5 % safe margin. Measured at rest: an animation a late view
    has just started is finished first."""
    page.evaluate(FINISH_ANIMATIONS)
    texts = page.evaluate(TEXT_BOXES)
    assert texts, "no text on the TV"
    scale = size["height"] / 1080
    small = [item for item in texts if item["size"] < 32 * scale - 0.01]
    width, height = size["width"], size["height"]
    outside = [
        item
        for item in texts
        if item["left"] < width * 0.05 - 1
        or item["right"] > width * 0.95 + 1
        or item["top"] < height * 0.05 - 1
        or item["bottom"] > height * 0.95 + 1
    ]
    return {
        "smallest": min(item["size"] for item in texts) / scale,
        "small": small,
        "outside": outside,
        "overflows": page.evaluate(f"() => {{ ({FINISH_ANIMATIONS})(); return ({OVERFLOWS})(); }}"),
    }


def box_height(page: Page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return float(box["height"])


# Controls smaller than 44 x 44 CSS px; a checkbox or radio counts with its label (a tap on
# the label toggles it). Links inside running text are not targets of their own.
SMALL_TARGETS = """() => {
  const all = document.querySelectorAll('button, input, select, textarea, summary, a[href]');
  const inText = (el) => el.tagName === 'A'
    && el.parentElement.textContent.trim() !== el.textContent.trim();
  return [...all]
    .filter((el) => el.type !== 'hidden' && !el.closest('.sr, [hidden], .skip'))
    .filter((el) => el.getClientRects().length && !inText(el))
    .map((el) => {
      const boxes = [el.getBoundingClientRect()];
      if (['checkbox', 'radio'].includes(el.type)) {
        for (const label of el.labels) boxes.push(label.getBoundingClientRect());
      }
      const width = Math.max(...boxes.map((b) => b.width));
      const height = Math.max(...boxes.map((b) => b.height));
      return { what: el.outerHTML.slice(0, 90), width, height };
    })
    .filter((item) => item.width < 44 - 0.5 || item.height < 44 - 0.5);
}"""


def small_targets(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(SMALL_TARGETS)
    return found


def play_until(
    seats: list[Seat],
    choose: Callable[[Seat, dict[str, Any]], dict[str, Any] | None],
    done: Callable[[], bool],
    limit: int = 600,
) -> int:
    """Each seat in turn makes the move `choose` picks from its view, until `done()`, which
    is asked with every seat's view the newest."""
    moves = 0
    catch_up(seats)
    while not done():
        acted = False
        for seat in seats:
            catch_up(seats)
            if done():
                return moves
            view = seat.view
            action = choose(seat, view) if view and not view["over"] else None
            if action is not None:
                seat.act(action)
                moves += 1
                acted = True
        if not acted:
            time.sleep(0.05)
        assert moves < limit, "the game did not get there"
    return moves


# Text a box cuts off (issue 24, item 3): every piece of text on the TV must lie inside each
# ancestor that clips its content (overflow other than visible), ellipsis aside; and the main
# panels must not overlap one another (a podium over the scores, the ticker over the read-back).
PANELS = (".tv-end-title, .tv-podium, .tv-summary .panel, .tv-ticker, .tv-presence,"
          " .tv-head, .tv-defused, .tv-rows, .tv-moves, .tv-reveal .round-reveal,"
          " .tv-readback-team, .tv-tu-main, .tv-teams, .tv-corner-left")
PANEL_AUDIT = """(selector) => {
  const clipped = [];
  const walker = document.createTreeWalker(document.querySelector('.tv'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || node.parentElement.closest('.sr, [hidden]')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;
    for (let el = node.parentElement; el && el !== document.body; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (style.textOverflow === 'ellipsis') break;
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const edge = el.getBoundingClientRect();
      if (box.left < edge.left - 1 || box.right > edge.right + 1
          || box.top < edge.top - 1 || box.bottom > edge.bottom + 1) {
        const text = node.textContent.trim().slice(0, 30);
        clipped.push(`${text} cut by ${el.className || el.tagName}`);
        break;
      }
    }
  }
  const panels = [...document.querySelectorAll(selector)]
    .filter((el) => el.getClientRects().length && !el.closest('[hidden]'));
  const overlaps = [];
  // A panel split over columns is a box per column (getClientRects).
  panels.forEach((a, i) => panels.slice(i + 1).forEach((b) => {
    if (a.contains(b) || b.contains(a)) return;
    for (const p of a.getClientRects()) {
      for (const q of b.getClientRects()) {
        const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        const size = `${Math.round(w)}x${Math.round(h)}`;
        if (w > 1 && h > 1) overlaps.push(`${a.className} / ${b.className}: ${size}`);
      }
    }
  }));
  return { clipped, overlaps };
}"""


def panel_audit(page: Page) -> dict[str, list[str]]:
    """Text clipped by a box, and main panels overlapping, on the TV as it is now."""
    page.evaluate(FINISH_ANIMATIONS)
    found: dict[str, list[str]] = page.evaluate(PANEL_AUDIT, PANELS)
    return found
