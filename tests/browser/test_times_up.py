"""Time's Up in Chromium: four people play all three rounds (talk, one word, mime) through the UI:
the deal, Start, Found, a typed guess, a foul, a turn that runs out (beep and buzz), Pass and
Wrong, the read-back; the card in hand never reaches anyone but its cluegiver; a French browser
gets the French screens; a reload mid-turn carries on."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from .players import Player, create_room, join_room, screenshot, start_game, wait_for
from .secrets import assert_never_leaks, views_by_version


class Table:
    def __init__(self, people: list[Player]) -> None:
        self.people = people
        self.host = people[0]

    def view(self) -> dict[str, Any]:
        return self.host.view()

    def by_seat(self, seat: int) -> Player:
        return next(person for person in self.people if person.seat() == seat)

    def cluegiver(self) -> Player:
        return self.by_seat(self.view()["turn"]["cluegiver"])

    def timekeeper(self) -> Player:
        return self.by_seat(self.view()["turn"]["timekeeper"])

    def guesser(self) -> Player:
        return self.by_seat(self.view()["turn"]["guessers"][0])

    def wait(self, condition: Any, what: str, timeout: float = 20.0) -> Any:
        return wait_for(condition, self.host.page, timeout=timeout, what=what)

    def press(self, person: Player, selector: str) -> None:
        """Clicks, then waits until the person's own view moved on."""
        before = person.version()
        person.page.click(selector)
        self.wait(lambda: person.version() > before, f"{person.name}: {selector}")
        self.wait(lambda: all(p.version() == person.version() for p in self.people), "everyone")

    def start_turn(self) -> Player:
        self.wait(lambda: self.view()["phase"] == "waiting", "a turn to start")
        giver = self.cluegiver()
        self.press(giver, "button.start-turn")
        self.wait(lambda: giver.view()["card"] is not None, "the cluegiver's card")
        return giver

    def running(self) -> bool:
        return self.view()["phase"] == "running"

    def found_until_turn_ends(self, giver: Player) -> None:
        while self.running():
            self.press(giver, ".judge button.found")


