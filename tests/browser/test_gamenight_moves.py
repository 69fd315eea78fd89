"""The move log, in Chromium: every phone and the TV show the same public moves in words, from
the round's first card on: plays, and a forgotten TIMO caught ("Bea was caught by Ana")."""

from __future__ import annotations

from playwright.sync_api import Browser

from .gamenight import tv_player
from .players import Player, create_room, join_room, screenshot, start_game, wait_for
from .test_timos_twist import catch_if_you_can, play_one_turn


def log_of(player: Player) -> str:
    """A phone's move log, or the TV's ticker (the latest move, in one big line)."""
    box = player.page.locator(".move-log, .tv-ticker")
    return box.first.inner_text() if box.count() else ""


def top_line(player: Player) -> str:
    return player.page.inner_text(".last-move")


def shows_everywhere(screens: list[Player], text: str) -> None:
    for screen in screens:
        wait_for(lambda screen=screen: text in log_of(screen), screen.page,
                 what=f"{text!r} in {screen.name}'s move log")


def test_every_screen_logs_the_first_card_the_plays_and_a_catch(
    browser: Browser, server: str
) -> None:
    ana = Player(browser, server, "Ana")
    bea = Player(browser, server, "Bea")
    tv = tv_player(browser, server)
    code = create_room(ana, "timos-twist", {"target_score": 500, "timo_grace_ms": 5000})
    join_room(bea, code)
    tv.goto(f"/r/{code}/tv")
    start_game(ana, [ana, bea])
    wait_for(lambda: tv.view() is not None, tv.page, what="the TV's view")
    screens = [ana, bea, tv]
    shows_everywhere(screens, "Round 1: the first card is")

    forgot: Player | None = None
    for _ in range(300):
        for person in (ana, bea):
            other = bea if person is ana else ana
            if forgot is other and catch_if_you_can(person, other):
                caught = f"{other.name} was caught by {person.name}: +2 cards"
                shows_everywhere(screens, caught)
                # The phones also say it at the top, above the game.
                for phone in (ana, bea):
                    wait_for(lambda phone=phone, line=caught: top_line(phone) == line,
                             phone.page, what=f"the catch at the top of {phone.name}'s phone")
                screenshot(person, "gamenight-moves-catch")
                screenshot(tv, "gamenight-tv-moves-catch")
                for screen in screens:
                    assert screen.errors == [], screen.errors
                    screen.close()
                return
            view = person.view()
            if view["over"] or view["turn"] != view["seat"]:
                continue
            timo_now = any(action.get("timo") for action in view["legal"])
            played = [a["card"] for a in view["legal"] if a["type"] == "play"]
            if timo_now and forgot is None:
                forgot = person
                play_one_turn(person, call_timo=False)
            else:
                play_one_turn(person)
            if played and person.view()["hand_sizes"][view["seat"]] < len(view["hand"]):
                shows_everywhere(screens, f"{person.name} played")
        ana.page.wait_for_timeout(25)
    raise AssertionError("no TIMO was forgotten and caught")
