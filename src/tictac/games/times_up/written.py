"""What a written name must be (the player-written deck: deal.write, and screening.rewrite):
some text of at most `MAX_NAME` characters that a guess could win, and no name a guess could
not tell from another name of the deck."""

from __future__ import annotations

from collections.abc import Iterable

from tictac.engine import IllegalAction
from tictac.engine.errors import BAD_FIELD
from tictac.games.times_up import errors
from tictac.games.times_up.guess import required_words, variants, words

MAX_NAME = 60


def spellings(name: str) -> set[str]:
    """The forms a guess of `name` may take, to keep two written names from sharing one."""
    return {"".join(words(variant)) for variant in variants(name)} - {""}


def taken(names: Iterable[str]) -> set[str]:
    return {form for name in names for form in spellings(name)}


def check_name(name: object, taken: set[str]) -> tuple[str, set[str]]:
    """`name` tidied (its runs of spaces one space) and its spellings, if it may join a deck
    whose names have the spellings `taken`."""
    if not isinstance(name, str) or len(name) > MAX_NAME or not words(name):
        raise IllegalAction(BAD_FIELD, f"each name is some text of at most {MAX_NAME} chars")
    if not required_words(name):
        raise IllegalAction(errors.ALL_OPTIONAL,
                            f"{name!r} is all in brackets: no guess could win it")
    forms = spellings(name)
    if forms & taken:
        raise IllegalAction(errors.DUPLICATE_NAME, f"{name!r} is already in the deck")
    return " ".join(name.split()), forms