def test_four_people_play_three_rounds_of_times_up(browser: Browser, server: str) -> None:
    dan = Player(browser, server, "Dan")
    eve = Player(browser, server, "Eve", locale="fr-FR")
    fay = Player(browser, server, "Fay")
    gus = Player(browser, server, "Gus")
    people = [dan, eve, fay, gus]
    tv = Player(browser, server, "TV")
    # French rules and names from an English browser (its default would be English).
    code = create_room(dan, "times-up", {"deck_size": 10, "turn_seconds": 10, "rules": "fr",
                                         "pack": "fr-personalities"})
    for person in people[1:]:
        join_room(person, code)
    dan.page.click("text=Shuffle teams now")
    wait_for(lambda: dan.room()["options"]["teams"], dan.page, what="teams")
    wait_for(lambda: dan.page.locator(".team-list").count() == 1, dan.page, what="team list")
    # Tap a player of team 1, then one of team 2: they swap.
    first, second = dan.room()["options"]["teams"]
    names = {seat["seat"]: seat["name"] for seat in dan.room()["seats"]}
    dan.page.click(f".team-list .member:text-is('{names[first[0]]}')")
    dan.page.click(f".team-list .member:text-is('{names[second[0]]}')")
    wait_for(lambda: dan.room()["options"]["teams"][0] != first, dan.page, what="the swapped teams")
    swapped = dan.room()["options"]["teams"]
    assert second[0] in swapped[0] and first[0] in swapped[1]
    screenshot(dan, "lobby-times-up")
    assert "Équipes" in eve.page.inner_text("body")  # French browser, French screen
    tv.goto(f"/r/{code}/tv")
    start_game(dan, people)
    table = Table(people)

    # The deal: each taps exactly two cards, then confirms.
    for person in people:
        wait_for(
            lambda person=person: person.page.locator(".deal button").count() > 2,
            person.page,
            what="cards",
        )
        buttons = person.page.locator(".deal button")
        buttons.nth(0).click()
        buttons.nth(1).click()
        if person is dan:
            screenshot(dan, "times-up-deal")
        table.press(person, "button.discard-go")

    # Round 1: a typed guess finds a card, then Found, then the timekeeper's foul ends the turn.
    giver = table.start_turn()
    name = giver.page.inner_text(".big-name")
    guesser, keeper = table.guesser(), table.timekeeper()
    assert name not in guesser.page.inner_text("body") and name not in tv.page.inner_text("body")
    screenshot(giver, "times-up-cluegiver")
    screenshot(guesser, "times-up-guesser")
    screenshot(keeper, "times-up-timekeeper")
    screenshot(tv, "tv-times-up")
    screenshot(eve, "times-up-turn-fr")
    guesser.page.fill("#tu-guess", name)
    table.press(guesser, ".guess-form button[type=submit]")
    assert any(g["right"] for g in table.view()["guesses"])
    table.press(giver, ".judge button.found")
    guesser.page.reload()
    wait_for(
        lambda: guesser.page.locator(".guess-form:not([hidden])").count() == 1,
        guesser.page,
        what="guess box back",
    )
    table.press(keeper, ".judge button.foul")
    assert table.view()["phase"] == "waiting"
    # The moves say it on the TV (its ticker: the last two) and on every phone (the whole log),
    # in each reader's language: the foul and the turn's recap with the cards found.
    logs = [(tv, ".tv-ticker", "Foul! The turn ends"),
            (eve, ".move-log", "Faute ! Le tour s'arrête")]
    for screen, where, foul in logs:
        wait_for(lambda screen=screen, where=where, foul=foul:
                 foul in screen.page.inner_text(where),
                 screen.page, what=f"the foul in {screen.name}'s moves")
    assert f"2 cards found: {name}, " in tv.page.inner_text(".tv-ticker")  # typed, then Found

    # The next turn runs out: every phone at the table beeps and buzzes.
    giver = table.start_turn()
    table.wait(lambda: not table.running(), "time up", timeout=20)
    for person in people:
        wait_for(
            lambda person=person: person.page.evaluate("window.__buzz.length") > 0,
            person.page,
            what="the buzz",
        )

    while table.view()["phase"] != "readback":
        table.found_until_turn_ends(table.start_turn())
    for person in people:
        wait_for(
            lambda person=person: person.page.locator("button.ready").count() == 1,
            person.page,
            what="read-back",
        )
    screenshot(fay, "times-up-readback")
    # The phone's head says the round being read back, not the next one (issue 24, item 3).
    assert "round 1 of 3" in fay.page.inner_text(".game-head").lower()
    read_back = [item.strip() for item in fay.page.locator(".readback li").all_inner_texts()]
    known = fay.view()["known"]
    assert sorted(read_back) == sorted(
        known[i]["name"] for t in fay.view()["history"][0] for i in t
    )
    assert len(read_back) == 10
    for person in people:
        table.press(person, "button.ready")

    # Round 2: pass one card, mark one wrong, then find the rest.
    assert table.view()["round"] == 2
    giver = table.start_turn()
    # A guess being typed survives the updates that arrive meanwhile.
    guesser = table.guesser()
    guesser.page.fill("#tu-guess", "half a na")
    guesser.page.focus("#tu-guess")
    table.press(giver, ".judge button.pass")
    assert guesser.page.evaluate("document.activeElement.id") == "tu-guess"
    assert guesser.page.input_value("#tu-guess") == "half a na"
    guesser.page.fill("#tu-guess", "")
    table.press(giver, ".judge button.wrong")
    screenshot(giver, "times-up-round2")
    table.found_until_turn_ends(giver)
    while table.view()["round"] == 2:
        table.found_until_turn_ends(table.start_turn())

    # Round 3, to the end.
    while not table.view()["over"]:
        table.found_until_turn_ends(table.start_turn())
    wait_for(lambda: dan.page.locator("text=Play again").count() == 1, dan.page, what="the end")
    screenshot(dan, "end-times-up")
    screenshot(eve, "end-times-up-fr")
    screenshot(tv, "tv-end-times-up")
    assert [len(team["round_scores"]) for team in table.view()["teams"]] == [3, 3]
    dan.page.click("text=Watch the replay")
    dan.page.wait_for_selector("#replay-step")
    for _ in range(12):
        dan.page.click("button[aria-label='Next step']")
    dan.page.wait_for_selector(".tu-main")
    assert dan.page.locator(".judge button, .guess-form:not([hidden])").count() == 0
    screenshot(dan, "replay-times-up")

    # Secrets: the card in hand reached only its cluegiver; the deal only its owner.
    def in_hand(view: dict[str, Any]) -> list[str]:
        card = view.get("card")
        return [card["id"], card["name"]] if card and view["round"] == 1 else []

    def dealt(view: dict[str, Any]) -> list[str]:
        own = view.get("own") or {}
        return [card["id"] for card in own.get("cards", []) + own.get("discarded", [])]

    checked = 0
    for owner in people:
        others = [other for other in (*people, tv) if other is not owner]
        checked += assert_never_leaks(owner, others, in_hand)
        checked += assert_never_leaks(owner, others, dealt)
        seat = owner.seat()
        for view in views_by_version(owner).values():
            if view.get("card") is not None:
                assert view["turn"]["cluegiver"] == seat
    assert checked > 100
    assert all(view.get("card") is None for view in views_by_version(tv).values())
    for person in (*people, tv):
        assert person.errors == [], person.errors
        person.close()


