"""Timo's Twist's table on the TV keeps its seats off the felt's middle: at three seats (the two
upper ones beside the felt) no seat covers the colour to follow, the pile or the direction."""

from __future__ import annotations

from playwright.sync_api import Browser

from .players import SHOTS_DIR, Player
from .table import play_until, shows_version, sit, start
from .test_tv import timo_move
from .test_tv_long import LONG_NAMES

COVERED = """() => {
  const seats = [...document.querySelectorAll('.tv-seat')].map((el) => el.getBoundingClientRect());
  return [...document.querySelectorAll('.tv-felt > *')].filter((el) => {
    const box = el.getBoundingClientRect();
    return seats.some((seat) => Math.min(seat.right, box.right) - Math.max(seat.left, box.left) > 1
      && Math.min(seat.bottom, box.bottom) - Math.max(seat.top, box.top) > 1);
  }).map((el) => el.className);
}"""


BOXES = """() => [...document.querySelectorAll('.tv-seat, .tv-felt > *')].map((el) => {
  const b = el.getBoundingClientRect(); return [el.className, Math.round(b.left), Math.round(b.top),
  Math.round(b.right), Math.round(b.bottom)]; })"""


def test_three_seats_leave_the_colour_to_follow_in_sight(browser: Browser, server: str) -> None:
    seats = sit(server, "timos-twist", LONG_NAMES[:3], {"target_score": 500})
    tv = Player(browser, server, "TV")
    tv.goto(f"/r/{seats[0].code}/tv")
    tv.page.wait_for_selector(".tv-lobby")
    start(seats)
    play_until(seats, timo_move, lambda: seats[0].version >= 3)
    for size in ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720}):
        tv.page.set_viewport_size(size)
        shows_version(tv, seats[0].version, "the TV's table")
        assert tv.page.evaluate(COVERED) == [], (size, tv.page.evaluate(BOXES))
        tv.page.screenshot(path=str(SHOTS_DIR / f"tv-timos-twist-3-seats-{size['height']}p.png"))
    tv.close()
    for seat in seats:
        seat.close()
