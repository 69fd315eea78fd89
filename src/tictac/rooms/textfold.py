"""The one normalisation of a text before the word filter compares it (wordfilter.py): what a
text looks like to a reader, whatever characters spell it. Never shown, never stored.

In order: NFKC (fullwidth and styled letters are plain ones, a no-break space a space), the
characters that draw as nothing removed (Unicode's Default_Ignorable_Code_Point and format
characters: zero-width spaces and joiners, soft hyphens, word joiners, variation selectors,
Hangul fillers, tags), case, digits and symbols written for letters ("sh1t", "@ss"), look-alike
letters of other scripts (Unicode's confusable skeleton, UTS #39, from the confusables data ICU
ships: a Cyrillic "і" is an "i"), accents, and "l" taken as "i" (a phone's font hardly tells
"I" from "l"). Runs of one letter ("fuuuck") are kept: the filter compares them by run."""

from __future__ import annotations

import re
import unicodedata

import icu

_INVISIBLE = icu.UnicodeSet("[[:Default_Ignorable_Code_Point:][:Cf:]]")
_CONFUSABLES = icu.SpoofChecker()
# Digits and symbols written for the letter they look like. "1", "!" and "|" are an "i", which
# folding then takes as one letter with "l".
_LEET = str.maketrans({"0": "o", "1": "i", "!": "i", "|": "i", "3": "e", "4": "a", "@": "a",
                       "5": "s", "$": "s", "7": "t", "8": "b", "9": "g", "€": "e", "£": "l"})
WORD = re.compile(r"[^\W\d_]+")


def visible(text: str) -> str:
    """`text` without the characters that draw as nothing."""
    if text.isascii():
        return text
    return "".join(char for char in text if not _INVISIBLE.contains(char))


def fold(text: str) -> str:
    """`text` as the filter compares it."""
    plain = visible(unicodedata.normalize("NFKC", text)).casefold().translate(_LEET)
    looks = _CONFUSABLES.getSkeleton(0, plain).casefold()
    bare = "".join(char for char in unicodedata.normalize("NFD", looks)
                   if not unicodedata.combining(char))
    return bare.replace("l", "i")


def words(text: str) -> list[str]:
    """The folded words of `text`, in order."""
    return WORD.findall(fold(text))
