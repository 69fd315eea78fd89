"""Room codes read aloud and display names."""

from __future__ import annotations

import pytest

from tictac.engine import IllegalAction
from tictac.rooms.codes import ALPHABET, new_code, normalize
from tictac.rooms.names import clean_name


def test_room_codes_avoid_look_alike_characters() -> None:
    assert not set("01OI") & set(ALPHABET)
    code = new_code(set())
    assert len(code) == 5 and normalize(code.lower()) == code
    assert normalize("AB0DE") is None and normalize("ABCD") is None


def test_names_are_trimmed_and_normalized() -> None:
    assert clean_name("  Zoé  ") == "Zoé"
    with pytest.raises(IllegalAction):
        clean_name("zoé", ["ZOÉ"])
