"""Display names: look-alikes of a name already in the room are refused (issue 9, item 7)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictac.rooms.errors import NAME_TAKEN, RoomError
from tictac.rooms.names import clean_name, skeleton


@pytest.mark.parametrize("lookalike", [
    "\u0410lice",  # Cyrillic capital A
    "Ali\u0441e",  # Cyrillic small es
    "\uff21\uff4c\uff49\uff43\uff45",  # fullwidth
    "\U0001d400lice",  # mathematical bold A
    "ALICE",
    "A1ice",  # digit one for l
    "\u0391lice",  # Greek capital alpha
])
def test_a_lookalike_of_a_name_in_the_room_is_refused(lookalike: str) -> None:
    with pytest.raises(RoomError) as refused:
        clean_name(lookalike, ["Alice"])
    assert refused.value.code == NAME_TAKEN


@pytest.mark.parametrize(("name", "other"), [
    ("Alice", "Alicia"), ("Zoé", "Zoe"), ("Юля", "Юра"), ("Bot 1", "Bot 2"), ("Ana", "Anna"),
])
def test_names_that_look_different_are_both_accepted(name: str, other: str) -> None:
    assert clean_name(name, [other]) == name


def test_a_name_is_kept_as_typed_only_its_comparison_is_folded() -> None:
    assert clean_name("\uff21\uff4c") == "\uff21\uff4c"
    assert skeleton("\uff21\uff4c") == skeleton("al")


@given(st.text(min_size=1, max_size=24))
def test_a_name_never_stands_beside_its_own_skeleton(name: str) -> None:
    try:
        kept = clean_name(name)
    except RoomError:
        return
    with pytest.raises(RoomError) as refused:
        clean_name(skeleton(kept), [kept])
    assert refused.value.code == NAME_TAKEN or not 1 <= len(skeleton(kept).strip()) <= 24
