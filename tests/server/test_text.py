"""The text gate on its own: what it refuses, what it keeps, and the shortcut `parse` takes
for plain messages agrees with the full walk."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonvalues import json_values

from tictac.engine import IllegalAction
from tictac.server.text import MAX_DEPTH, MAX_TEXT, clean, clean_text, plain


def nested(levels: int) -> object:
    value: object = 0
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize(("value", "code"), [
    ("\ud800", "bad_text"), ("a\udc00", "bad_text"), ("nul\x00", "bad_text"),
    ("tab\t", "bad_text"), ("\x85", "bad_text"), ("\u202eevil", "bad_text"),
    ("\u2067iso", "bad_text"), ("\u200f", "bad_text"), ("\ufeff", "bad_text"),
    ("\u2028", "bad_text"), ("\uffff", "bad_text"), ("x" * (MAX_TEXT + 1), "bad_text"),
    ({"\ud800": 1}, "bad_text"), ([[["\x00"]]], "bad_text"),
])
def test_refused(value: object, code: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        clean({"field": value})
    assert refused.value.code == code
    assert clean_text(refused.value.message)  # the answer itself can be sent


def test_nesting_is_bounded() -> None:
    assert clean(nested(MAX_DEPTH)) == nested(MAX_DEPTH)
    with pytest.raises(IllegalAction) as refused:
        clean(nested(MAX_DEPTH + 1))
    assert refused.value.code == "bad_message"


def test_kept_and_normalized() -> None:
    kept = {"name": "Zoe\u0301", "emoji": "👩\u200d🚀", "text": "x" * MAX_TEXT, "n": [1.5, None]}
    assert clean(kept) == {**kept, "name": "Zoé"}


@given(json_values)
def test_clean_text_is_a_fixed_point(value: object) -> None:
    try:
        once = clean(value)
    except IllegalAction:
        return
    assert clean(once) == once
    for text in json.dumps(once, ensure_ascii=False):
        assert unicodedata.category(text) != "Cs"


@given(json_values.map(json.dumps) | st.text(max_size=40).map(json.dumps))
def test_a_plain_message_needs_no_cleaning(text: str) -> None:
    if plain(text):
        value = json.loads(text)
        assert clean(value) == value


def test_plain_is_false_for_what_the_gate_must_see() -> None:
    assert not plain(json.dumps({"t": "\ud800"}))  # escaped: a backslash
    assert not plain('{"t": "é"}')
    assert not plain("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert plain(json.dumps({"type": "action", "action": {"type": "draw"}, "id": 3}))
