"""The hand check of `action` messages gives the same verdict as the pydantic model it stands in
for: accepted with the same fields, or refused with `bad_message` (or `bad_text`, from the text
gate both go through first)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonvalues import json_values
from pydantic import ValidationError

from tictac.engine import IllegalAction
from tictac.server.errors import BAD_TEXT
from tictac.server.models import ActionIn, client_message
from tictac.server.text import clean
from tictac.server.ws import BAD_MESSAGE, ActionMessage, decoded, parse

action_like = st.dictionaries(
    st.sampled_from(["action", "id", "seen", "seat", "Action", "t"]), json_values, max_size=5
).map(lambda fields: {**fields, "type": "action"})


def by_model(raw: dict[str, Any]) -> ActionIn | None:
    try:
        message = client_message.validate_python(clean(raw))
    except (ValidationError, IllegalAction):
        return None
    assert isinstance(message, ActionIn)
    return message


def by_hand(raw: dict[str, Any]) -> ActionMessage | None:
    try:
        message = parse(json.dumps(raw), 1 << 20)
    except IllegalAction as refusal:
        assert refusal.code in (BAD_MESSAGE, BAD_TEXT)
        return None
    assert isinstance(message, ActionMessage)
    return message


@settings(max_examples=300)
@given(action_like)
def test_action_check_agrees_with_the_model(raw: dict[str, Any]) -> None:
    model, hand = by_model(raw), by_hand(raw)
    assert (model is None) == (hand is None)
    if model is not None and hand is not None:
        assert (hand.action, hand.id, hand.seen) == (model.action, model.id, model.seen)


@pytest.mark.parametrize(("raw", "accepted"), [
    ({"type": "action", "action": {"type": "draw"}, "id": 3}, True),
    ({"type": "action", "action": {"type": "draw"}}, True),
    ({"type": "action", "action": {"type": "draw"}, "id": None}, True),
    ({"type": "action", "action": {"type": "draw"}, "id": True}, False),
    ({"type": "action", "action": {"type": "draw"}, "id": 1.0}, False),
    ({"type": "action", "action": [], "id": 1}, False),
    ({"type": "action", "action": {"type": "found"}, "seen": 12}, True),
    ({"type": "action", "action": {"type": "found"}, "seen": "12"}, False),
    ({"type": "action", "action": {"type": "found"}, "seen": 12.0}, False),
    ({"type": "action", "action": {"type": "found"}, "seen": False}, False),
    ({"type": "action"}, False),
    ({"type": "action", "action": {}, "seat": 2}, False),
])
def test_action_check_cases(raw: dict[str, Any], accepted: bool) -> None:
    assert (by_hand(raw) is not None) == accepted == (by_model(raw) is not None)


def outcome(read: Any, text: str) -> tuple[str, str]:
    try:
        return "value", repr(read(text))
    except (ValueError, RecursionError) as error:
        return type(error).__name__, str(error)


@settings(max_examples=300)
@given(st.one_of(json_values.map(json.dumps), st.text(max_size=40)),
       st.sampled_from(["", " ", "\n", "\ufeff", "x"]), st.sampled_from(["", " ", "\t", "x", "}"]))
def test_a_message_is_decoded_as_json_loads_decodes_it(text: str, before: str,
                                                      after: str) -> None:
    """`decoded`, json's scanner read directly, gives what `json.loads` gives, value or error,
    for JSON texts with and without whitespace or more around them, and for any text."""
    framed = before + text + after
    assert outcome(decoded, framed) == outcome(json.loads, framed)
