"""The word filter of streamer mode (issue 25, item 2): a room that turns it on (`set_word_filter`)
refuses, with `filtered_word`, a player's name, a chat line or a written Time's Up name holding
an insult or a slur of its lists (`filtered/<language>.txt`, our own, short; every language's
list applies, since one table mixes languages). Nothing refused is stored or shown.

A text and the lists' entries are folded the same way before they are compared: NFKC (fullwidth
and styled letters are plain ones), case, digits and symbols written for letters ("sh1t",
"@ss"), look-alike letters of other scripts (Unicode's confusable skeleton, UTS #39: a Cyrillic
"і" is an "i"), accents, "l" and "i" taken as one letter (a phone's font hardly tells "I" from
"l"), and runs of one letter ("fuuuck") as one. What is compared then is whole words: an entry
matches a word of the text (or the word less a plural "s"), a phrase entry a run of its words,
and letters spaced out one by one ("f u c k", "s.h.i.t") are read as the word they spell. A
word holding an entry inside it never matches ("Scunthorpe", "assassin", "Cockburn")."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import icu

from tictac.rooms.errors import FILTERED_WORD, RoomError

LANGUAGES = ("en", "fr")
LISTS = Path(__file__).parent / "filtered"
SPELLED_OUT = 3  # this many one-letter words in a row are read as the word they spell

_CONFUSABLES = icu.SpoofChecker()
# Digits and symbols written for the letter they look like. "1", "!" and "|" are an "i", which
# folding then takes as one letter with "l".
_LEET = str.maketrans({"0": "o", "1": "i", "!": "i", "|": "i", "3": "e", "4": "a", "@": "a",
                       "5": "s", "$": "s", "7": "t", "8": "b", "9": "g", "€": "e", "£": "l"})
_WORD = re.compile(r"[^\W\d_]+")
_REPEAT = re.compile(r"(.)\1+")


def fold(text: str) -> str:
    """`text` as the filter compares it (never shown)."""
    plain = unicodedata.normalize("NFKC", text).casefold().translate(_LEET)
    looks = _CONFUSABLES.getSkeleton(0, plain).casefold()
    bare = "".join(char for char in unicodedata.normalize("NFD", looks)
                   if not unicodedata.combining(char))
    return _REPEAT.sub(r"\1", bare.replace("l", "i"))


def words(text: str) -> list[str]:
    """The folded words of `text`, each run of `SPELLED_OUT` or more one-letter words followed
    by the word they spell."""
    found = _WORD.findall(fold(text))
    spelled: list[str] = []
    run: list[str] = []
    for word in [*found, ""]:
        if len(word) == 1:
            run.append(word)
            continue
        if len(run) >= SPELLED_OUT:
            spelled.append(_REPEAT.sub(r"\1", "".join(run)))
        run = []
    return found + spelled


class Lists:
    """The entries of every language's list: single words, and phrases as runs of words."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.words: set[str] = set()
        self.phrases: set[tuple[str, ...]] = set()
        for line in lines:
            entry = tuple(_WORD.findall(fold(line)))
            if len(entry) == 1:
                self.words.add(entry[0])
            elif entry:
                self.phrases.add(entry)
        self.longest = max((len(phrase) for phrase in self.phrases), default=1)

    def catches(self, text: str) -> bool:
        found = words(text)
        if any(word in self.words or (word.endswith("s") and word[:-1] in self.words)
               for word in found):
            return True
        return any(tuple(found[start:start + size]) in self.phrases
                   for size in range(2, self.longest + 1)
                   for start in range(len(found) - size + 1))


@cache
def lists() -> Lists:
    lines: list[str] = []
    for language in LANGUAGES:
        text = (LISTS / f"{language}.txt").read_text(encoding="utf-8")
        lines += [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return Lists(lines)


def check(on: bool, text: str, what: str) -> None:
    """Refuses `text` (a name, a chat line, a written name) if the filter is `on` and catches
    it. The answer does not repeat what it caught."""
    if on and lists().catches(text):
        raise RoomError(FILTERED_WORD, f"this room's word filter refuses that {what}: "
                                       "write it another way")


def check_action(on: bool, written: Mapping[str, str], action: Mapping[str, Any]) -> None:
    """Refuses a game action whose text others will read (the game's `WRITTEN`: action type
    -> the field holding a string or a list of them) if the filter catches any of it."""
    field = written.get(str(action.get("type")))
    if not on or field is None:
        return
    value = action.get(field)
    for text in value if isinstance(value, list) else [value]:
        if isinstance(text, str):
            check(on, text, "name")