def test_players_write_the_deck_and_their_names_stay_theirs(browser: Browser, server: str) -> None:
    people = [Player(browser, server, name) for name in ("Max", "Nia", "Oli", "Pia")]
    options = {"pack": "players", "names_per_player": 2, "rules": "en"}
    code = create_room(people[0], "times-up", options)
    for person in people[1:]:
        join_room(person, code)
    start_game(people[0], people)
    table = Table(people)
    written = {
        "Max": ["<i>Zorro</i>", "Marie Curie"],
        "Nia": ["Napoléon", "Cléopâtre"],
        "Oli": ["Mozart", "Frida Kahlo"],
        "Pia": ["Gandhi", "Ada Lovelace"],
    }
    for person in people:
        person.page.wait_for_selector("#tu-write-1")
        for index, name in enumerate(written[person.name]):
            person.page.fill(f"#tu-write-{index}", name)
        if person is people[0]:
            screenshot(person, "times-up-write")
        table.press(person, ".tu-main form button[type=submit]")

    giver = table.start_turn()
    shown = giver.page.inner_text(".big-name")
    assert shown in [name for names in written.values() for name in names]
    assert giver.page.locator(".big-name i").count() == 0

    def own_names(view: dict[str, Any]) -> list[str]:
        own = view.get("own") or {}
        return [card["name"] for card in own.get("cards", [])]

    def in_hand(view: dict[str, Any]) -> list[str]:
        return [view["card"]["name"]] if view.get("card") else []

    # English rules: the team that empties the deck with time left carries it into round 2.
    seen = set()
    while table.view()["round"] == 1 or table.view()["phase"] != "waiting":
        phase = table.view()["phase"]
        seen.add(phase)
        if phase == "running":
            table.press(table.cluegiver(), ".judge button.found")
        elif phase == "round_won":
            decider = table.by_seat(table.view()["turn"]["deciders"][0])
            screenshot(decider, "times-up-round-won")
            table.press(decider, "button.carry-on")
        elif phase == "readback":
            for person in people:
                if person.seat() not in table.view()["done"]:
                    table.press(person, "button.ready")
        else:
            table.start_turn()
    assert {"round_won", "readback"} <= seen
    assert table.view()["clock"]["time_left_ms"] > 0

    checked = 0
    for owner in people:
        others = [other for other in people if other is not owner]
        checked += assert_never_leaks(owner, others, own_names)
        checked += assert_never_leaks(owner, others, in_hand)
    assert checked > 20
    for person in people:
        assert person.errors == [], person.errors
        person.close()


def discard_two_each(table: Table) -> None:
    for person in table.people:
        wait_for(lambda person=person: person.page.locator(".deal button").count() > 2,
                 person.page, what="cards")
        buttons = person.page.locator(".deal button")
        buttons.nth(0).click()
        buttons.nth(1).click()
        table.press(person, "button.discard-go")


