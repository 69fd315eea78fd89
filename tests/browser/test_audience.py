"""An audience (issue 25, item 4), end to end in Time Bomb: four seats play from Python over the
protocol, beside the host's phone (English), a player's phone (French), the TV (French) and two
audience phones that arrive once the game has started (one English, one French). The audience
votes who is Moriarty on its phones, changes its mind, votes again in the next round; the TV
shows the counts only; at the end every screen shows how the audience did. No frame a player's
phone or the TV receives holds a vote before the game is over. Screenshots of every new screen
under test-output/screenshots/ (phones) and test-output/screenshots/audience/ (the TV, audited
like every TV screen)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser

from .conftest import ServerProcess
from .players import SHOTS_DIR, Player, join_room, screenshot
from .table import Seat, phone_of, play_until, settle, sit, start, tv_audit
from .test_tv import bomb_move, times_up_move, timo_move

HD = {"width": 1920, "height": 1080}
SHOTS = SHOTS_DIR / "audience"


def look(tv: Player, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    tv.page.wait_for_timeout(100)
    tv.page.screenshot(path=str(SHOTS / f"{name}-1920x1080.png"))
    audit = tv_audit(tv.page, HD)
    assert audit["small"] == [], (name, audit["small"][:5])
    assert audit["overflows"] == [], (name, audit["overflows"][:5])
    assert audit["outside"] == [], (name, audit["outside"][:5])


def no_vote_before_the_end(player: Player) -> None:
    """Every `audience` frame the page received: counts only (never `yours`), and results only
    after a view that says the game is over."""
    over = False
    for frame in player.frames:
        message: dict[str, Any] = json.loads(frame)
        if message["type"] == "view":
            over = bool(message["view"]["over"])
        if message["type"] == "audience":
            assert "yours" not in message, (player.name, message)
            assert over or message["audience"]["results"] is None, (player.name, message)


def vote(fan: Player, choice: int) -> None:
    fan.page.click(f".audience-choice[data-choice='{choice}']")
    fan.page.wait_for_selector(f".audience-choice.chosen[data-choice='{choice}']")


def test_the_audience_votes_moriarty_round_by_round_to_the_reveal(
        browser: Browser, own_server: ServerProcess) -> None:
    base = own_server.url
    seats = sit(base, "time-bomb", ["Ana", "Léa", "Cal", "Dan"])
    code = seats[0].code
    host = phone_of(browser, base, seats[0], "en-GB")
    lea = phone_of(browser, base, seats[1], "fr-FR")
    tv = Player(browser, base, "TV", locale="en-GB")
    tv.page.set_viewport_size(HD)
    tv.goto(f"/r/{code}/tv?lang=fr")
    tv.page.wait_for_selector(".tv-lobby")
    start(seats)
    # Two people arrive once the game has started: they watch, and vote.
    zoe, remi = Player(browser, base, "Zoé", locale="en-GB"), Player(browser, base, "Rémi",
                                                                     locale="fr-FR")
    for fan in (zoe, remi):
        join_room(fan, code)
        fan.page.wait_for_selector(".audience[data-ballot='round-1']")
    assert zoe.page.inner_text(".audience h2") == "Who is Moriarty? (round 1)"
    assert remi.page.inner_text(".audience h2") == "Qui est Moriarty ? (manche 1)"
    screenshot(zoe, "audience-ballot-en")
    vote(zoe, 1)
    vote(zoe, 2)  # a change of mind
    vote(remi, 3)
    assert remi.page.inner_text(".audience-yours") == "Votre vote : Dan"
    screenshot(remi, "audience-voted-fr")
    tv.page.wait_for_selector(".tv-audience-count:has-text('2 ont voté')")
    assert tv.page.inner_text(".tv-audience-count") == "2 dans le public · 2 ont voté"
    look(tv, "counts-fr")

    play_until(seats, bomb_move, lambda: seats[0].view["round"] > 1 or seats[0].view["over"])
    if not seats[0].view["over"]:  # a bomb may end it in the first round
        zoe.page.wait_for_selector(".audience[data-ballot='round-2']")
        assert zoe.page.locator(".audience-choice.chosen").count() == 0  # a new vote
        vote(zoe, 0)
    play_until(seats, bomb_move, lambda: bool(seats[0].view["over"]))
    settle(seats)
    for screen in (zoe, remi, host, lea):
        screen.page.wait_for_selector(".audience-results")
    tv.page.wait_for_selector(".tv-audience-results")
    assert remi.page.inner_text(".audience-results h2") == "Le verdict du public"
    assert host.page.inner_text(".audience-results h2") == "How the audience did"
    assert "Au total" in tv.page.inner_text(".tv-audience-results")
    screenshot(zoe, "audience-results-en")
    screenshot(lea, "audience-results-player-fr")
    look(tv, "results-fr")
    for screen in (host, lea, tv):
        no_vote_before_the_end(screen)
    for screen in (host, lea, tv, zoe, remi):
        assert screen.errors == [], (screen.name, screen.errors)
        screen.close()
    for seat in seats:
        seat.close()


# The other two games' audience screens: Time's Up's funniest turn (in French), Timo's Twist's
# first out (in English), each voted on a phone and shown at the end; the TV's band too.
OTHERS = [
    ("times-up", "fr-FR", {"deck_size": 10, "turn_seconds": 120},
     lambda view: view["phase"] == "running", times_up_move,
     "Le tour le plus drôle de la manche 1 ?"),
    ("timos-twist", "en-GB", {"target_score": 1, "timo_grace_ms": 0},
     lambda view: True, timo_move, "Who empties their hand first?"),
]


@pytest.mark.parametrize(("game", "locale", "options", "ballot_open", "move", "asked"), OTHERS,
                         ids=[other[0] for other in OTHERS])
def test_the_audience_of_the_other_games_votes_and_sees_the_results(
        browser: Browser, server: str, game: str, locale: str, options: dict[str, Any],
        ballot_open: Any, move: Any, asked: str) -> None:
    seats = sit(server, game, ["Ana", "Léa", "Cal", "Dan"], options)
    code = seats[0].code
    tv = Player(browser, server, "TV", locale=locale)
    tv.page.set_viewport_size(HD)
    tv.goto(f"/r/{code}/tv")
    tv.page.wait_for_selector(".tv-lobby")
    start(seats)
    play_until(seats, move, lambda: ballot_open(seats[0].view))
    fan = Player(browser, server, "Zoé", locale=locale)
    join_room(fan, code)
    fan.page.wait_for_selector(".audience[data-ballot]")
    assert fan.page.inner_text(".audience h2") == asked
    vote(fan, 0)
    screenshot(fan, f"audience-{game}-voted")
    tv.page.wait_for_selector(".tv-audience-count")
    look(tv, f"{game}-counts")
    play_until(seats, move, lambda: bool(seats[0].view["over"]), limit=2000)
    fan.page.wait_for_selector(".audience-results")
    tv.page.wait_for_selector(".tv-audience-results")
    screenshot(fan, f"audience-{game}-results")
    look(tv, f"{game}-results")
    no_vote_before_the_end(tv)
    for screen in (tv, fan):
        assert screen.errors == [], (screen.name, screen.errors)
        screen.close()
    for seat in seats:
        seat.close()


def test_a_spectator_who_voted_keeps_a_live_lobby_after_the_game(
        browser: Browser, server: str) -> None:
    """A spectator's phone votes in a game, the game ends, the host goes back to the lobby:
    the phone is still a voter there but has no ballot, and its lobby keeps drawing (a newcomer
    appears, "take a seat" seats her on her own screen), with no page error (the autouse watch
    in conftest.py fails the test on one)."""
    seats = sit(server, "timos-twist", ["Ana", "Léa"], {"target_score": 1, "timo_grace_ms": 0})
    code = seats[0].code
    start(seats)
    fan = Player(browser, server, "Zoé")
    join_room(fan, code)
    fan.page.wait_for_selector(".audience[data-ballot]")
    vote(fan, 0)
    play_until(seats, timo_move, lambda: bool(seats[0].view["over"]), limit=2000)
    fan.page.wait_for_selector(".audience-results")
    seats[0].lobby("play_again")
    newcomer = Seat(server, "Noé", code=code)
    fan.page.wait_for_selector(".lobby-grid :text('Noé')")
    fan.page.click("[data-key='sit']")
    fan.page.wait_for_selector("[data-key='sit']", state="detached")
    assert fan.page.evaluate("document.documentElement.dataset.drawErrors") is None
    assert fan.errors == []
    fan.close()
    for seat in [*seats, newcomer]:
        seat.close()
