"""What a written name must be (the player-written deck: deal.write, and screening.rewrite; a
shared deck's cards too: decks.py): some text of at most `MAX_NAME` characters, every character
of it showing, that a guess could win, and no name a guess could not tell from another name of
the deck, nor one that looks like another."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

import icu

from tictac.engine import IllegalAction
from tictac.engine.errors import BAD_FIELD
from tictac.games.times_up import errors
from tictac.games.times_up.guess import variants, words

MAX_NAME = 60

# What draws as nothing: a name holding one shows as another text than the one a guess must
# match (zero-width spaces and joiners, soft hyphens, word joiners, variation selectors, the
# Hangul fillers, tags: Unicode's Default_Ignorable_Code_Point, and the format characters).
_INVISIBLE = icu.UnicodeSet("[[:Default_Ignorable_Code_Point:][:Cf:]]")
_CONFUSABLES = icu.SpoofChecker()


def unseen(text: str) -> str | None:
    """The first character of `text` that draws as nothing, named for a refusal, or None."""
    if text.isascii():
        return None
    hidden = next((char for char in text if _INVISIBLE.contains(char)), None)
    return None if hidden is None else f"the invisible character U+{ord(hidden):04X}"


def looks(name: str) -> str:
    """What `name` looks like (Unicode's confusable skeleton, UTS #39, of its NFKC form, case
    left out): a Cyrillic "Аlice" looks like "Alice"."""
    skeleton: str = _CONFUSABLES.getSkeleton(0, unicodedata.normalize("NFKC", name).casefold())
    return skeleton.casefold()


def spellings(name: str) -> set[str]:
    """The forms a guess of `name` may take, and what it looks like (marked apart, "~"), to keep
    two written names from sharing one."""
    forms = {"".join(words(variant)) for variant in variants(name)} - {""}
    return forms | {f"~{form}" for form in (" ".join(looks(name).split()),) if form}


def outside(name: str) -> str:
    """`name` without its parenthesised parts, nested ones included: what a guess must say."""
    kept, depth = [], 0
    for char in name:
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(depth - 1, 0)
        elif depth == 0:
            kept.append(char)
    return "".join(kept)


def taken(names: Iterable[str]) -> set[str]:
    return {form for name in names for form in spellings(name)}


def check_name(name: object, taken: set[str]) -> tuple[str, set[str]]:
    """`name` tidied (its runs of spaces one space) and its spellings, if it may join a deck
    whose names have the spellings `taken`."""
    if not isinstance(name, str) or len(name) > MAX_NAME or not words(name):
        raise IllegalAction(BAD_FIELD, f"each name is some text of at most {MAX_NAME} chars")
    hidden = unseen(name)
    if hidden is not None:
        raise IllegalAction(BAD_FIELD, f"a name cannot hold {hidden}")
    if not words(outside(name)):
        raise IllegalAction(errors.ALL_OPTIONAL,
                            f"{name!r} is all in brackets: no guess could win it")
    forms = spellings(name)
    if forms & taken:
        raise IllegalAction(errors.DUPLICATE_NAME, f"{name!r} is already in the deck")
    return " ".join(name.split()), forms
