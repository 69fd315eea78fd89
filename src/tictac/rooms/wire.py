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
