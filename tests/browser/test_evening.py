"""An evening in one room (issue 25, item 1), end to end: three games, one of each kind, in the
same room (same code, same TV), the host's phone choosing each next game; the server restarted
in the middle; the TV's standings between games and the podium of the night at the end, in
French, beside an English host's phone and a French player's phone (who reloads and still sees
the standings). Seats play from Python over the protocol; the browsers look and the host's
phone picks the games. Screenshots of the standings and the podium at 1920x1080 under
test-output/screenshots/evening/, audited like every TV screen (test_tv.py)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .conftest import ServerProcess
from .players import SHOTS_DIR, Player, screenshot, wait_for
from .table import FINISH_ANIMATIONS, Seat, phone_of, play_until, settle, sit, start, tv_audit
from .test_tv import bomb_move, times_up_move, timo_move

HD = {"width": 1920, "height": 1080}
SHOTS = SHOTS_DIR / "evening"
NAMES = ["Ana", "Léa", "Cal", "Dan"]


def over(seats: list[Seat]) -> bool:
    return bool(seats[0].view and seats[0].view["over"])


def play(seats: list[Seat], move: Any) -> None:
    for seat in seats:
        seat.new_game()
    start(seats)
    play_until(seats, move, lambda: over(seats), limit=2000)


def host_chooses(host: Player, seats: list[Seat], game: str) -> None:
    """On the host's phone: "Play again" on the end screen, then the next game in the lobby."""
    host.page.click("text=Play again")
    host.page.wait_for_selector("#next-game")
    host.page.select_option("#next-game", game)
    wait_for(lambda: (settle(seats), seats[0].room and seats[0].room["game"] == game)[1],
             host.page, timeout=30, what=f"the room choosing {game}")
    host.page.wait_for_selector(f".stage-lobby.game-{game} #next-game")


def look(tv: Page, name: str) -> None:
    """The TV at 1920x1080, saved and audited: text big enough, inside the safe margin, none
    cut off."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    tv.wait_for_timeout(100)
    tv.evaluate(FINISH_ANIMATIONS)  # the podium's steps rise in one after the other
    tv.screenshot(path=str(SHOTS / f"{name}-1920x1080.png"))
    audit = tv_audit(tv, HD)
    assert audit["small"] == [], (name, audit["small"][:5])
    assert audit["overflows"] == [], (name, audit["overflows"][:5])
    assert audit["outside"] == [], (name, audit["outside"][:5])


def test_an_evening_of_three_games_with_a_restart_and_the_podium(
    browser: Browser, own_server: ServerProcess
) -> None:
    base = own_server.url
    seats = sit(base, "timos-twist", NAMES, {"target_score": 1, "timo_grace_ms": 0})
    code = seats[0].code
    host = phone_of(browser, base, seats[0], "en-GB")
    lea = phone_of(browser, base, seats[1], "fr-FR")
    tv = Player(browser, base, "TV", locale="en-GB")
    tv.page.set_viewport_size(HD)
    tv.goto(f"/r/{code}/tv?lang=fr")
    tv.page.wait_for_selector(".tv-lobby")
    assert tv.page.locator(".tv-evening").count() == 0  # no standings before the first game

    # 1. Timo's Twist, to one point.
    play(seats, timo_move)
    host_chooses(host, seats, "time-bomb")
    tv.page.wait_for_selector(".tv-standings .evening-row")
    assert tv.page.locator(".tv-standings .evening-row").count() == 4
    assert tv.page.inner_text(".tv-evening h2") == "Classement de la soirée"
    look(tv.page, "standings-after-one-fr")
    # Léa reloads: her phone shows the standings, in French.
    lea.page.reload()
    lea.page.wait_for_selector(".evening-standings .evening-row")
    assert lea.page.inner_text("#evening-title") == "Classement de la soirée"
    screenshot(lea, "evening-standings-phone-fr")
    screenshot(host, "evening-lobby-host-en")

    # The server restarts mid-evening: the room comes back with its game and its standings.
    before = seats[0].room["evening"]
    own_server.stop()
    own_server.start()
    for seat in seats:
        seat.connect()
    assert seats[0].room["game"] == "time-bomb" and seats[0].room["evening"] == before
    tv.page.wait_for_selector(".tv-standings .evening-row", timeout=60_000)
    wait_for(lambda: host.page.locator("#next-game").count() == 1, host.page, timeout=60,
             what="the host's lobby back after the restart")

    # 2. Time Bomb, the four of them.
    play(seats, bomb_move)
    host_chooses(host, seats, "times-up")
    seats[0].lobby("set_options", options={"deck_size": 10, "turn_seconds": 120})

    # 3. Time's Up, a short deck.
    play(seats, times_up_move)
    evening = seats[0].room["evening"]
    assert [game["game"] for game in evening["games"]] == ["timos-twist", "time-bomb", "times-up"]
    # Each game of four gives 10 + 6.67 + 3.33 + 0 = 20 points in all, ties or not.
    assert sum(row["points"] for row in evening["standings"]) == pytest.approx(60, abs=0.05)

    # The host ends the evening from the end screen: the TV shows the podium of the night.
    host.page.click("button.end-evening")
    tv.page.wait_for_selector(".tv-night", timeout=30_000)
    assert tv.page.inner_text(".tv-night-title") == "Podium de la soirée"
    games = tv.page.locator(".tv-night-list li")
    assert games.count() == 3
    titles = [games.nth(n).locator(".evening-game").inner_text() for n in range(3)]
    assert titles == ["Timo's Twist", "Time Bomb", "Time's Up"]
    for n, game in enumerate(evening["games"]):
        assert games.nth(n).locator(".evening-winners").inner_text() == ", ".join(game["winners"])
    best = evening["standings"][0]["name"]
    assert best in tv.page.inner_text(".tv-night-podium .step-1 .names")
    look(tv.page, "podium-fr")
    host.page.wait_for_selector("text=The evening is over")
    screenshot(host, "evening-over-host-en")
    # The evening's first game replays as the Timo's Twist it was, the room having moved on.
    host.page.click(".evening-games li:first-child a")
    host.page.wait_for_selector("#replay-step", timeout=30_000)
    host.page.wait_for_selector(".replay-stage > *", timeout=30_000)
    assert host.page.inner_text(".game-head .muted") == "Timo's Twist"
    for person in (host, lea, tv):
        assert person.errors == [], person.errors
        person.close()
    for seat in seats:
        seat.close()
