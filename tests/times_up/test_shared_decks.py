"""Decks people share (issue 25, item 3; docs/packs.md, "Shared decks"): the deck's checks and
limits, the files and pasted lists it is read from, how a game deals from one (docs/rulings.md,
"Shared decks": dealt as a pack when large enough, else whole without discards, heard in its
own language), and that the options anyone sees never hold its cards."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from tictac.engine import IllegalAction
from tictac.games import times_up as game
from tictac.games.times_up import decks, packs
from tictac.games.times_up.decks import DeckProblems, from_lines, read_deck, validate_deck

from .support import new_game, play_to_round, start, win_round


def a_deck(count: int = 12, language: str = "fr") -> dict[str, Any]:
    return {"language": language, "title": "Nos amis",
            "cards": [{"name": f"Ami Numéro{chr(65 + i // 26)}{chr(65 + i % 26)}",
                       "about": "un ami" if i % 2 else ""} for i in range(count)]}


def problems_of(change: Any) -> list[str]:
    data = a_deck()
    change(data)
    return validate_deck(data)


def test_a_deck_within_its_limits_has_no_problem() -> None:
    assert validate_deck(a_deck()) == []
    assert validate_deck(a_deck(decks.MIN_CARDS)) == []
    assert validate_deck(a_deck(decks.MAX_CARDS, "en")) == []


@pytest.mark.parametrize("count", [0, decks.MIN_CARDS - 1, decks.MAX_CARDS + 1])
def test_a_deck_holds_10_to_500_cards(count: int) -> None:
    assert validate_deck(a_deck(count)) == \
        [f"cards: {count} cards; a deck holds {decks.MIN_CARDS} to {decks.MAX_CARDS}"]


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d.update(language="de"), "language: must be one of en, fr"),
    (lambda d: d.update(title=""), "title: is empty"),
    (lambda d: d.update(title="t" * 81), "title: longer than 80 characters"),
    (lambda d: d["cards"][0].update(name="n" * 61), "cards[0].name: longer than 60 characters"),
    (lambda d: d["cards"][0].update(about="a" * 121),
     "cards[0].about: longer than 120 characters"),
    (lambda d: d["cards"][0].update(name="two\nlines"),
     "cards[0].name: must be one line (no line breaks or tabs)"),
    (lambda d: d["cards"][0].update(name="(Renoir)"),
     "cards[0].name: nothing is left outside the parentheses"),
    (lambda d: d["cards"][0].update(extra=1), "cards[0]: unknown key 'extra'"),
    (lambda d: d.update(kindly=1), "deck: unknown key 'kindly'"),
    (lambda d: d["cards"].__setitem__(0, "Piaf"),
     "cards[0]: must be an object with 'name' and optional 'about'"),
    (lambda d: d.update(cards={"a": 1}), "cards: must be a list"),
])
def test_each_rule_of_a_deck_is_checked(change: Any, expected: str) -> None:
    assert problems_of(change) == [expected]


def test_two_names_one_guess_would_win_are_refused() -> None:
    data = a_deck()
    data["cards"][0]["name"], data["cards"][5]["name"] = "Édith Piaf", "edith-piaf"
    assert validate_deck(data) == ["cards[5].name: name 'edith-piaf' is taken by cards[0].name"]


def test_a_deck_without_descriptions_is_a_deck() -> None:
    data = a_deck()
    for card in data["cards"]:
        del card["about"]
    assert [card.about for card in read_deck(data).cards] == [""] * 12


@pytest.mark.parametrize("data", [None, [], "deck", 3, {"cards": []}])
def test_the_validator_never_raises(data: object) -> None:
    assert validate_deck(data)


def test_an_exported_deck_imports_as_it_was() -> None:
    deck = read_deck(a_deck())
    exported = {"code": "QWERTY", **deck.to_json()}
    assert read_deck(json.loads(json.dumps(exported))) == deck


def test_a_pack_file_imports_as_a_deck_of_its_names_of_both_colours_when_small_enough() -> None:
    text = (resources.files("tictac.games.times_up") / "packs" / "en-words.json").read_text()
    pack = json.loads(text)
    pack["cards"] = pack["cards"][:30]
    deck = read_deck(pack)
    assert (deck.language, deck.title, len(deck.cards)) == ("en", pack["title"], 60)
    assert deck.cards[:2] == (packs.Name(**pack["cards"][0]["yellow"]),
                              packs.Name(**pack["cards"][0]["blue"]))
    pack["cards"] = pack["cards"][:30] * 9  # 540 names: more than a deck holds
    with pytest.raises(DeckProblems, match="a deck holds 10 to 500"):
        read_deck(pack)


def test_a_pasted_list_is_a_name_a_line_with_an_optional_description() -> None:
    lines = ["  Marie  Curie | physicienne  ", "", "(Wolfgang Amadeus) Mozart",
             *[f"Ami {chr(65 + i)}" for i in range(8)]]
    deck = from_lines("fr", " Nos  noms ", lines)
    assert deck.title == "Nos noms" and len(deck.cards) == 10
    assert deck.cards[0] == packs.Name("Marie Curie", "physicienne")
    assert deck.cards[1] == packs.Name("(Wolfgang Amadeus) Mozart", "")


def test_a_pasted_list_names_its_problem() -> None:
    with pytest.raises(DeckProblems) as refused:
        from_lines("fr", "Nos noms", ["Piaf", "piaf", *[f"Ami {chr(65 + i)}" for i in range(8)]])
    assert refused.value.problems == ["cards[1].name: name 'piaf' is taken by cards[0].name"]


def options_with(deck: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"pack": "deck", "deck": deck, **more}


def test_a_game_deals_a_deck_large_enough_as_it_deals_a_pack() -> None:
    state = game.setup(4, options_with(a_deck(60), deck_size=20), 3)
    assert state.phase == "deal"
    assert sum(len(cards) for cards in state.dealt.values()) == 28
    assert {face.name for face in state.faces.values()} <= \
        {card["name"] for card in a_deck(60)["cards"]}
    for seat in range(4):
        game.apply(state, seat, {"type": "discard", "cards": state.dealt[seat][:2]}, 0)
    assert len(state.deck) == 20 and state.phase == "waiting"


def test_a_smaller_deck_is_the_game_deck_whole_with_no_discards() -> None:
    # docs/rulings.md, "Shared decks": every card a group chose plays.
    state = game.setup(4, options_with(a_deck(12)), 3)
    assert state.phase == "waiting" and len(state.deck) == 12
    assert sorted(face.name for face in state.faces.values()) == \
        sorted(card["name"] for card in a_deck(12)["cards"])
    view = game.view(state, 0)
    assert view["pack"] == {"id": "deck", "title": "Nos amis", "kind": "deck", "language": "fr"}


def test_a_deck_card_shows_its_description_to_the_cluegiver() -> None:
    state = game.setup(4, options_with(a_deck(12)), 3)
    cluegiver = state.cluegiver()
    game.apply(state, cluegiver, {"type": "start"}, 0)
    card = game.view(state, cluegiver)["card"]
    about = {card["name"]: card["about"] for card in a_deck(12)["cards"]}
    assert card["about"] == about[card["name"]]


def test_the_deck_language_is_the_language_guesses_are_heard_in() -> None:
    # docs/rulings.md, "Shared decks": the deck's language whatever the rule set, no plurals.
    state = game.setup(4, options_with(a_deck(12, "en"), rules="fr"), 3)
    assert state.settings.judge.language == "en"
    assert state.settings.turn_ms == 30_000 and not state.settings.judge.words_pack


def test_pack_deck_without_a_deck_is_refused() -> None:
    with pytest.raises(IllegalAction, match="load one first"):
        game.setup(4, {"pack": "deck"}, 3)
    with pytest.raises(IllegalAction) as refused:
        game.setup(4, options_with({**a_deck(), "title": ""}), 3)
    assert refused.value.code == "bad_option"


def test_the_options_anyone_sees_hold_no_card_of_a_deck() -> None:
    shown = game.public_options(options_with(a_deck(12), color="blue"))
    assert shown == {"pack": "deck", "color": "blue",
                     "deck": {"title": "Nos amis", "language": "fr", "cards": 12}}
    assert "Ami" not in json.dumps(shown)
    assert game.public_options({"pack": "fr-words"}) == {"pack": "fr-words"}


def test_the_names_written_are_a_deck_only_once_the_game_is_over() -> None:
    state = new_game(4, names=3)
    assert game.written_deck(state) is None
    play_to_round(state, 3)
    start(state)
    win_round(state, 1)
    assert state.phase == "over"
    found = game.written_deck(state)
    assert found is not None and found[0] == state.settings.language
    assert sorted(card["name"] for card in found[1]) == \
        sorted(face.name for face in state.faces.values())
    assert game.written_deck(game.setup(4, {"pack": "fr-words"}, 1)) is None
