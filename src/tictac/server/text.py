"""The one gate for text from outside: every string anywhere in an incoming message or HTTP body
(values and object keys alike) passes `clean` before it can reach a room, a game or the store.

A string is refused (`bad_text`) when it holds
- a lone UTF-16 surrogate (JSON allows `"\\ud800"`; no UTF-8 encoder does, so one stored
  surrogate used to make every later message of its room unsendable),
- a control character (C0, DEL, C1: NUL, newlines and tabs included; no field takes them),
- a bidirectional override, embedding or isolate, or an LRM/RLM/ALM mark (they reorder what
  others see around them), a line or paragraph separator, a byte-order mark or a noncharacter,
- more than `MAX_TEXT` characters.
Every other string is NFC-normalized, so the same text typed two ways is stored one way.
A value nested deeper than `MAX_DEPTH` is refused as `bad_message`: no message needs it, and
walking it would cost the server recursion. So is a number that does not fit (`bad_message`):
a non-finite one (`1e400` parses to infinity, `NaN` and `Infinity` are literals Python's JSON
reads), which no JSON encoder of ours writes back, and an integer outside ±(2^53 - 1), which a
browser cannot read exactly.
"""

from __future__ import annotations

import math
import re
import unicodedata
from typing import Any

from tictac.engine import IllegalAction
from tictac.server.errors import BAD_MESSAGE, BAD_TEXT

MAX_TEXT = 1000
MAX_DEPTH = 16
MAX_INT = 2**53 - 1  # JavaScript's Number.MAX_SAFE_INTEGER

_FORBIDDEN = re.compile(
    "[\x00-\x1f\x7f-\x9f"  # control characters
    "\ud800-\udfff"  # surrogates (only lone ones can reach a str)
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidirectional marks and controls
    "\u2028\u2029\ufeff\ufdd0-\ufdef\ufffe\uffff]"  # separators, BOM, noncharacters
)
# What JSON text needs for a number that does not fit: 16 digits in a row (every integer past
# MAX_INT has them), an exponent, or a literal. Strings holding one are merely walked. Written
# to begin with one set of characters, which the regex engine skips to, rather than trying
# every branch at every character (a third of the time, on every action).
_NUMBER_RISK = re.compile(
    r"[0-9.NI](?:(?<=[0-9])[0-9]{15}|(?<=[0-9.])[eE]|(?<=N)aN|(?<=I)nfinity)")
_REASONS = (
    ("\ud800", "\udfff", "a lone surrogate"),
    ("\x00", "\x9f", "a control character"),
)


def _why(char: str) -> str:
    for low, high, reason in _REASONS:
        if low <= char <= high:
            return reason
    return f"the invisible or reordering character U+{ord(char):04X}"


def clean_text(text: str, where: str = "text") -> str:
    """`text` NFC-normalized, or an IllegalAction saying what is wrong with it."""
    if len(text) > MAX_TEXT:
        raise IllegalAction(BAD_TEXT, f"{where}: a string has at most {MAX_TEXT} characters")
    bad = _FORBIDDEN.search(text)
    if bad is not None:
        raise IllegalAction(BAD_TEXT, f"{where}: holds {_why(bad.group())}")
    if text.isascii():
        return text
    return unicodedata.normalize("NFC", text)


def plain(text: str) -> bool:
    """Whether JSON `text` surely holds nothing `clean` would refuse or change, so decoding it
    is enough: ASCII without escapes has no character the gate refuses (strict JSON refuses raw
    control characters), nothing to normalize, no string longer than the whole text and no
    nesting deeper than its brackets, and no number that does not fit. Most messages (every
    usual action) are plain."""
    return (len(text) <= MAX_TEXT and text.isascii() and "\\" not in text
            and text.count("{") + text.count("[") <= MAX_DEPTH
            and _NUMBER_RISK.search(text) is None)


def check_number(value: float, where: str) -> None:
    """Refuses (`bad_message`) a number no JSON encoder writes back or a browser reads wrong."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if not -MAX_INT <= value <= MAX_INT:
            raise IllegalAction(BAD_MESSAGE, f"{where}: an integer must be within ±{MAX_INT}")
    elif not math.isfinite(value):
        raise IllegalAction(BAD_MESSAGE, f"{where}: a number must be finite")


def clean(value: Any, where: str = "", depth: int = 0) -> Any:
    """`value` (parsed JSON) with every string checked and normalized by `clean_text`, every
    number by `check_number`."""
    if isinstance(value, str):
        return clean_text(value, where or "text")
    if depth >= MAX_DEPTH and isinstance(value, dict | list):
        raise IllegalAction(BAD_MESSAGE, f"a message nests at most {MAX_DEPTH} levels")
    if isinstance(value, dict):
        cleaned = {}
        for key, item in value.items():
            if isinstance(key, str):  # checked before it is named in any answer
                key = clean_text(key, f"{where or 'message'}: a key")
            cleaned[key] = clean(item, f"{where}.{key}" if where else str(key), depth + 1)
        return cleaned
    if isinstance(value, list):
        return [clean(item, f"{where}[{index}]", depth + 1) for index, item in enumerate(value)]
    if isinstance(value, int | float):
        check_number(value, where or "number")
    return value
