"""Timo's Twist in Chromium: two people play a whole game through the UI (black cards with the
colour picker, TIMO called with the play, one TIMO forgotten and caught); hands stay private;
a reload mid-game carries on; every screen is screenshotted at phone and desktop size."""

from __future__ import annotations

from playwright.sync_api import Browser

from .players import Player, create_room, join_room, screenshot, start_game, wait_for
from .secrets import assert_never_leaks


def play_one_turn(player: Player, call_timo: bool = True) -> None:
    """Whatever the seat must do now, done through its buttons: a lifted card (black ones first,
    through the colour picker; TIMO armed before the second-last one unless told not to), else
    draw, else pass."""
    view = player.view()
    before = player.version()
    legal = view["legal"]
    plays = [a for a in legal if a["type"] == "play"]
    page = player.page
    if plays:
        black = [a for a in plays if "color" in a]
        card = (black or plays)[0]["card"]
        if call_timo and any(a.get("timo") for a in plays):
            page.click("button.timo-button[aria-pressed=false]")
        page.click(f'.hand button.card.playable[data-card="{card}"]')
        if card in ("joker", "plus4"):
            page.click(".colour-picker button.card-colour.green")
    elif any(a["type"] == "draw" for a in legal):
        page.click("text=/^(Draw|Take \\d+ cards)$/")
    else:
        page.click("text=Pass")
    wait_for(lambda: player.version() > before, page, what=f"{player.name}'s move")


def catch_if_you_can(player: Player, caught: Player) -> bool:
    legal = player.view()["legal"]
    if not any(action["type"] == "catch" for action in legal):
        return False
    held = len(caught.view()["hand"])
    before = player.version()
    player.page.click(f"button.catch[aria-label*='{caught.name}']")
    wait_for(lambda: player.version() > before, player.page, what="the catch")
    wait_for(lambda: len(caught.view()["hand"]) == held + 2, caught.page, what="two cards drawn")
    return True


def test_two_people_play_timos_twist_to_the_end(browser: Browser, server: str) -> None:
    ana = Player(browser, server, "Ana")
    bea = Player(browser, server, "Bea")
    tv = Player(browser, server, "TV")
    people = [ana, bea]
    # A long catch window: the forgotten TIMO below is caught before anyone may play on.
    code = create_room(ana, "timos-twist", {"target_score": 1, "timo_grace_ms": 5000})
    join_room(bea, code)
    screenshot(ana, "lobby-timos-twist")
    tv.goto(f"/r/{code}/tv")
    start_game(ana, people)
    wait_for(lambda: tv.view() is not None, tv.page, what="the TV's view")

    moves = 0
    reloaded = False
    shot = False
    forgot: Player | None = None
    caught = False
    while not ana.view()["over"]:
        for person in people:
            other = bea if person is ana else ana
            if forgot is other and not caught:
                caught = catch_if_you_can(person, other)
            view = person.view()
            if not view["over"] and view["turn"] == view["seat"]:
                if moves >= 4 and not shot:
                    screenshot(person, "timos-twist-hand")
                    screenshot(tv, "tv-timos-twist")
                    shot = True
                timo_now = any(a.get("timo") for a in view["legal"])
                if timo_now and forgot is None:
                    forgot = person
                    play_one_turn(person, call_timo=False)
                    screenshot(other, "timos-twist-catch")
                else:
                    play_one_turn(person)
                moves += 1
        if moves >= 6 and not reloaded:
            bea.page.reload()
            bea.page.wait_for_selector("#conn.online")
            bea.page.wait_for_selector(".hand")
            reloaded = True
        ana.page.wait_for_timeout(25)
        assert moves < 400, "the game never ended"

    assert caught, "the forgotten TIMO was caught"
    assert reloaded and moves > 0
    final = ana.view()
    assert final["outcome"]["winners"], final["outcome"]
    wait_for(
        lambda: ana.page.locator("text=Play again").count() == 1, ana.page, what="the end screen"
    )
    # The scores, then the game's figures (rounds won, best round).
    assert ana.page.locator("table.scores").count() == 2
    assert ana.page.locator(".summary .stats").count() == 1
    screenshot(ana, "end-timos-twist")
    screenshot(bea, "end-timos-twist-guest")

    def hand(view: dict) -> list[str]:
        return view["hand"] or []

    # At the end of a round the hands are laid down and counted: that event is public.
    checked = sum(
        assert_never_leaks(
            owner,
            [other for other in (*people, tv) if other is not owner],
            hand,
            public=frozenset({"round_over"}),
        )
        for owner in people
    )
    assert checked > 100

    # Play again: back to the lobby, same seats.
    ana.page.click("text=Play again")
    bea.page.wait_for_selector("text=Ana starts the game when everyone is here.")
    assert [seat["name"] for seat in bea.room()["seats"]] == ["Ana", "Bea"]
    for person in (*people, tv):
        assert person.errors == [], person.errors
        person.close()
