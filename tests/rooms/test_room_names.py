"""Display names: look-alikes of a name already in the room are refused (issue 9, item 7), on
Unicode's confusable skeletons, and a name shows every character it holds (issue 20, item 6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictac.rooms.errors import BAD_NAME, NAME_TAKEN, RoomError
from tictac.rooms.names import clean_name, skeletons

# Every one is drawn like "Alice", exactly or nearly: refused beside it.
VARIANTS = [
    "Alice\ufe0f",  # + a variation selector (drawn exactly like it)
    "Alice\u3164",  # + the Hangul filler (drawn exactly like it)
    "Alice\u115f", "Alice\u1160", "Alice\uffa0",  # the other Hangul fillers
    "Alice\u200b", "Al\u200cice", "Alice\u200d", "Alice\u2060", "Al\u00adice",  # zero-width
    "Alice\u034f", "Alice\ufe00", "Alice\U000e0041", "Alice\u180e",  # more that draw as nothing
    "Ali\u00a0ce", "Alice\u2007x", "Alice\u2800",  # blank-looking: no-break, figure, Braille
    "A\u029fice",  # ʟ, small capital L
    "\u13aalice",  # Cherokee Ꭺ
    "\u0251lice",  # Latin alpha ɑ
    "Ali\u0307ce",  # a combining dot above the i
    "A\u0142ice",  # ł
    "\u0410lice", "Ali\u0441e", "Al\u0456ce", "Alic\u0435",  # Cyrillic А, с, і, е
    "\u0391lice",  # Greek capital alpha
    "\uff21\uff4c\uff49\uff43\uff45",  # fullwidth
    "\U0001d400\U0001d425\U0001d422\U0001d41c\U0001d41e",  # mathematical bold
    "ALICE", "alice", " Alice ", "Alice\u00a0",  # case and spaces at the ends
    "A1ice",  # digit one for l
    "AIice",  # capital I for l
    "Al\u0131ce",  # dotless ı
    "Alic\u1d07",  # small capital E
]


@pytest.mark.parametrize("lookalike", VARIANTS)
def test_a_lookalike_of_a_name_in_the_room_is_refused(lookalike: str) -> None:
    with pytest.raises(RoomError) as refused:
        clean_name(lookalike, ["Alice"])
    assert refused.value.code in (NAME_TAKEN, BAD_NAME)


@pytest.mark.parametrize("hidden", ["\ufe0f", "\u3164", "\u200b", "\u00a0", "\u2800", "\u115f"])
def test_a_name_with_a_character_that_does_not_show_is_refused_even_alone(hidden: str) -> None:
    for name in (f"Bob{hidden}x", hidden, hidden * 3):
        with pytest.raises(RoomError) as refused:
            clean_name(name)
        assert refused.value.code == BAD_NAME


@pytest.mark.parametrize(("name", "other"), [
    ("Alice", "Alicia"), ("Zoé", "Zoe"), ("Élodie", "Elodie"), ("Юля", "Юра"),
    ("Bot 1", "Bot 2"), ("Ana", "Anna"), ("Rén", "Ren"), ("Alice ❤️", "Alice"),
])
def test_names_that_look_different_are_both_accepted(name: str, other: str) -> None:
    assert clean_name(name, [other]) == name


def test_a_name_is_kept_as_typed_only_its_comparison_is_folded() -> None:
    assert clean_name("\uff21\uff4c") == "\uff21\uff4c"
    assert skeletons("\uff21\uff4c") & skeletons("al")


@given(st.text(min_size=1, max_size=24))
def test_a_name_never_stands_beside_its_own_case_or_an_unseen_copy(name: str) -> None:
    try:
        kept = clean_name(name)
    except RoomError:
        return
    for copy in (kept.upper(), kept.casefold(), kept + "\ufe0f", kept + "\u3164"):
        try:
            clean_name(copy)
        except RoomError:
            continue  # refused on its own (too long once folded, or unseen)
        with pytest.raises(RoomError) as refused:
            clean_name(copy, [kept])
        assert refused.value.code == NAME_TAKEN
