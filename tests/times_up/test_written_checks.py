"""What a written name or a shared deck's card may not be (issue 39, item 4): a name holding a
character that draws as nothing (typing what the card shows would then be judged wrong), a
name that looks like another of the deck ("Alice" beside a Cyrillic "Аlice"), a name wholly in
parentheses however nested (no guess could win it)."""

from __future__ import annotations

import pytest

from tictac.engine import IllegalAction
from tictac.games import times_up as game
from tictac.games.times_up import decks

INVISIBLE = ["Ada\u200bLovelace", "Ma\u200brie Curie", "Mozart\ufe0f", "Pi\u00adcasso",
             "Frida\u2060Kahlo", "\u3164Gandhi"]


def refusal(names: list[str]) -> str:
    fresh = game.setup(4, {"pack": "players", "names_per_player": 2}, 1)
    with pytest.raises(IllegalAction) as refused:
        game.apply(fresh, 0, {"type": "write", "names": names}, 0)
    assert fresh.dealt[0] == []
    return refused.value.code


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_written_name_with_an_invisible_character_is_refused(name: str) -> None:
    assert refusal([name, "Jean Moulin"]) == "bad_field"


@pytest.mark.parametrize("name", ["(Bob (Marley))", "((Bob))", "(Bob) (Marley (Jr))"])
def test_a_written_name_all_in_nested_parentheses_is_refused(name: str) -> None:
    assert refusal([name, "Jean Moulin"]) == "all_optional"


def test_a_written_name_that_looks_like_another_is_refused() -> None:
    assert refusal(["Alice", "\u0410lice"]) == "duplicate_name"  # a Cyrillic А
    state = game.setup(4, {"pack": "players", "names_per_player": 2}, 1)
    game.apply(state, 0, {"type": "write", "names": ["Alice", "Bob Marley"]}, 0)
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, 1, {"type": "write", "names": ["\u0410lice", "Zoe"]}, 0)
    assert refused.value.code == "duplicate_name"


def deck(*names: str, title: str = "Nos noms") -> dict[str, object]:
    cards = [{"name": name} for name in names]
    cards += [{"name": f"Someone {chr(65 + index)}"} for index in range(10 - len(cards))]
    return {"language": "fr", "title": title, "cards": cards}


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_deck_card_with_an_invisible_character_is_refused(name: str) -> None:
    problems = decks.validate_deck(deck(name))
    assert any("invisible" in problem and "cards[0]" in problem for problem in problems), \
        problems


def test_a_deck_title_with_an_invisible_character_is_refused() -> None:
    assert any("title" in problem for problem in
               decks.validate_deck(deck("Alice", title="Nos\u200bnoms")))


def test_a_deck_refuses_a_card_that_looks_like_another() -> None:
    problems = decks.validate_deck(deck("Alice", "\u0410lice"))
    assert problems == ["cards[1].name: name '\u0410lice' is taken by cards[0].name"]
    assert decks.validate_deck(deck("Alice", "Alicia", "Élodie", "Elodie")) != []
    assert decks.validate_deck(deck("Alice", "Alicia", "Zoé", "Bob")) == []
