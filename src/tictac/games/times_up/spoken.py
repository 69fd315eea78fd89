"""How a French or an English table says a word it reads: the spellings of one sound made one,
so that a guess spelt as it sounds meets the card's word ("jéant" and "géant", "fenaître" and
"fenêtre", "knite" and "knight", "skool" and "school").

The keys work on the checker's compared form (lower case, no accents: lexicon.words) and only
bring spellings together; guess.sound then folds the sounds both languages share ("ph", "ck",
doubled letters). A key never decides alone: a guess that is itself another word is refused
before (guess._same_common_word), so "poil" never wins "poêle" however alike they sound.
"""

from __future__ import annotations

import re
from functools import cache

# French, in order: each rule reads the word as the one before left it.
_FRENCH = [
    (re.compile(r"(?<![cpst])h"), ""),  # a silent h: "Charlebouah", "ambeurgueur"
    (re.compile(r"oe"), "eu"),  # "Moebius" is said "Meubius"
    (re.compile(r"gu(?=[eiy])"), "G"),  # a hard g before e and i ("hamburgueur"), kept apart
    (re.compile(r"g(?=[eiy])"), "j"),  # "géant", "éponge", "étagère"
    (re.compile(r"(?<=j)e(?=[aou])"), ""),  # "pigeon" is said "pijon"
    (re.compile(r"G"), "g"),
    (re.compile(r"qu"), "k"),
    (re.compile(r"c(?=[eiy])"), "s"),
    (re.compile(r"(?<=[aeiou])ill"), "y"),  # "bouteille", "grenouille"
    (re.compile(r"(?<=[aeiou])il$"), "y"),  # "soleil", "travail"
    (re.compile(r"oi|oua|wa"), "wa"),  # "Charlebois", "Charlebwa", "Charlebouah"
    (re.compile(r"ai|ei|ay"), "e"),  # "fenaître", "zaibre", "balaine"
    (re.compile(r"e[nm](?=[^aeiouynm]|$)"), "an"),  # "empoule", "ampoule": one nasal
    (re.compile(r"m(?=[^aeiouymn])"), "n"),  # "tanbour", "tambour", "Samson", "Sanson"
    (re.compile(r"um$"), "un"),  # a final nasal: "parfun", "parfum"
    # Silent final consonants ("léopart", "Maré"), then a mute final e ("poir", "gar", "mask",
    # "skie"), in that order: "écharpe" keeps its p, so "écharde" stays another word.
    (re.compile(r"(?<=[aeiourn])(?:[tdsxzp]|ts|ds|dt)$"), ""),
    (re.compile(r"(?<=[^aeiou])(?:e|es)$"), ""),
    (re.compile(r"(?<=[aeiouy])e$"), ""),
]

# English, for the words of a word pack (names keep their own spellings: "Schumacher").
_ENGLISH = [
    (re.compile(r"^kn|^gn"), "n"),  # "knight", "gnome"
    (re.compile(r"^wr"), "r"),
    (re.compile(r"igh"), "i"),  # "knight" is said "nite"
    (re.compile(r"^sch(?=[^eiy])"), "sk"),  # "school", "skool"
    (re.compile(r"oo"), "u"),  # "igloo", "iglu"
    (re.compile(r"ew"), "u"),  # "flute", "flewt"
    (re.compile(r"oa"), "o"),  # "boat", "bote"
    (re.compile(r"ee"), "i"),  # "cheetah", "chita"
    (re.compile(r"qu|qw"), "kw"),  # "queen", "qween", "kween"
    (re.compile(r"ai|ay"), "a"),  # "mermaid", "mermade"
    (re.compile(r"(?<=[^aeiou])al$"), "le"),  # a final schwa and l: "sandle", "sandal"
    (re.compile(r"(?<=[aeiou][^aeiou])e$"), ""),  # a silent final e: "knite", "mermade"
]

# English, for the words of a person's name as an English table says them, whatever their
# origin: a name's final "eigh" is the "ee" of "Lee" (a word's is the "ay" of "sleigh").
_ENGLISH_NAME = [
    (re.compile(r"eigh$|ee|ea"), "i"),  # "Leigh", "Lee"; "Keen", "Kean"
    (re.compile(r"[iu]r(?![aeiouy])"), "er"),  # "Burners", "Berners": one vowel before an r
    (re.compile(r"ew|oo|ou"), "u"),  # "Hewston", "Houston"
    (re.compile(r"gh$"), "ch"),  # a throaty end, said as the Dutch say it: "Goch", "Gogh"
    (re.compile(r"ua"), "wa"),  # "Chinua", "Chinwa"
    (re.compile(r"eu(?=[^aeiouy])|oy(?=[^aeiouy])"), "oi"),  # German "eu": "Freud", "Froyd"
]


@cache
def spoken(word: str, language: str) -> str:
    """`word` respelt as `language` says it; unchanged for any other language."""
    return _respelt(word, {"fr": _FRENCH, "en": _ENGLISH}.get(language, []))


@cache
def spoken_name(word: str) -> str:
    """A word of a person's name respelt as an English table says it."""
    return _respelt(word, _ENGLISH_NAME)


def _respelt(word: str, rules: list[tuple[re.Pattern[str], str]]) -> str:
    for pattern, said in rules:
        word = pattern.sub(said, word)
    return word
