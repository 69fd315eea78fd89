"""An audit of the bundled packs against the pack guide (docs/packs.md): the same person is
written the same way in the French and the English pack (the same optional parts, the same
dates), and every word that has two common senses says which one is meant. One test per rule,
over every card it concerns, naming each card that breaks it."""

from __future__ import annotations

import re
from functools import cache

from rapidfuzz.distance import Levenshtein

from tictac.games.times_up.guess import Judge, matches, sound, words
from tictac.games.times_up.lexicon import countries
from tictac.games.times_up.packs import Name, load_pack

OPTIONAL = re.compile(r"\([^()]*\)")
YEAR = re.compile(r"\b\d{3,4}\b")
# A life span: "(1934–2025)", "(1874-1965)", "(c. 747–814)".
SPAN = re.compile(r"(\d{3,4})\s*[–-]\s*(\d{3,4})\)")


def faces(pack_id: str) -> list[Name]:
    return [face for card in load_pack(pack_id).cards for face in (card.yellow, card.blue)]


def shortest(name: str) -> str:
    """The least a guesser must say: the name without its optional parts."""
    return OPTIONAL.sub(" ", name)


@cache
def same_people() -> list[tuple[Name, Name]]:
    """People in both personality packs: the same last required word (as heard) and the same
    first year in their description."""
    def key(face: Name) -> tuple[str, str | None]:
        years = YEAR.findall(face.about)
        return sound(words(shortest(face.name))[-1]), years[0] if years else None

    english: dict[tuple[str, str | None], list[Name]] = {}
    for face in faces("en-personalities"):
        english.setdefault(key(face), []).append(face)
    return [(fr, en) for fr in faces("fr-personalities") for en in english.get(key(fr), [])]


def test_the_audit_finds_the_people_both_packs_share() -> None:
    pairs = same_people()
    assert len(pairs) >= 60
    assert any(fr.name == "(Mahatma) Gandhi" for fr, _ in pairs)


def test_the_same_person_has_the_same_optional_parts_in_both_packs() -> None:
    """Pack guide: parentheses when the surname alone is how everyone says it. Whichever way
    a person is written, the least that wins them is the same in both packs (en "Mahatma
    Gandhi" once required the title, where fr had "(Mahatma) Gandhi")."""
    french, english = Judge("fr"), Judge("en")
    assert [(fr.name, en.name) for fr, en in same_people()
            if matches(shortest(en.name), fr.name, french)
            != matches(shortest(fr.name), en.name, english)] == []


def test_the_same_person_has_the_same_dates_in_both_packs() -> None:
    """When one pack gives a life span, the other does not call that person living (fr "née
    en 1934" once stood against en 1934–2025 for Jane Goodall)."""
    def living_in_other(one: Name, other: Name) -> bool:
        span = SPAN.search(one.about)
        return bool(span and span.group(1) in other.about and span.group(2) not in other.about)

    assert [(one.about, other.about) for fr, en in same_people()
            for one, other in ((fr, en), (en, fr)) if living_in_other(one, other)] == []


AMBIGUOUS = {
    "fr-words": ["pêche", "avocat", "glace", "moule", "trombone", "pile", "batterie",
                 "baguette", "éclair", "règle", "tableau", "souris", "palmier", "timbre",
                 "flûte", "poêle"],
    "en-words": ["bat", "seal", "nail", "ruler", "jam", "watch", "ring", "bank", "pen",
                 "mouse", "key", "straw", "racket", "pepper", "rock", "star"],
}


def test_words_with_two_senses_carry_a_gloss_for_the_cluegiver() -> None:
    glossed = {(pack_id, face.name): face.about for pack_id in AMBIGUOUS
               for face in faces(pack_id)}
    asked = [(pack_id, word) for pack_id, listed in sorted(AMBIGUOUS.items()) for word in listed]
    assert [found for found in asked if not glossed[found]] == []
    assert [found for found in asked if len(glossed[found]) > 80] == []


INITIAL = re.compile(r"(?<!\S)\w\.(?=\s)")


def test_a_middle_initial_is_optional() -> None:
    """Pack guide: a middle initial is in parentheses ("John (F.) Kennedy"): a table accepts
    "John Kennedy", and the whole middle name or its initial too."""
    def required_initial(name: str) -> bool:
        return any(match.start() > 0 for match in INITIAL.finditer(shortest(name)))

    assert [face.name for pack_id in ("fr-personalities", "en-personalities")
            for face in faces(pack_id) if required_initial(face.name)] == []


def test_no_accepted_form_spells_the_name_as_a_country() -> None:
    """docs/rulings.md: a country for a name word is refused, however it sounds ("James
    Cameroon"); a table of friends hears the country, not the name misspelt. So no card lists
    as accepted a form that spells a word of its name, within two letters, as a country (an
    epithet that names one, "Elisabeth of Austria", is no spelling of the name)."""
    def as_country(face: Name) -> list[str]:
        printed = set(words(face.name))
        return [form for form in face.accepts
                if any(Levenshtein.distance(word, mine) <= 2 for mine in printed
                       for word in set(words(form)) - printed & countries())]

    assert [(face.name, form) for pack_id in ("fr-personalities", "en-personalities")
            for face in faces(pack_id) for form in as_country(face)] == []
