"""Typed guesses, checked the way a fair table would judge a spoken one.

Case, accents, punctuation and spacing never matter; parenthesised parts of a name are optional
("Renoir" wins "(Pierre Auguste) Renoir"); the rest of the name is required ("Nixon" does not
win "Richard Nixon"). In word packs a word counts in the singular or the plural.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable

# Letters NFKD leaves whole: spelled out so "Œdipe" and "oedipe" are the same guess.
_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ø": "o", "ł": "l", "đ": "d", "ð": "d"})
_GROUP = re.compile(r"\(([^()]*)\)")
# Beyond this many optional groups a name is not a name: keep the variants few.
_MAX_GROUPS = 4


def words(text: str) -> list[str]:
    """The words of `text` with case, accents and punctuation gone."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_LIGATURES))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    # Apostrophes join ("O'Neill" = "ONeill"); every other mark separates words.
    bare = re.sub(r"['’`´]", "", bare)
    return re.sub(r"[\W_]+", " ", bare).split()


def variants(name: str) -> list[str]:
    """Every accepted spelling of `name`: each parenthesised part kept or dropped."""
    parts = _GROUP.split(name)
    fixed, optional = parts[0::2], parts[1::2]
    if not optional or len(optional) > _MAX_GROUPS:
        return [name.replace("(", " ").replace(")", " ")]
    found = []
    for keep in itertools.product((True, False), repeat=len(optional)):
        pieces = [fixed[0]]
        for kept, extra, after in zip(keep, optional, fixed[1:], strict=True):
            pieces += [f" {extra} " if kept else " ", after]
        found.append("".join(pieces))
    return found


def matches(guess: str, name: str, *, plurals: str | None = None) -> bool:
    """Whether `guess` wins the card `name`. `plurals` is the language ("fr" or "en") whose
    singular/plural forms both count (word packs), or None (names of people)."""
    said = words(guess)
    if not said:
        return False
    for variant in variants(name):
        target = words(variant)
        if target and "".join(said) == "".join(target):
            return True
        if plurals and len(said) == len(target):
            pairs = zip(said, target, strict=True)
            if all(_same_word(a, b, PLURALS[plurals]) for a, b in pairs):
                return True
    return False


def _same_word(a: str, b: str, plurals: Callable[[str], set[str]]) -> bool:
    return a == b or b in plurals(a) or a in plurals(b)


_EN_IRREGULAR = {
    "child": "children", "foot": "feet", "goose": "geese", "man": "men", "mouse": "mice",
    "person": "people", "tooth": "teeth", "woman": "women", "ox": "oxen", "die": "dice",
}
_FR_IRREGULAR = {"oeil": "yeux", "ciel": "cieux", "aieul": "aieux"}
_FR_AIL_AUX = {"bail", "corail", "email", "soupirail", "travail", "vantail", "vitrail"}
_FR_OU_X = {"bijou", "caillou", "chou", "genou", "hibou", "joujou", "pou"}
_FR_AL_ALS = {"bal", "carnaval", "chacal", "festival", "recital", "regal"}


def en_plurals(word: str) -> set[str]:
    """The plural forms an English speaker might give `word` (a little generous on purpose)."""
    forms = {word + "s"}
    if word in _EN_IRREGULAR:
        forms.add(_EN_IRREGULAR[word])
    if word.endswith(("s", "x", "z", "ch", "sh", "o")):
        forms.add(word + "es")
    if len(word) > 1 and word.endswith("y") and word[-2] not in "aeiou":
        forms.add(word[:-1] + "ies")
    if word.endswith("f"):
        forms.add(word[:-1] + "ves")
    if word.endswith("fe"):
        forms.add(word[:-2] + "ves")
    return forms


def fr_plurals(word: str) -> set[str]:
    """The plural forms of a French `word` (accents already gone)."""
    if word in _FR_IRREGULAR:
        return {_FR_IRREGULAR[word]}
    if word.endswith(("s", "x", "z")):
        return {word}
    if word.endswith(("au", "eu")):
        return {word + "x", word + "s"}
    if word.endswith("al") and word not in _FR_AL_ALS:
        return {word[:-2] + "aux"}
    if word in _FR_AIL_AUX:
        return {word[:-3] + "aux"}
    if word in _FR_OU_X:
        return {word + "x"}
    return {word + "s"}


# The other forms of a word that count as the same word, by the language of a word pack.
PLURALS = {"en": en_plurals, "fr": fr_plurals}
