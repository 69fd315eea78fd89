"""Checks on the fields of an incoming action, shared by every game so codes stay the same."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from tictac.engine.errors import BAD_FIELD, MALFORMED, MISSING_FIELD, UNKNOWN_ACTION, IllegalAction

Action = dict[str, Any]


def action_type(action: object, known: Collection[str]) -> str:
    """The action's "type", checked against the types the game knows."""
    if not isinstance(action, dict):
        raise IllegalAction(MALFORMED, "an action is a JSON object")
    kind = action.get("type")
    if not isinstance(kind, str):
        raise IllegalAction(MALFORMED, 'an action needs a string "type"')
    if kind not in known:
        raise IllegalAction(UNKNOWN_ACTION, f"unknown action type {kind!r}")
    return kind


def int_field(action: Action, name: str, low: int, high: int) -> int:
    """An integer field in [low, high]; booleans are not integers here."""
    if name not in action:
        raise IllegalAction(MISSING_FIELD, f"{action['type']!r} needs {name!r}")
    value = action[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalAction(BAD_FIELD, f"{name!r} must be an integer")
    if not low <= value <= high:
        raise IllegalAction(BAD_FIELD, f"{name!r} must be between {low} and {high}")
    return value


def str_field(action: Action, name: str, max_len: int = 200) -> str:
    if name not in action:
        raise IllegalAction(MISSING_FIELD, f"{action['type']!r} needs {name!r}")
    value = action[name]
    if not isinstance(value, str):
        raise IllegalAction(BAD_FIELD, f"{name!r} must be a string")
    if len(value) > max_len:
        raise IllegalAction(BAD_FIELD, f"{name!r} is longer than {max_len} characters")
    return value


def bool_field(action: Action, name: str, default: bool | None = None) -> bool:
    if name not in action:
        if default is None:
            raise IllegalAction(MISSING_FIELD, f"{action['type']!r} needs {name!r}")
        return default
    value = action[name]
    if not isinstance(value, bool):
        raise IllegalAction(BAD_FIELD, f"{name!r} must be true or false")
    return value


def choice_field(action: Action, name: str, choices: Collection[str]) -> str:
    value = str_field(action, name)
    if value not in choices:
        raise IllegalAction(BAD_FIELD, f"{name!r} must be one of {sorted(choices)}")
    return value
