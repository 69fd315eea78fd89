"""The words a typed guess may add, drop or spell another way, per language: articles, titles,
numbers said for Roman numerals, spelling variants, and the plurals of word packs.

Every table is small on purpose: each entry is something a fair table hears as the same answer.
Words here are in the checker's compared form: lower case, no accents, no punctuation.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import inflect

# Articles a guesser may put before a word ("un parapluie", "the umbrella"); "l" and "d" are
# what is left of "l'avion" and "d'" once apostrophes separate words.
ARTICLES = {
    "fr": frozenset({"le", "la", "les", "l", "un", "une", "des", "du", "de", "d"}),
    "en": frozenset({"a", "an", "the", "some"}),
}

# Titles a guesser may put before a name that the card does not print ("Sir Isaac Newton",
# "le président Obama", "Queen Elizabeth II"). A title the card prints stays required, unless
# the card puts it in parentheses.
TITLES = {
    "fr": frozenset({
        "le", "la", "l", "monsieur", "madame", "mademoiselle", "m", "mme", "mlle", "docteur",
        "sir", "lady", "lord", "dame", "roi", "reine", "prince", "princesse", "empereur",
        "imperatrice", "president", "presidente", "pape", "general", "capitaine", "marechal",
        "saint", "sainte", "mere", "pere", "soeur", "frere", "abbe", "maitre", "tsar",
        "commandant", "colonel",
    }),
    "en": frozenset({
        "the", "mr", "mrs", "ms", "miss", "doctor", "sir", "dame", "lord", "lady", "king",
        "queen", "prince", "princess", "emperor", "empress", "president", "pope", "general",
        "captain", "saint", "mother", "father", "sister", "brother", "tsar", "czar",
        "commander", "colonel",
    }),
}

# What may follow a name the card does not print ("Martin Luther King Jr.").
SUFFIXES = frozenset({"junior", "senior", "sr"})

# One word, two spellings: each maps to the form both sides are compared in.
SPELLINGS = {
    "st": "saint", "ste": "sainte", "dr": "doctor", "mt": "mount", "jr": "junior",
    "teeshirt": "tshirt", "tee": "t",
}

# en-words is written in US English; a British table says these (spelling or word) for the
# same thing.
BRITISH = {
    "lift": "elevator", "sweet": "candy", "sweets": "candy", "biscuit": "cookie",
    "rubber": "eraser", "postbox": "mailbox", "mailman": "postman", "jumper": "sweater",
    "lorry": "truck", "zip": "zipper", "racquet": "racket", "aeroplane": "airplane",
    "colour": "color", "grey": "gray", "moustache": "mustache", "theatre": "theater",
    "centre": "center", "jewellery": "jewelry", "pyjamas": "pajamas", "doughnut": "donut",
    "tyre": "tire", "axe": "ax", "plough": "plow", "cheque": "check",
}

# Numbers said or typed for a Roman numeral after a name ("Louis 14", "Louis quatorze",
# "Henry the Eighth", "François 1er").
_FR_NUMBERS = [
    "premier", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
    "douze", "treize", "quatorze", "quinze", "seize", "dixsept", "dixhuit", "dixneuf", "vingt",
]
_EN_ORDINALS = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
    "seventeenth", "eighteenth", "nineteenth", "twentieth",
]
_EN_CARDINALS = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty",
]
NUMBER_WORDS = {
    **{word: str(n) for n, word in enumerate(_EN_CARDINALS, start=1)},
    **{word: str(n) for n, word in enumerate(_EN_ORDINALS, start=1)},
    **{word: str(n) for n, word in enumerate(_FR_NUMBERS, start=1)},
    "premiere": "1", "er": "1", "ier": "1", "ire": "1", "1er": "1", "1re": "1", "1st": "1",
    "2nd": "2", "3rd": "3", "2e": "2", "3e": "3",
}

# French plurals beyond the regular -s / -x.
_FR_IRREGULAR = {"oeil": "yeux", "ciel": "cieux", "aieul": "aieux", "bonhomme": "bonshommes",
                 "monsieur": "messieurs", "madame": "mesdames", "ail": "aulx"}
_FR_AIL_AUX = {"bail", "corail", "email", "soupirail", "travail", "vantail", "vitrail"}
_FR_OU_X = {"bijou", "caillou", "chou", "genou", "hibou", "joujou", "pou"}
_FR_AL_ALS = {"bal", "carnaval", "chacal", "festival", "recital", "regal"}


def fr_plurals(word: str) -> set[str]:
    """The plural forms of a French `word` (accents already gone), and the regular -s a
    guesser may wrongly add, which a table still hears as the word."""
    forms = {word + "s"}
    if word in _FR_IRREGULAR:
        forms.add(_FR_IRREGULAR[word])
    if word.endswith(("s", "x", "z")):
        forms.add(word)
    if word.endswith(("au", "eu", "ou")):
        forms.add(word + "x")
    if word.endswith("al") and word not in _FR_AL_ALS:
        forms.add(word[:-2] + "aux")
    if word in _FR_AIL_AUX:
        forms.add(word[:-3] + "aux")
    return forms


_ENGLISH = inflect.engine()
# Classical plurals too ("cacti", "hippopotami"): both are heard at a table.
_CLASSICAL = inflect.engine()
_CLASSICAL.classical(all=True)


@cache
def en_plurals(word: str) -> set[str]:
    """The plural forms of an English `word`: inflect's (irregular ones included: "mice",
    "snowmen", "knives") and the regular -s a guesser may add anyway."""
    forms = {word + "s"}
    for engine in (_ENGLISH, _CLASSICAL):
        plural = engine.plural_noun(word)
        if plural:
            forms.add(plural)
    return forms


PLURALS: dict[str, Callable[[str], set[str]]] = {"en": en_plurals, "fr": fr_plurals}
