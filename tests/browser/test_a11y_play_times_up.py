"""A round of Time's Up played to its end by ear, in both languages: a player creates the room
and plays through the accessibility tree alone (roles, names, labels), the three other seats
over the protocol. They write their names through the form's labels, hear "you give the clues
next" when their turn comes, start the clock and mark every card Found until the deck is empty;
the live region says each card found in the game's words, the round's end with its scores, and
the read-back that follows."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .players import wait_for
from .screenreader import Words, create_by_ear, hear, keep, listen, listener, said, visible
from .table import Seat

ME = "Ida"
OTHERS = ["Jon", "Kim", "Lou"]


def tap_if_still_there(control: Locator) -> bool:
    """Taps `control` if it is enabled; False when a redraw took it away first (the page
    moves on while the test looks)."""
    try:
        if control.is_enabled(timeout=1000):
            control.click(timeout=2000)
            return True
    except PlaywrightTimeoutError:
        pass
    return False


def drive(seats: list[Seat]) -> None:
    """The other seats write their names and read back; until Ida gives the clues, a turn of
    theirs is started by its cluegiver and ended at once by its timekeeper's foul."""
    for seat in seats:
        seat.pump(0.01)
        view = seat.view
        if not view or view["over"]:
            continue
        legal = {action["type"] for action in view["legal"]}
        giver = (view.get("turn") or {}).get("cluegiver")
        if "write" in legal:
            seat.act({"type": "write", "names": [f"{seat.name} one", f"{seat.name} two"]})
        elif "ready" in legal:
            seat.act({"type": "ready"})
        elif "start" in legal and giver == seat.seat:
            seat.act({"type": "start"})
        elif "foul" in legal and giver not in (0, seat.seat):
            # the timekeeper's foul only: the cluegiver may call one too, and the second of two
            # sent at once is refused (the turn is over)
            seat.act({"type": "foul"})


def until(page: Page, seats: list[Seat], condition: Any, what: str, timeout: float = 60) -> None:
    def step() -> Any:
        drive(seats)
        return condition()

    wait_for(step, page, timeout=timeout, what=what)


