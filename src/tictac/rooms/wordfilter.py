"""The word filter of streamer mode: a room that turns it on (`set_word_filter`)
refuses, with `filtered_word`, any text another person will read that holds an insult or a slur
of its lists (`filtered/<language>.txt`, our own, short; every language's list applies, since
one table mixes languages): a player's name, a chat line, a deck's title and cards, and the
text of a game's actions others read (its `WRITTEN`: Time's Up's written names and typed
guesses). Nothing refused is stored or shown. This is the one gate all of them pass.

A text and the lists' entries are folded alike (textfold.py: NFKC, invisible characters out,
case, digits and symbols for letters, the confusable skeleton, accents). What is compared then
is whole words, so a word holding an entry inside it never matches ("Scunthorpe", "assassin",
"Cockburn"):
- a word of the text matches an entry (or does less a plural "s", or with "v" read as "u") when
  it has the entry's letters in order, each run of one letter at least as long as the entry's:
  "fuuuck" is "fuck", but "Niger" is not the slur it differs from by one "g";
- letters spaced out one by one ("f u c k", "s.h.i.t") are read as the word they spell, and any
  part of such a run as well, so a one-letter word beside it ("a f u c k") hides nothing;
- two or three fragments in a row ("fu ck", "con nard": words of 2 to 4 letters) are read as
  one word when none of them is a short word of the languages (`JOINERS`): "il a pu te voir"
  keeps its "pu" and "te" apart;
- a phrase entry matches a run of words, spelled-out words read as the word they spell."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from tictac.rooms.errors import FILTERED_WORD, RoomError
from tictac.rooms.textfold import WORD, fold, words

LANGUAGES = ("en", "fr")
LISTS = Path(__file__).parent / "filtered"
SPELLED_OUT = 3  # this many one-letter words in a row are read as the word they spell
FRAGMENT = 4  # the longest word read as a fragment of another ("fu ck", "con nard")
# Short words of either language that are never fragments of another: "shh it", "pu te".
_SHORT_WORDS = """
    a i an as at be by do go he if in is it me my no of oh on or so to up us we ye yo
    à au ce de du en et il je la le ma me ne ni on ou pu sa se si ta te tu un va vu y ça
"""
JOINERS = frozenset(WORD.findall(fold(_SHORT_WORDS)))

_REPEAT = re.compile(r"(.)\1+")
_RUN = re.compile(r"(.)\1*")


def letters(word: str) -> str:
    """`word` with each run of one letter as one letter."""
    return _REPEAT.sub(r"\1", word) if _REPEAT.search(word) else word


def sizes(word: str) -> tuple[int, ...]:
    """The lengths of `word`'s runs of one letter."""
    return tuple(len(run.group()) for run in _RUN.finditer(word))


def spelled(found: list[str]) -> tuple[list[str], list[str]]:
    """`found` with each run of `SPELLED_OUT` or more one-letter words read as the word they
    spell, and those runs."""
    read: list[str] = []
    spelt: list[str] = []
    for is_letter, group in itertools.groupby(found, key=lambda word: len(word) == 1):
        single = list(group)
        if not is_letter or len(single) < SPELLED_OUT:
            read += single
            continue
        spelt.append("".join(single))
        read.append(spelt[-1])
    return read, spelt


def joined(read: list[str]) -> list[str]:
    """Two or three fragments in a row as one word: words of 2 to `FRAGMENT` letters, none a
    short word of its own (one letter alone is no fragment: "P D James")."""
    fragment = [1 < len(word) <= FRAGMENT and word not in JOINERS for word in read]
    return ["".join(read[start:start + size]) for size in (2, 3)
            for start in range(len(read) - size + 1) if all(fragment[start:start + size])]


class Lists:
    """The entries of every language's list: single words, and phrases as runs of words."""

    def __init__(self, lines: Iterable[str]) -> None:
        # an entry's letters (runs as one) -> the lengths of its runs, for each entry
        self.words: dict[str, list[tuple[int, ...]]] = {}
        self.phrases: set[tuple[str, ...]] = set()
        for line in lines:
            entry = tuple(WORD.findall(fold(line)))
            if len(entry) == 1:
                self.words.setdefault(letters(entry[0]), []).append(sizes(entry[0]))
            elif entry:
                self.phrases.add(tuple(letters(word) for word in entry))
        self.longest = max((len(phrase) for phrase in self.phrases), default=1)
        self.starts = {phrase[0] for phrase in self.phrases}
        # A chat line of one word over and over costs one look-up, not one a word.
        self.word = lru_cache(maxsize=4096)(self._word)
        # What a spelled-out run may hide inside it ("a f u c k"): the entries of 3 letters
        # or more (a shorter one would be found in too many runs of initials).
        self.hidden = re.compile("|".join(sorted(
            (word for word in self.words if len(word) >= 3), key=len, reverse=True)))

    def _listed(self, word: str) -> bool:
        entries = self.words.get(letters(word))
        if entries is None:
            return False
        have = sizes(word)
        return any(all(got >= need for got, need in zip(have, entry, strict=True))
                   for entry in entries)

    def _word(self, word: str) -> bool:
        forms = (word, word.replace("v", "u")) if "v" in word else (word,)
        return any(self._listed(form) or (form.endswith("s") and self._listed(form[:-1]))
                   for form in forms)

    def catches(self, text: str) -> bool:
        read, spelt = spelled(words(text))
        if any(self.word(word) for word in itertools.chain(read, joined(read))):
            return True
        if any(self.hidden.search(letters(run).replace("v", "u")) for run in spelt):
            return True
        plain = [letters(word) for word in read]
        return any(tuple(plain[start:start + size]) in self.phrases
                   for start, first in enumerate(plain) if first in self.starts
                   for size in range(2, self.longest + 1))


@cache
def lists() -> Lists:
    lines: list[str] = []
    for language in LANGUAGES:
        text = (LISTS / f"{language}.txt").read_text(encoding="utf-8")
        lines += [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return Lists(lines)


def check(on: bool, text: str, what: str) -> None:
    """Refuses `text` (a name, a chat line, a written name, a guess, a deck's title or card) if
    the filter is `on` and catches it. The answer names what was caught (`what`: "name 2 of
    your names") but does not repeat it."""
    if on and lists().catches(text):
        raise RoomError(FILTERED_WORD, f"this room's word filter refuses {what}: "
                                       "write it another way")


def check_action(on: bool, written: Mapping[str, str], action: Mapping[str, Any]) -> None:
    """Refuses a game action whose text others will read (the game's `WRITTEN`: action type
    -> the field holding a string or a list of them) if the filter catches any of it; in a
    list, the refusal says which one."""
    kind = str(action.get("type"))
    field = written.get(kind)
    if not on or field is None:
        return
    value = action.get(field)
    if isinstance(value, list):  # "name 2 of 3"
        for index, text in enumerate(value):
            if isinstance(text, str):
                check(on, text, f"{field.removesuffix('s')} {index + 1} of {len(value)}")
    elif isinstance(value, str):  # "that name", "that guess"
        check(on, value, f"that {kind if field == 'text' else field}")
