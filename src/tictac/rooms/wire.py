"""Messages to clients as compact JSON text. orjson encodes a view several times faster than the
standard library (whose encoder was the largest single cost of an action); the rare value orjson
refuses (an integer wider than 64 bits, a lone surrogate in a string) goes through the standard
encoder, in ASCII: a lone surrogate then travels as a `\ud800` escape, valid JSON in valid UTF-8,
where as a raw character it could not be sent at all."""

from __future__ import annotations

import json
from typing import Any

import orjson


def dumps(message: Any) -> str:
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(message, separators=(",", ":"))


def error_message(code: str, message: str, msg_id: int | None = None) -> str:
    """A refusal as sent to a client; `id` is the refused message's, when it had one."""
    answer: dict[str, object] = {"type": "error", "code": code, "message": message}
    if msg_id is not None:
        answer["id"] = msg_id
    return dumps(answer)


# -- splicing: a message encoded once, the part that differs per connection added at its end ----


def opened(text: str, depth: int = 1) -> str:
    """`text`, a JSON object as `dumps` encodes it, left open for keys to be added at its end
    (`add_key`, `extend`): its last `depth` closing braces taken off (2: the keys go into the
    object that is its last value, as a `room` message's summary)."""
    return text[:-depth]


def add_key(head: str, key: str, value: str, depth: int = 1) -> str:
    """`head` (from `opened`) with `"key": value` (`value` JSON text, `key` a plain name) added
    at its end, closed again."""
    comma = "" if head.endswith("{") else ","
    return f'{head}{comma}"{key}":{value}{"}" * depth}'


def extend(head: str, text: str) -> str:
    """`head` (from `opened`) with the keys of the JSON object `text` added at its end, closed."""
    if text == "{}":
        return head + "}"
    return head + text[1:] if head.endswith("{") else f"{head},{text[1:]}"
