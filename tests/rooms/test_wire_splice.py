"""The one way a message encoded once gets the part that differs per connection: keys added at
the end of an object left open (`tictac.rooms.wire`), always valid JSON, equal to the whole
message encoded at once."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tictac.rooms.wire import add_key, dumps, extend, opened


@pytest.mark.parametrize("head", [{}, {"type": "view", "n": 1}])
@pytest.mark.parametrize("value", [None, 3, {"seat": 0, "names": ["Ann"]}])
def test_a_key_added_to_an_open_object(head: dict[str, Any], value: Any) -> None:
    text = add_key(opened(dumps(head)), "yours", dumps(value))
    assert json.loads(text) == {**head, "yours": value}
    assert text == dumps({**head, "yours": value})


def test_a_key_added_to_the_object_last_in_the_message() -> None:
    message = {"type": "room", "room": {"code": "ABCDE", "seats": []}}
    text = add_key(opened(dumps(message), depth=2), "you", dumps({"seat": 1}), depth=2)
    assert json.loads(text) == {"type": "room", "room": {**message["room"], "you": {"seat": 1}}}


@pytest.mark.parametrize("shared", [{}, {"heaps": [1, 2]}])
@pytest.mark.parametrize("own", [{}, {"hand": [3]}])
def test_an_object_extended_by_another(shared: dict[str, Any], own: dict[str, Any]) -> None:
    text = extend(opened(dumps(shared)), dumps(own))
    assert json.loads(text) == {**shared, **own}
    assert text == dumps({**shared, **own})
