"""A person's name said with a description after it ("Victor Hugo le poète", "Charles
Lindbergh the aviator", "Henry VIII of England"), or before it when the card accepts the
description as a form ("the Boss Bruce Springsteen": guess._described).

A table hears the description as said of the card's person, not as part of another name, when
it reads as one: an article and a common word ("le poète", "the aviator", "la dame de fer"),
or, after the name of a person known without a surname (a ruler, a title, one name in all),
"of" or "de" and a place ("of England", "de Syracuse"). It never does when the words name a
relative ("Victor Hugo le fils", "the wife of Henry VIII", "Dumas fils"), which is another
person, nor when they have no article ("Hugo Boss", "Eiffel Tower"): then they are another
name or thing. guess.matches decides who the rest of the guess names; this module only reads
the words around it.

Words here are in the checker's compared form (lexicon.words)."""

from __future__ import annotations

from collections.abc import Iterator

from tictac.games.times_up import lexicon

# Words that make the description another person of the family, or the name's bearer of
# another generation: "Victor Hugo le fils", "the son of Charles Lindbergh", "Pitt the Younger".
RELATIVES = frozenset({
    "fils", "fille", "pere", "mere", "frere", "soeur", "femme", "epouse", "mari", "veuve",
    "oncle", "tante", "neveu", "niece", "cousin", "cousine", "grandpere", "grandmere",
    "petitfils", "petitefille", "jeune", "ancien", "cadet", "cadette", "aine", "ainee",
    "son", "daughter", "father", "mother", "brother", "sister", "wife", "husband", "widow",
    "uncle", "aunt", "nephew", "grandson", "granddaughter", "grandfather",
    "grandmother", "younger", "elder", "junior", "senior", "jr", "sr",
})
# "Of" and "from" before a place ("Henry VIII of England", "Archimède de Syracuse").
_OF = frozenset({"of", "from", "de", "d", "du", "des"})
# A place says who is meant in at most this many words ("of Wales", "de la Mancha").
_PLACE_WORDS = 3
# A description takes at most this many words on either side ("l'ennemi public numéro un"):
# so a guess of a hundred characters is read in a few dozen ways, not thousands.
DESCRIPTION_WORDS = 6


def readings(tokens: tuple[str, ...], longest: int) -> Iterator[tuple[tuple[str, ...], ...]]:
    """Each way to read the guess's words as words before a name of at most `longest` words,
    the name, and words after it, with words before or after it (or both), each at most
    DESCRIPTION_WORDS."""
    for start in range(min(DESCRIPTION_WORDS, len(tokens) - 1) + 1):
        for end in range(max(start + 1, len(tokens) - DESCRIPTION_WORDS),
                         min(start + longest, len(tokens)) + 1):
            if start or end < len(tokens):
                yield tokens[:start], tokens[start:end], tokens[end:]


def describes(words: tuple[str, ...], after: bool, without_surname: bool) -> bool:
    """Whether `words`, said after the name, describe its bearer: an article and a common word
    that is no first name and no relative ("le poète", "the aviator"; a relative followed by
    "of" says whose: "le père de Tintin"), or, after the name of a person known
    `without_surname`, "of" or "de" and a place ("of Wales"). Before the name, only a title
    (guess.py's alignment) or a form the card accepts describes: "la rue Victor Hugo", "le
    lycée Henri IV", "l'aéroport Charles de Gaulle" are places named after the person."""
    if not words:
        return True
    if not after:
        return False
    if words[0] in lexicon.NAME_ARTICLES and len(words) > 1:
        head = words[1]
        if (lexicon.is_first_name(head) or not _common_word(head)
                or any(char.isdigit() for char in head)):
            return False
        if head in RELATIVES:
            # "le père de Tintin" is about the name's bearer; alone ("Victor Hugo le fils") the
            # relative is someone else.
            return len(words) > 3 and words[2] in _OF
        return True
    return (without_surname and words[0] in _OF and 1 < len(words) <= _PLACE_WORDS + 1
            and not any(word in RELATIVES or lexicon.is_first_name(word) for word in words[1:]))


def _common_word(word: str) -> bool:
    """Whether `word` is a word of French or English (frequency lists or dictionaries)."""
    return any(word in lexicon.common_words(language)
               or word in lexicon.dictionary_words(language) for language in ("fr", "en"))