def guesses_heard(page: Page, seats: list[Seat], words: Words) -> str:
    """Ida gives the clues: her teammate types a wrong guess, then the card she holds (read
    from her screen's ARIA snapshot, as if heard from her clues). Each guess is said with the
    verdict her guess list shows, then the card found; returns the card's name."""
    held = re.compile(rf"- paragraph: {re.escape(words('tu.your_card'))}\n\s*- paragraph: (.+)")
    card = wait_for(lambda: held.search(page.locator("body").aria_snapshot()), page,
                    timeout=60, what="the card Ida holds")
    def guesser() -> Seat | None:
        for seat in seats:
            seat.pump(0.01)
            if seat.view and any(action["type"] == "guess" for action in seat.view["legal"]):
                return seat
        return None

    mate = wait_for(guesser, page, timeout=60, what="Ida's teammate to guess")
    before = len(said(page))
    mate.act({"type": "guess", "text": "zebra"})
    wrong = words("moves.tu.guess", name=mate.name, text="zebra", verdict=words("tu.not_it"))
    at = hear(page, re.compile(f"^{re.escape(wrong)}$"), after=before)
    guesses = page.get_by_role("list", name=words("tu.guesses"))
    expect(guesses.get_by_role("listitem").filter(has_text="zebra")).to_contain_text(words("tu.not_it"))
    mate.act({"type": "guess", "text": card[1]})
    right = words("moves.tu.guess", name=mate.name, text=card[1], verdict=words("tu.right"))
    at = hear(page, re.compile(f"^{re.escape(right)}$"), after=at + 1)
    hear(page, words.pattern("moves.tu.card_found", card=card[1]), after=at + 1)
    return card[1]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_round_of_times_up_played_by_ear(browser: Browser, server: str, lang: str) -> None:
    words = Words(lang)
    ida = listener(browser, server, ME, lang)
    page = ida.page
    create_by_ear(ida, words, "times-up", "Time's Up", {
        "pack": words("opt.times-up.pack.players"), "names_per_player": "2", "turn_seconds": "120"})
    # (the others come once Ida's lobby is drawn: the page says who comes after it, not who
    # was there)
    expect(page.get_by_text(words.pattern("lobby.players_range", n=1))).to_be_visible()
    seats = [Seat(server, name, code=ida.code()) for name in OTHERS]
    expect(page.get_by_text(words.pattern("lobby.players_range", n=4))).to_be_visible()
    for name in OTHERS:  # each said by name as they come to the lobby
        hear(page, words.pattern("announce.joined", name=name))
    page.get_by_role("button", name=words("lobby.start")).click()

    # Writing: the form's labels, the first field focused.
    first = page.get_by_label(words("tu.name_n", n=1), exact=True)
    expect(first).to_be_focused(timeout=20_000)
    first.fill("Ada Lovelace")
    page.get_by_label(words("tu.name_n", n=2), exact=True).fill("Alan Turing")
    page.get_by_role("button", name=words("tu.write_go")).click()
    hear(page, words.pattern("tu.phase.write"))

    # Until the clues are Ida's: when she keeps the time, she calls a foul (a turn of the other
    # team ends at once); then "you give the clues next" is said, the focus on Start.
    start = page.get_by_role("button", name=words("tu.start"))
    foul = page.get_by_role("button", name=words("tu.foul"), exact=True)
    giving = words.pattern("tu.you_give_next")
    deadline = time.monotonic() + 120
    while not (said(page) and giving.search(said(page)[-1]) and visible(start)):
        assert time.monotonic() < deadline, said(page)
        drive(seats)
        if visible(foul) and foul.is_enabled():
            before = len(said(page))
            foul.click()
            hear(page, words.pattern("moves.tu.foul"), after=before)
        page.wait_for_timeout(50)
    expect(start).to_be_focused(timeout=20_000)
    start.click()
    found = page.get_by_role("button", name=words("tu.found"), exact=True)
    guessed = guesses_heard(page, seats, words)
    over = words.pattern("moves.tu.round_ended", n=1)
    finds = 0
    while not any(over.search(line) for line in said(page)):
        if visible(found) and found.is_enabled():
            before = len(said(page))
            found.click()
            hear(page, words.pattern("moves.tu.card_found"), after=before)
            finds += 1
        else:
            until(page, seats, lambda: (visible(found) and found.is_enabled())
                  or any(over.search(line) for line in said(page)), "the next card")
    assert finds >= 1, finds
    # The English rules ask whether the time left carries on (said, the focus on Continue).
    carry_on = page.get_by_role("button", name=words("tu.continue"))
    readback = words.pattern("tu.phase.readback")
    until(page, seats,
          lambda: visible(carry_on) or any(readback.search(line) for line in said(page)),
          "the read-back or the choice to carry on")
    if visible(carry_on):
        hear(page, words.pattern("tu.phase.round_won"))
        expect(carry_on).to_be_focused(timeout=20_000)
        carry_on.click()
    hear(page, readback)
    lines = said(page)
    keep(f"times-up-{lang}", lines)
    # Each card found is said once, by its name (a card Ida wrote among them), the one her
    # teammate typed too.
    found_lines = [line for line in lines if words.pattern("moves.tu.card_found").search(line)]
    assert len(found_lines) == finds + 1, lines
    assert found_lines[0].endswith(guessed), lines
    assert any(line.endswith(("Ada Lovelace", "Alan Turing")) for line in found_lines), lines
    assert any(over.search(line) for line in lines)
    # Ida's team's row in the scores says so in words, not by its look alone.
    seats[0].pump(0.1)
    team = next(index for index, one in enumerate(seats[0].view["teams"]) if 0 in one["members"])
    scores = page.get_by_role("region", name=words("tu.scores"))
    ours = scores.get_by_role("row", name=re.compile(re.escape(words("tu.your_team"))))
    expect(ours).to_have_count(1)
    named = re.escape(words("teams.team", n=team + 1))
    expect(ours).to_have_accessible_name(re.compile(f"^{named}\\b"))
    # Round 2 (a pass allowed, a foul costs only the card): once read back, the others' turns
    # are fouled card by card by their timekeeper, until Ida gives the clues and passes one.
    # Each card set aside is said with why, as the move log shows it.
    page.get_by_role("button", name=words("tu.ready")).click()
    passing = page.get_by_role("button", name=words("tu.pass"), exact=True)
    passed = words.pattern("moves.tu.card_set_aside.pass")
    deadline = time.monotonic() + 120
    while not any(passed.search(line) for line in said(page)):
        assert time.monotonic() < deadline, said(page)[-8:]
        drive(seats)
        for control in (start, passing, foul):
            if visible(control) and tap_if_still_there(control):
                break
        page.wait_for_timeout(50)
    # Every card set aside is said, each in its own line (several in a row say the same words).
    seats[0].pump(0.1)
    aside = sum(event["type"] == "card_set_aside" for event in seats[0].events)
    reasons = [words.pattern(f"moves.tu.card_set_aside.{why}") for why in ("pass", "foul", "wrong")]

    def set_aside(lines: list[str]) -> int:
        return sum(any(why.search(line) for why in reasons) for line in lines)

    listen(page, lambda: set_aside(said(page)) >= aside, 30, "each card set aside said")
    lines = said(page)
    keep(f"times-up-{lang}", lines)
    assert set_aside(lines) == aside, lines
    assert not any(line == words("moves.tu.card_set_aside") for line in lines), lines
    assert ida.errors == []
    ida.close()
    for seat in seats:
        seat.close()
