"""The parts of the combinatorial screen test (test_screens.py): a pairwise generator, rooms
played on the real server whose every message the TV and the host's phone received is kept
at each phase, and pages that draw one of those recordings, changed for the case (names,
the audience, someone away or gone, a pause), from a WebSocket the test answers itself."""

from __future__ import annotations

import copy
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Browser, WebSocketRoute

from .conftest import PATIENCE_S
from .players import wait_for
from .table import FINISH_ANIMATIONS, Seat, catch_up, settle, sit, start

SHORT = ["Ana", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]
# Names at (or near) the 24-character limit, several words and hyphens.
LONG = ["Marie-Charlotte Dupontel", "Jean-Baptiste Lefebvre", "Anne-Sophie Villeneuve",
        "Maximilien Beaumarchais", "Pierre-Alexandre Moreau", "Gwendoline Vandenberghe",
        "Bartholomew Fairweather", "Wilhelmina Ashcombe-Ray", "Christophe Delacroix-Roy",
        "Alexandrine Montmorency", "Marguerite Saint-Exupéry", "Constantin Papadopoulos"]


def pairwise(dimensions: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """Rows that hold every pair of values of any two dimensions at least once: greedy and
    deterministic (the first pair not yet held starts a row; each other dimension takes the
    value that holds the most new pairs, on a tie the one used least so far, then the first)."""
    names = list(dimensions)
    used = {name: [0] * len(values) for name, values in dimensions.items()}

    def pair(a: str, i: int, b: str, j: int) -> tuple[str, int, str, int]:
        return (a, i, b, j) if names.index(a) < names.index(b) else (b, j, a, i)

    left = {pair(a, i, b, j) for x, a in enumerate(names) for b in names[x + 1:]
            for i in range(len(dimensions[a])) for j in range(len(dimensions[b]))}
    rows = []
    while left:
        a, i, b, j = min(left)
        row = {a: i, b: j}
        for name in names:
            if name not in row:
                row[name] = max(range(len(dimensions[name])), key=lambda k: (
                    sum(pair(other, row[other], name, k) in left for other in row),
                    -used[name][k], -k))
        for name in names:
            used[name][row[name]] += 1
        left -= {pair(a, row[a], b, row[b]) for x, a in enumerate(names) for b in names[x + 1:]}
        rows.append({name: dimensions[name][row[name]] for name in names})
    return rows


@dataclass
class Snapshot:
    """What the TV and the host's phone had received when a phase was reached."""
    code: str
    tv: list[dict[str, Any]]
    phone: list[dict[str, Any]]
    version: int  # the last view's version (-1 in the lobby)


def _snapshot(tv: Seat, host: Seat) -> Snapshot:
    deadline = time.monotonic() + 30
    while tv.version < host.version:
        assert time.monotonic() < deadline, "the TV never caught up"
        tv.pump(0.2)
    tv.pump(0.2)  # the audience's message comes after the view
    return Snapshot(host.code, list(tv.messages), list(host.messages), host.version)


def _vote(fan: Seat, voted: set[str]) -> None:
    """The audience member votes on the open ballot, once per ballot."""
    fan.pump(0.05)
    latest = [m for m in fan.messages if m["type"] == "audience"]
    ballot = latest[-1]["audience"].get("ballot") if latest else None
    if ballot and ballot["key"] not in voted:
        voted.add(ballot["key"])
        fan.send({"type": "vote", "ballot": ballot["key"], "choice": ballot["choices"][0]["id"]})


def record(base: str, game: str, count: int, options: dict[str, Any],
           move: Callable[[Seat, dict[str, Any]], dict[str, Any] | None],
           phase_of: Callable[[dict[str, Any]], str | None], wanted: list[str],
           games: int = 3) -> dict[str, Snapshot]:
    """Plays a room to its end: a snapshot in the lobby, at the first view of each phase
    `phase_of` names, and at the end; an audience member votes on every ballot. While a phase
    `wanted` was not reached (a bomb in round 1), the host plays again, `games` at most: the
    screens then show a room's later game, as an evening does."""
    seats = sit(base, game, SHORT[:count], options)
    host = seats[0]
    tv = Seat(base, "TV", code=host.code, tv=True)
    settle(seats)
    snaps = {"lobby": _snapshot(tv, host)}
    fan: Seat | None = None
    for _ in range(games):
        start(seats)
        # the game runs: a spectator, the audience (who stays one in the next game)
        fan = fan or Seat(base, "Fan", code=host.code)
        voted: set[str] = set()
        while True:
            catch_up(seats)
            _vote(fan, voted)
            view = host.view or {}
            if view.get("over"):
                snaps.setdefault("end", _snapshot(tv, host))
                break
            phase = phase_of(view)
            if phase is not None and phase not in snaps:
                snaps[phase] = _snapshot(tv, host)
            _one_move(seats, move)
        if all(phase in snaps for phase in wanted):
            break
        host.lobby("play_again")
        for seat in [*seats, tv]:
            seat.new_game()
    for seat in [*seats, tv, *([fan] if fan else [])]:
        seat.close()
    return snaps


def _one_move(seats: list[Seat], move: Callable[[Seat, dict[str, Any]], dict[str, Any] | None],
              ) -> None:
    """One move by a seat the game waits for (any seat when the view names none)."""
    waited = set((seats[0].view or {}).get("to_act") or [])
    for seat in sorted(seats, key=lambda seat: seat.seat not in waited):
        action = move(seat, seat.view) if seat.view and not seat.view["over"] else None
        if action is not None:
            seat.act(action)
            return
    time.sleep(0.05)


def _renamed(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(item, names) for item in value]
    if isinstance(value, dict):
        return {key: _renamed(item, names) for key, item in value.items()}
    return value


def changed(messages: list[dict[str, Any]], case: dict[str, Any]) -> list[dict[str, Any]]:
    """The recording as the case has it: the longest names, no audience, a seat (the case's
    `seat`, else seat 1) away (its grace counting down) or gone with a stand-in, the game
    paused by the host."""
    feed = [m for m in messages if case["audience"] or m["type"] != "audience"]
    if case["names"] == "long":
        feed = _renamed(feed, dict(zip(SHORT, LONG, strict=True)))
    rooms = [m for m in feed if m["type"] == "room"]
    room = copy.deepcopy(rooms[-1])
    now = max((m.get("server_time", 0) for m in feed), default=0)
    seats = room["room"]["seats"]
    if case["presence"] != "all" and room["room"]["status"] == "playing" and len(seats) > 1:
        seat = seats[case.get("seat", 1)]
        seat.update(connected=False, presence="away" if case["presence"] == "away" else "gone")
        if case["presence"] == "away":
            seat["gone_at"] = now + 45_000
        else:
            seat.update(gone=True, gone_at=None, stand_in=True)
    if case["paused"] and room["room"]["status"] == "playing":
        room["room"].update(paused=True, paused_by=seats[0]["name"])
    return [*feed, room]


# The page takes the seat of the recording: a token the test's own socket accepts.
SEAT_SCRIPT = """(() => {
  const found = location.pathname.match(/^\\/r\\/([A-Za-z0-9]+)/);
  if (found) localStorage.setItem('tictac.seat.KIND.' + found[1].toUpperCase(),
    JSON.stringify({ token: 'replayed', seat: SEAT }));
})();"""


class Screen:
    """A page (the TV or the host's phone) whose WebSocket the test answers: after the page's
    hello, every message of its feed, in order; the page's errors are kept."""

    def __init__(self, browser: Browser, base: str, kind: str) -> None:
        self.base = base
        self.kind = kind
        self.context = browser.new_context(
            viewport={"width": 1920, "height": 1080} if kind == "tv" else {"width": 360,
                                                                            "height": 640},
            locale="en-GB", service_workers="block", reduced_motion="reduce")
        self.context.add_init_script(SEAT_SCRIPT.replace("KIND", "tv" if kind == "tv" else "play")
                                     .replace("SEAT", "null" if kind == "tv" else "0"))
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.feed: list[dict[str, Any]] = []
        self.page.route_web_socket(re.compile(r"/ws/"), self._socket)

    def _socket(self, socket: WebSocketRoute) -> None:
        def heard(message: str | bytes) -> None:
            if json.loads(message).get("type") == "hello":
                for item in self.feed:
                    socket.send(json.dumps(item))
        socket.on_message(heard)

    def show(self, code: str, feed: list[dict[str, Any]], version: int,
             size: dict[str, int] | None = None) -> None:
        """Draws `feed` (waits for `version` drawn, animations finished)."""
        self.feed = feed
        self.errors.clear()
        if size:
            self.page.set_viewport_size(size)
        self.page.goto(f"{self.base}/r/{code}" + ("/tv?lang=en" if self.kind == "tv" else ""))
        drawn = "() => Number(document.querySelector('[data-version]')?.dataset.version ?? -2)"
        # Patient: a long game is hundreds of messages to draw, on a machine others share.
        wait_for(lambda: self.page.evaluate(drawn) >= version, self.page, timeout=PATIENCE_S,
                 what=f"the {self.kind} drawing version {version}")
        self.page.wait_for_timeout(150)
        self.page.evaluate(FINISH_ANIMATIONS)

    def close(self) -> None:
        self.context.close()
