"""The text gate's numbers (issue 20, item 3): a non-finite number or an integer a browser
cannot read exactly is refused as `bad_message` at any depth, and the shortcut for plain
messages never lets one through unwalked."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictac.engine import IllegalAction
from tictac.server.text import MAX_DEPTH, MAX_INT, clean, plain
from tictac.server.ws import parse

UNFIT = ["1e400", "-1e400", "NaN", "Infinity", "-Infinity", str(MAX_INT + 1), str(-MAX_INT - 1),
         "9" * 400]


def deep(number: str, levels: int) -> str:
    return "[" * levels + number + "]" * levels


@pytest.mark.parametrize("number", UNFIT)
@pytest.mark.parametrize("levels", [0, 1, MAX_DEPTH - 2])
def test_a_number_that_does_not_fit_is_refused_at_any_depth(number: str, levels: int) -> None:
    text = '{"type":"ping","t":0,"x":' + deep(number, levels) + "}"
    assert not plain(text)
    with pytest.raises(IllegalAction) as refused:
        parse(text, 65536)
    assert refused.value.code == "bad_message"


@pytest.mark.parametrize("value", [0, MAX_INT, -MAX_INT, 1.5, 1e300, -0.0, True, None])
def test_numbers_that_fit_are_kept(value: object) -> None:
    assert clean({"n": [value]}) == {"n": [value]}


@given(st.integers() | st.floats(), st.integers(0, MAX_DEPTH - 1))
def test_plain_never_skips_a_number_the_walk_refuses(number: float, levels: int) -> None:
    text = deep(json.dumps(number), levels)
    try:
        clean(json.loads(text))
    except IllegalAction:
        assert not plain(text)
