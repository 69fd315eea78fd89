"""Display-name rules: 1 to 24 visible characters, unique in a room whatever the case."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from tictac.rooms.errors import BAD_NAME, NAME_TAKEN, RoomError

MAX_NAME = 24


def clean_name(name: str, others: Iterable[str] = ()) -> str:
    name = unicodedata.normalize("NFC", name).strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise RoomError(BAD_NAME, f"a name has 1 to {MAX_NAME} characters")
    if any(unicodedata.category(c)[0] == "C" for c in name):
        raise RoomError(BAD_NAME, "a name cannot hold control or invisible characters")
    folded = name.casefold()
    if any(other.casefold() == folded for other in others):
        raise RoomError(NAME_TAKEN, f"someone in this room is already called {name!r}")
    return name
