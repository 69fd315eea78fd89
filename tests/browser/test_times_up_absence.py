"""Time's Up in Chromium when a cluegiver's phone goes (issue 19, item 1): four phones and a TV;
the cluegiver closes the tab while the turn waits, then another while a turn runs. A card is won
only when the guessers say the name, so nobody plays for them: the turn passes to their
teammate (docs/rulings.md, "Gone players"); the TV and the phones say whose turn it is now, and
the score does not move."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from .conftest import ServerProcess
from .players import Player, create_room, join_room, screenshot, start_game, wait_for

GONE_AFTER_S = 5
GIVES = "gives the clues for team"  # the notice of a turn passed on (en catalog)


@pytest.fixture
def quick_server(tmp_path: Path) -> Iterator[str]:
    """A server of its own where a player counts as gone after a few seconds."""
    running = ServerProcess(tmp_path, extra=("--gone-after-s", str(GONE_AFTER_S)))
    running.start()
    try:
        yield running.url
    finally:
        running.stop()


class Table:
    def __init__(self, people: list[Player], tv: Player) -> None:
        self.people = people
        self.tv = tv

    def present(self) -> list[Player]:
        return [person for person in self.people if not person.page.is_closed()]

    def view(self) -> dict[str, Any]:
        view = self.tv.view()
        assert view is not None
        return view

    def by_seat(self, seat: int) -> Player:
        return next(person for person in self.people if person.seat() == seat)

    def wait(self, condition: Callable[[], Any], what: str, timeout: float = 20.0) -> Any:
        return wait_for(condition, self.tv.page, timeout=timeout, what=what)

    def press(self, person: Player, selector: str) -> None:
        before = self.tv.version()
        person.page.click(selector)
        self.wait(lambda: self.tv.version() > before, f"{person.name}: {selector}")

    def scores(self) -> list[int]:
        return [team["score"] for team in self.view()["teams"]]

    def gone(self, person: Player) -> None:
        """`person` closes the tab; every screen left hears they are gone."""
        person.page.close()
        for screen in [*self.present(), self.tv]:
            note = f".table-bar .presence[data-presence=gone]:has-text('{person.name}')"
            wait_for(lambda screen=screen, note=note: screen.page.locator(note).count(),
                     screen.page, timeout=GONE_AFTER_S + 20, what=f"{person.name} gone")

    def shows_turn_of(self, giver: Player, team: int) -> None:
        """The TV and every phone left show `giver` giving the clues now, and why."""
        self.wait(lambda: self.view()["turn"]["cluegiver"] == giver.seat(), "the turn passed")
        line = f"Team {team + 1}: {giver.name} gives the clues"
        for screen in [*self.present(), self.tv]:
            wait_for(lambda screen=screen: GIVES in screen.page.inner_text(".absence-note")
                     and line in screen.page.inner_text("body"), screen.page,
                     what=f"{screen.name} shows {giver.name}'s turn")


def test_a_gone_cluegivers_turn_passes_to_their_teammate_while_waiting_and_running(
    browser: Browser, quick_server: str
) -> None:
    people = [Player(browser, quick_server, name) for name in ("Ana", "Ben", "Cid", "Dee")]
    tv = Player(browser, quick_server, "TV")
    code = create_room(people[0], "times-up", {"deck_size": 10, "turn_seconds": 60,
                                               "rules": "fr", "pack": "fr-personalities"})
    for person in people[1:]:
        join_room(person, code)
    assert people[0].page.locator("text=Add a bot").count() == 0  # no bot plays Time's Up
    tv.goto(f"/r/{code}/tv")
    start_game(people[0], people)
    table = Table(people, tv)
    for person in people:
        wait_for(lambda person=person: person.page.locator(".deal button").count() > 2,
                 person.page, what=f"{person.name}'s cards")
        buttons = person.page.locator(".deal button")
        buttons.nth(0).click()
        buttons.nth(1).click()
        table.press(person, "button.discard-go")
    table.wait(lambda: table.view()["phase"] == "waiting", "the first turn")

    # While the turn waits: its cluegiver goes, their teammate gives the clues.
    view = table.view()
    first_team = view["turn"]["team"]
    giver = table.by_seat(view["turn"]["cluegiver"])
    mate = table.by_seat(view["turn"]["guessers"][0])
    table.gone(giver)
    table.shows_turn_of(mate, first_team)
    assert table.scores() == [0, 0] and table.view()["phase"] == "waiting"
    screenshot(tv, "tv-times-up-turn-passed-waiting")
    screenshot(mate, "times-up-turn-passed-waiting")

    # The teammate plays the turn: one card found, then the timekeeper's foul ends it.
    table.press(mate, "button.start-turn")
    table.press(mate, ".judge button.found")
    keeper = table.by_seat(table.view()["turn"]["timekeeper"])
    table.press(keeper, ".judge button.foul")
    table.wait(lambda: table.view()["phase"] == "waiting", "the other team's turn")

    # While a turn runs: its cluegiver goes; the teammate takes the card and the clock on.
    view = table.view()
    second_team = view["turn"]["team"]
    giver = table.by_seat(view["turn"]["cluegiver"])
    mate = table.by_seat(view["turn"]["guessers"][0])
    table.press(giver, "button.start-turn")
    scores = table.scores()
    assert scores == ([1, 0] if first_team == 0 else [0, 1])
    deadline = table.view()["clock"]["deadline_ms"]
    table.gone(giver)
    table.shows_turn_of(mate, second_team)
    wait_for(lambda: mate.page.locator(".big-name").count() == 1, mate.page,
             what="the card in the teammate's hands")
    view = table.view()
    assert view["phase"] == "running" and view["clock"]["deadline_ms"] == deadline
    assert table.scores() == scores
    screenshot(tv, "tv-times-up-turn-passed-running")
    screenshot(mate, "times-up-turn-passed-running")
    for person in people:
        assert person.errors == []
