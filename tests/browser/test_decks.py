"""Decks people share in Chromium (issue 25, item 3): four people on phones (English and French)
and a TV play Time's Up on names they write; the host saves them at the end and gets a code, a
QR and the JSON file; in another room, hosted in French, the host loads that code and the game
deals from that deck, and no phone nor the TV receives a name of it before it is dealt. The
deck's page /d/CODE in both languages; a pasted list and an imported JSON file become decks in
the lobby. Screenshots of every screen these add."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser

from .players import SHOTS_DIR, Player, create_room, join_room, screenshot, start_game, wait_for
from .secrets import assert_never_leaks
from .test_times_up import Table

WRITTEN = {
    "Max": ["Marie Curie", "Zorro", "Cléopâtre"],
    "Nia": ["Napoléon", "Mozart", "Frida Kahlo"],
    "Oli": ["Gandhi", "Ada Lovelace", "Tonton Jacques"],
    "Pia": ["Jules Verne", "Coco Chanel", "Louis Pasteur"],
}
ALL_NAMES = [name for names in WRITTEN.values() for name in names]


def open_tv(browser: Browser, server: str, code: str, lang: str) -> Player:
    tv = Player(browser, server, "TV")
    tv.page.set_viewport_size({"width": 1920, "height": 1080})
    tv.goto(f"/r/{code}/tv?lang={lang}")
    wait_for(lambda: tv.room() is not None, tv.page, what="the TV in the room")
    return tv


def tv_shot(tv: Player, name: str) -> None:
    tv.page.wait_for_timeout(100)
    tv.page.screenshot(path=str(SHOTS_DIR / f"{name}-1920x1080.png"))


def play_to_the_end(table: Table) -> None:
    """Every turn finds every card: the game runs through its three rounds (English rules)."""
    while not table.view()["over"]:
        phase = table.view()["phase"]
        if phase == "running":
            table.press(table.cluegiver(), ".judge button.found")
        elif phase == "round_won":
            table.press(table.by_seat(table.view()["turn"]["deciders"][0]), "button.carry-on")
        elif phase == "readback":
            for person in table.people:
                if person.seat() not in table.view()["done"]:
                    table.press(person, "button.ready")
        else:
            table.start_turn()


def names_in(frames: list[str]) -> set[str]:
    return {name for name in ALL_NAMES for frame in frames
            if json.dumps(name, ensure_ascii=False) in frame}


def test_a_deck_written_in_one_room_is_loaded_by_code_in_another(browser: Browser,
                                                                  server: str) -> None:
    # Room A: the names are written, played, then saved by the host (English).
    people = [Player(browser, server, "Max"), Player(browser, server, "Nia", locale="fr-FR"),
              Player(browser, server, "Oli"), Player(browser, server, "Pia", locale="fr-FR")]
    host = people[0]
    code_a = create_room(host, "times-up", {"pack": "players", "names_per_player": 3,
                                            "rules": "en", "turn_seconds": 30})
    for person in people[1:]:
        join_room(person, code_a)
    tv_a = open_tv(browser, server, code_a, "en")
    start_game(host, people)
    table = Table(people)
    for person in people:
        person.page.wait_for_selector("#tu-write-2")
        for index, name in enumerate(WRITTEN[person.name]):
            person.page.fill(f"#tu-write-{index}", name)
        table.press(person, ".tu-main form button[type=submit]")
    play_to_the_end(table)
    host.page.wait_for_selector("[data-key=save-deck]")
    assert people[1].page.locator("[data-key=save-deck]").count() == 0  # the host's alone
    screenshot(host, "decks-end-save-en")
    host.page.fill("#save-deck-title", "Jeudi soir")
    host.page.click("[data-key=save-deck]")
    wait_for(lambda: host.messages("deck_saved"), host.page, what="the saved deck's code")
    saved = host.messages("deck_saved")[0]["deck"]
    assert (saved["title"], saved["language"], saved["cards"]) == ("Jeudi soir", "en", 12)
    code = saved["code"]
    host.page.wait_for_selector(".deck-share")
    assert host.page.inner_text(".deck-share .deck-code").split()[-1] == code
    assert host.page.locator(".deck-share img.qr").count() == 1
    href = host.page.get_attribute(".deck-share a[download]", "href")
    assert href == f"/api/decks/{code}?download=1"
    screenshot(host, "decks-end-saved-en")
    for other in [*people[1:], tv_a]:  # the code went to the host's phone alone
        assert other.messages("deck_saved") == [] and code not in "".join(other.frames)

    # Room B, hosted in French: the deck is loaded by its code; nobody sees a card.
    zoe = Player(browser, server, "Zoé", locale="fr-FR")
    others = [Player(browser, server, "Yan"), Player(browser, server, "Xia", locale="fr-FR"),
              Player(browser, server, "Wes")]
    room_b = [zoe, *others]
    code_b = create_room(zoe, "times-up", {"rules": "fr"})
    for person in others:
        join_room(person, code_b)
    tv_b = open_tv(browser, server, code_b, "fr")
    zoe.page.fill("#deck-code", code.lower())
    zoe.page.click(".deck-load button[type=submit]")
    wait_for(lambda: zoe.room()["deck"] is not None, zoe.page, what="the loaded deck")
    for person in [*room_b, tv_b]:
        wait_for(lambda person=person: person.room()["deck"] == {
            "title": "Jeudi soir", "language": "en", "cards": 12}, person.page,
            what=f"{person.name} sees the deck")
    assert "Jeudi soir" in zoe.page.inner_text(".deck-loaded")
    assert "12" in others[0].page.inner_text(".deck-loaded")
    assert others[0].page.locator("#deck-code").is_hidden()  # loading is the host's
    screenshot(zoe, "decks-lobby-loaded-host-fr")
    screenshot(others[0], "decks-lobby-loaded-player-en")
    tv_b.page.wait_for_selector(".tv-deck")
    tv_shot(tv_b, "decks-lobby-tv-fr")
    for person in [*room_b, tv_b]:
        assert names_in(person.frames) == set(), person.name
        if person is not zoe:
            assert code not in "".join(person.frames), person.name
    start_game(zoe, room_b)
    game = Table(room_b)
    giver = game.start_turn()
    in_hand = giver.page.inner_text(".big-name").strip()
    assert in_hand in ALL_NAMES
    assert game.view()["pack"]["title"] == "Jeudi soir"
    screenshot(giver, "decks-first-card")
    # The card in hand reaches nobody else; no name reached anyone before it was in a hand.

    def hand(view: dict[str, Any]) -> list[str]:
        return [view["card"]["name"]] if view.get("card") else []

    assert assert_never_leaks(giver, [p for p in room_b if p is not giver], hand) > 0
    for person in [p for p in room_b if p is not giver] + [tv_b]:
        assert names_in(person.frames) == set(), person.name
    for person in [*people, *room_b, tv_a, tv_b]:
        assert person.errors == [], (person.name, person.errors)
        person.close()


def test_the_deck_page_says_what_the_deck_is_and_how_to_play_it(browser: Browser,
                                                                server: str) -> None:
    cards = [{"name": name, "about": ""} for name in ALL_NAMES]
    first = Player(browser, server, "Reader")
    answer = first.page.request.post(f"{server}/api/decks", data=json.dumps(
        {"language": "fr", "title": "Les amis de Lucie", "cards": cards}),
        headers={"content-type": "application/json"})
    assert answer.status == 201
    code = answer.json()["code"]
    for lang, locale in (("en", "en-GB"), ("fr", "fr-FR")):
        reader = Player(browser, server, "Reader", locale=locale)
        reader.goto(f"/d/{code}")
        reader.page.wait_for_selector(".deck-page")
        text = reader.page.inner_text(".deck-page")
        assert "Les amis de Lucie" in text and "12" in text and code in text
        assert not any(name in text for name in ALL_NAMES)  # the page shows no card
        assert reader.page.locator(".deck-page img.qr").count() == 1
        screenshot(reader, f"decks-page-{lang}")
        reader.goto("/d/ZZZZZZ")
        reader.page.wait_for_selector("h1")
        assert reader.page.inner_text("h1") == (
            "No deck with that code" if lang == "en" else "Aucun jeu avec ce code")
        assert reader.errors == []
        reader.close()
    first.close()


def test_a_pasted_list_and_an_imported_file_become_decks_in_the_lobby(browser: Browser,
                                                                      server: str) -> None:
    host = Player(browser, server, "Ana")
    guest = Player(browser, server, "Bo", locale="fr-FR")
    code = create_room(host, "times-up")
    join_room(guest, code)
    host.page.click(".deck-paste summary")
    host.page.fill("#deck-title", "Our office")
    host.page.fill("#deck-lines", "\n".join(
        ["Marie Curie | the physicist", "", *[f"Colleague {chr(65 + i)}" for i in range(11)]]))
    screenshot(host, "decks-lobby-paste-en")
    host.page.click("[data-key=deck-save-list]")
    wait_for(lambda: (host.room() or {}).get("deck") is not None, host.page, what="the deck")
    assert host.room()["deck"] == {"title": "Our office", "language": "en", "cards": 12}
    host.page.wait_for_selector(".deck-share")
    screenshot(host, "decks-lobby-pasted-share-en")
    screenshot(guest, "decks-lobby-pasted-guest-fr")
    assert "Colleague" not in "".join(guest.frames)
    # A list the deck checks refuse says why, and loads nothing.
    host.page.click("[data-key=deck-unload]")
    wait_for(lambda: host.room()["deck"] is None, host.page, what="the deck unloaded")
    assert host.room()["options"]["pack"] == "fr-personalities"
    # "A shared deck" chosen by hand with none loaded: the panel says to load one first.
    host.page.click(".more-options summary")
    host.page.select_option("#lobby-opt-pack", "deck")
    wait_for(lambda: host.room()["options"]["pack"] == "deck", host.page, what="pack deck")
    host.page.wait_for_selector(".deck-loaded:has-text('none is loaded')")
    host.page.fill("#deck-lines", "Piaf\npiaf")
    host.page.click("[data-key=deck-save-list]")
    host.page.wait_for_selector(".toast")
    assert "refused" in host.page.inner_text(".toast")
    # An exported file, imported.
    exported = {"code": "QQQQQQ", "language": "fr", "title": "Fichier",
                "cards": [{"name": f"Cousin {chr(65 + i)}", "about": "de Lyon"}
                          for i in range(10)]}
    host.page.set_input_files("#deck-file", files=[{
        "name": "deck.json", "mimeType": "application/json",
        "buffer": json.dumps(exported).encode()}])
    wait_for(lambda: (host.room() or {}).get("deck") is not None, host.page, what="the file")
    assert host.room()["deck"] == {"title": "Fichier", "language": "fr", "cards": 10}
    assert host.errors == [] and guest.errors == []
    host.close()
    guest.close()


def test_a_refused_deck_is_explained_in_the_rooms_language(browser: Browser,
                                                           server: str) -> None:
    """A French host's refused list is told in French alone: the server's reasons, in English,
    are added for an English reader only."""
    host = Player(browser, server, "Zoé", locale="fr-FR")
    create_room(host, "times-up")
    host.page.click(".more-options summary")
    host.page.select_option("#lobby-opt-pack", "deck")
    wait_for(lambda: host.room()["options"]["pack"] == "deck", host.page, what="pack deck")
    host.page.click(".deck-paste summary")
    host.page.fill("#deck-lines", "Piaf\npiaf")
    host.page.click("[data-key=deck-save-list]")
    host.page.wait_for_selector(".toast")
    said = host.page.inner_text(".toast")
    assert said.startswith("Ce jeu est refusé"), said
    assert not any(word in said for word in ("names", "name", "lines", "least")), said
    host.close()
