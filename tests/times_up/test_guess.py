"""The typed-guess checker on a table of cases: what a fair table accepts, and what it does not."""

from __future__ import annotations

import pytest

from tictac.games.times_up.guess import en_plurals, fr_plurals, matches, variants, words

# (guess, name on the card, plurals language or None, accepted?)
CASES = [
    # Case, accents, punctuation and extra spaces are ignored.
    ("marie curie", "Marie Curie", None, True),
    ("MARIE CURIE", "Marie Curie", None, True),
    ("  Marie    Curie ", "Marie Curie", None, True),
    ("Emile Zola", "Émile Zola", None, True),
    ("émile zola", "Emile Zola", None, True),
    ("Francois Truffaut", "François Truffaut", None, True),
    ("Bjork", "Björk", None, True),
    ("Jean Paul Sartre", "Jean-Paul Sartre", None, True),
    ("jean-paul sartre!", "Jean-Paul Sartre", None, True),
    ("jeanpaul sartre", "Jean-Paul Sartre", None, True),
    ("HG Wells", "H. G. Wells", None, True),
    ("h.g. wells", "H. G. Wells", None, True),
    ("Shaquille ONeal", "Shaquille O'Neal", None, True),
    ("shaquille o'neal", "Shaquille O’Neal", None, True),
    ("Oedipe", "Œdipe", None, True),
    ("Lech Walesa", "Lech Wałęsa", None, True),
    ("Dvorak", "Antonín Dvořák", None, False),
    # Parenthesised parts are optional, the rest is required.
    ("Renoir", "(Pierre Auguste) Renoir", None, True),
    ("Pierre Auguste Renoir", "(Pierre Auguste) Renoir", None, True),
    ("Pierre Renoir", "(Pierre Auguste) Renoir", None, False),
    ("Nixon", "Richard Nixon", None, False),
    ("Richard", "Richard Nixon", None, False),
    ("Richard Nixon", "Richard Nixon", None, True),
    ("Nixon Richard", "Richard Nixon", None, False),
    ("Che Guevara", "(Ernesto) Che Guevara", None, True),
    ("Ernesto Che Guevara", "(Ernesto) Che Guevara", None, True),
    ("Ernesto Guevara", "(Ernesto) Che Guevara", None, False),
    ("Bach", "(Johann Sebastian) Bach", None, True),
    ("Leonard de Vinci", "Léonard de Vinci", None, True),
    ("Leonard Vinci", "Léonard de Vinci", None, False),
    ("Gaulle", "(Charles) de Gaulle", None, False),
    ("de Gaulle", "(Charles) de Gaulle", None, True),
    ("Charles de Gaulle", "(Charles) de Gaulle", None, True),
    ("Louis XIV", "Louis XIV (le Roi-Soleil)", None, True),
    ("Louis XIV le roi soleil", "Louis XIV (le Roi-Soleil)", None, True),
    ("Louis", "Louis XIV (le Roi-Soleil)", None, False),
    ("Mozart", "(Wolfgang Amadeus) Mozart", None, True),
    ("Mozart Amadeus", "(Wolfgang Amadeus) Mozart", None, False),
    ("", "Marie Curie", None, False),
    ("?!", "Marie Curie", None, False),
    ("Marie Curies", "Marie Curie", None, False),  # no plurals for people
    # Word packs: singular or plural both count.
    ("cats", "cat", "en", True),
    ("cat", "cats", "en", True),
    ("boxes", "box", "en", True),
    ("cherries", "cherry", "en", True),
    ("knives", "knife", "en", True),
    ("leaves", "leaf", "en", True),
    ("mice", "mouse", "en", True),
    ("children", "child", "en", True),
    ("Tomatoes", "tomato", "en", True),
    ("dog", "cat", "en", False),
    ("catss", "cat", "en", False),
    ("ice creams", "ice cream", "en", True),
    ("chevaux", "cheval", "fr", True),
    ("cheval", "chevaux", "fr", True),
    ("bateaux", "bateau", "fr", True),
    ("jeux", "jeu", "fr", True),
    ("travaux", "travail", "fr", True),
    ("genoux", "genou", "fr", True),
    ("yeux", "œil", "fr", True),
    ("pommes de terre", "pomme de terre", "fr", True),
    ("Châteaux", "château", "fr", True),
    ("festivals", "festival", "fr", True),
    ("chevals", "cheval", "fr", False),
    ("chats", "chien", "fr", False),
    ("tables", "table", "fr", True),
    ("souris", "souris", "fr", True),
]


def test_the_table_has_at_least_forty_cases() -> None:
    assert len(CASES) >= 40
    assert {accepted for *_, accepted in CASES} == {True, False}


@pytest.mark.parametrize(("said", "name", "plurals", "accepted"), CASES)
def test_guess_checker_table(said: str, name: str, plurals: str | None, accepted: bool) -> None:
    assert matches(said, name, plurals=plurals) is accepted


def test_parenthesised_parts_are_optional_each_on_its_own() -> None:
    forms = {" ".join(words(v)) for v in variants("(A) B (C)")}
    assert forms == {"a b c", "a b", "b c", "b"}


def test_a_name_without_parentheses_has_one_spelling() -> None:
    assert variants("Richard Nixon") == ["Richard Nixon"]


def test_plural_makers_cover_the_regular_endings() -> None:
    assert "buses" in en_plurals("bus") and "babies" in en_plurals("baby")
    assert "boys" in en_plurals("boy") and "boies" not in en_plurals("boy")
    assert fr_plurals("nez") == {"nez"} and fr_plurals("journal") == {"journaux"}
