"""A double tap on "found" in Chromium (issue 39, item 5): the cluegiver's phone sends one
`found`, naming the view it answers (`seen`), and its marks wait for the next view; one card is
won, never the one drawn after it that nobody saw."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser

from .players import Player, create_room, join_room, start_game, wait_for
from .test_times_up import Table


def test_a_double_tap_on_found_wins_one_card(browser: Browser, server: str) -> None:
    people = [Player(browser, server, name) for name in ("Ida", "Jon", "Kim", "Lou")]
    sent: dict[str, list[dict[str, Any]]] = {person.name: [] for person in people}
    for person in people:
        person.page.on("websocket", lambda socket, name=person.name: socket.on(
            "framesent", lambda payload: sent[name].append(json.loads(payload))))
    code = create_room(people[0], "times-up", {"pack": "players", "names_per_player": 2,
                                              "turn_seconds": 120})
    for person in people[1:]:
        join_room(person, code)
    start_game(people[0], people)
    table = Table(people)
    for number, person in enumerate(people):
        person.page.wait_for_selector("#tu-write-1")
        for index in range(2):
            person.page.fill(f"#tu-write-{index}", f"Name {number} {index}")
        table.press(person, ".tu-main form button[type=submit]")
    giver = table.start_turn()
    team = table.view()["turn"]["team"]
    before = giver.version()
    wait_for(lambda: giver.page.locator(".judge button.found:not([disabled])").count() == 1,
             giver.page, what="the found button")
    giver.page.dblclick(".judge button.found")
    table.wait(lambda: giver.version() > before, "the first found")
    founds = [m for m in sent[giver.name]
              if m.get("type") == "action" and m["action"]["type"] == "found"]
    assert len(founds) == 1, founds
    assert founds[0]["seen"] == before
    table.wait(lambda: all(p.version() == giver.version() for p in people), "everyone")
    assert len(table.view()["teams"][team]["found"]) == 1
    # The next view brings the button back: the next card can be marked.
    table.press(giver, ".judge button.found:not([disabled])")
    assert len(table.view()["teams"][team]["found"]) == 2
    for person in people:
        assert person.errors == [], person.errors
        person.close()
