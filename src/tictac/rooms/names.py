"""Display-name rules: 1 to 24 visible characters, and no two names in a room that a player
could take one for the other.

Two names clash when their skeletons are equal. The skeleton is the name NFKC-normalized (so
fullwidth "Ａｌｉｃｅ" and mathematical letters become plain ones), case-folded, and with every
character of LOOKALIKES replaced by the Latin letter it is drawn like. LOOKALIKES is our own
short table of the Cyrillic, Greek and digit shapes most often passed off as Latin letters: it
catches the usual impersonations ("Аlice" with a Cyrillic А, "B0b" with a zero), not every
pair Unicode's confusables list holds.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from tictac.rooms.errors import BAD_NAME, NAME_TAKEN, RoomError

MAX_NAME = 24

# Case-folded look-alike -> the Latin character it passes for.
LOOKALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "с": "c", "ԁ": "d", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i",
    "ј": "j", "к": "k", "ӏ": "l", "м": "m", "н": "h", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s",
    "т": "t", "ц": "u", "ѵ": "v", "ԝ": "w", "х": "x", "у": "y", "ү": "y", "з": "3",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ζ": "z",
    # Latin and digits drawn alike
    "0": "o", "1": "l", "ı": "i", "ɩ": "i", "ɡ": "g", "ʏ": "y",
})


def skeleton(name: str) -> str:
    """What `name` looks like, for comparison only (never shown). Runs of spaces count as one
    and none at the ends: NFKC can add one ("¨" becomes a space and a combining mark)."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().translate(LOOKALIKES).split())


def clean_name(name: str, others: Iterable[str] = ()) -> str:
    name = unicodedata.normalize("NFC", name).strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise RoomError(BAD_NAME, f"a name has 1 to {MAX_NAME} characters")
    if any(unicodedata.category(c)[0] == "C" for c in name):
        raise RoomError(BAD_NAME, "a name cannot hold control or invisible characters")
    looks = skeleton(name)
    for other in others:
        if skeleton(other) == looks:
            raise RoomError(NAME_TAKEN, f"someone in this room is already called {other!r}"
                            if other.casefold() == name.casefold() else
                            f"{name!r} looks too much like {other!r}, already in this room")
    return name