def test_the_cluegiver_overrules_typed_verdicts_and_the_card_shows_the_rule_sets_constraint(
        browser: Browser, server: str) -> None:
    """English rules on the French word pack: the round card says what the en sheet allows
    (rhymes, singing, pointing), in each reader's own language. A typed guess the game
    refused is counted by the cluegiver's "Count it"; a right one is taken back, the deck's
    last card's too."""
    people = [Player(browser, server, "Ida"), Player(browser, server, "Jo", locale="fr-FR"),
              Player(browser, server, "Kim"), Player(browser, server, "Lou")]
    options = {"rules": "en", "pack": "fr-words", "deck_size": 10, "turn_seconds": 120}
    code = create_room(people[0], "times-up", options)
    for person in people[1:]:
        join_room(person, code)
    start_game(people[0], people)
    table = Table(people)
    discard_two_each(table)

    giver = table.start_turn()
    guesser = table.guesser()
    english = next(p for p in people if p.name != "Jo").page.inner_text(".constraint")
    french = table.by_seat(people[1].seat()).page.inner_text(".constraint")
    assert "rhymes" in english and "sing" in english and "point" in english
    assert "rime" in french and "chanter" in french and "traduction" not in french

    name = giver.page.inner_text(".big-name")
    guesser.page.fill("#tu-guess", "le truc là")
    table.press(guesser, ".guess-form button[type=submit]")
    assert giver.page.inner_text(".big-name") == name  # refused: still the same card
    assert guesser.page.locator("button.overrule").count() == 0  # the cluegiver's call only
    table.press(giver, "button.overrule.count-it")
    assert table.view()["teams"][table.view()["turn"]["team"]]["score"] == 1
    assert table.view()["guesses"][0] == {"index": 0, "seat": guesser.seat(),
                                          "text": "le truc là",
                                          "right": True, "overruled": True}
    assert giver.page.locator("button.overrule.count-it").count() == 0  # once only

    second = giver.page.inner_text(".big-name")
    assert second != name
    guesser.page.fill("#tu-guess", second)
    table.press(guesser, ".guess-form button[type=submit]")
    assert table.view()["teams"][table.view()["turn"]["team"]]["score"] == 2
    table.press(giver, "button.overrule.take-back")
    assert table.view()["teams"][table.view()["turn"]["team"]]["score"] == 1
    table.wait(lambda: giver.page.inner_text(".big-name") == second, "the card back in hand")
    screenshot(giver, "times-up-overrule")

    # The deck's last card (issue 19, item 3): a typed verdict on it waits for the cluegiver.
    while table.view()["deck_count"] > 0:
        table.press(giver, ".judge button.found")
    last = giver.page.inner_text(".big-name")
    guesser.page.fill("#tu-guess", last)
    table.press(guesser, ".guess-form button[type=submit]")
    assert table.view()["phase"] == "last_card" and table.view()["round"] == 1
    assert guesser.page.locator("button.confirm, button.overrule").count() == 0
    table.press(giver, "button.overrule.take-back")  # the checker was wrong: play on
    table.wait(lambda: giver.page.inner_text(".big-name") == last, "the last card in hand")
    guesser.page.fill("#tu-guess", last)
    table.press(guesser, ".guess-form button[type=submit]")
    table.press(giver, "button.confirm")
    table.wait(lambda: table.view()["phase"] == "round_won", "the round won, time left (en)")
    for person in people:
        assert person.errors == [], person.errors
        person.close()


def test_with_a_floater_the_end_screen_crowns_the_best_team_not_the_floaters_last_one(
        browser: Browser, server: str) -> None:
    """docs/rulings.md, winners with a floater: team 1 wins round 1 (with the floater), team 2
    rounds 2 (with the floater) and 3: teams 10 and 20, the floater 20. The best team wins and
    the floater beside it; team 1, where the floater sat last, is not highlighted."""
    people = [Player(browser, server, name) for name in ("Ana", "Ben", "Cyd", "Dee", "Eli")]
    code = create_room(people[0], "times-up",
                       {"deck_size": 10, "turn_seconds": 120, "pack": "en-words",
                        "rules": "fr"})
    for person in people[1:]:
        join_room(person, code)
    start_game(people[0], people)
    table = Table(people)
    discard_two_each(table)
    floater = table.view()["floater"]["seat"]

    table.found_until_turn_ends(table.start_turn())  # round 1: team 1 and the floater
    for person in people:
        table.press(person, "button.ready")
    table.found_until_turn_ends(table.start_turn())  # round 2: team 2 and the floater
    giver = table.start_turn()  # round 3: team 1 and the floater pass every card
    while table.running():
        table.press(giver, ".judge button.pass")
    table.found_until_turn_ends(table.start_turn())  # then team 2 finds them all

    host = people[0]
    wait_for(lambda: host.page.locator("text=Play again").count() == 1, host.page, what="end")
    outcome = table.view()["outcome"]
    assert outcome["team_scores"] == [10, 20]
    assert outcome["floater_score"] == 20 and outcome["winning_teams"] == [1]
    names = {seat["seat"]: seat["name"] for seat in host.room()["seats"]}
    team1, team2 = table.view()["teams"]
    rows = host.page.locator("tr.winner")
    assert rows.count() == 1
    row = rows.inner_text()
    assert all(names[seat] in row for seat in team2["members"] if seat != floater)
    assert not any(names[seat] in row for seat in team1["members"])
    assert host.page.locator("p.floater-score.winner").count() == 1
    # The end stats count the typed verdicts overruled: none in a game without typed guesses.
    assert host.page.inner_text("p.overrules") == "Typed verdicts overruled by the cluegivers: 0"
    status = host.page.inner_text(".status")
    assert names[floater] in status
    assert not any(names[seat] in status for seat in team1["members"] if seat != floater)
    screenshot(host, "end-times-up-floater")
    for person in people:
        assert person.errors == [], person.errors
        person.close()
