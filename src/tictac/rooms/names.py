"""Display-name rules: 1 to 24 characters, every one of them visible (see visible.py), and no two
names in a room that a player could take one for the other.

Two names clash when they share a skeleton. A name's skeletons are Unicode's confusable
skeleton (UTS #39, from ICU's confusables data: "Аlice" with a Cyrillic А, Cherokee "Ꭺlice",
"ɑlice", "B0b" are "Alice" and "Bob") of its NFKC form (so fullwidth "Ａｌｉｃｅ" and
mathematical letters are plain ones), case-folded before and after: folding first makes "ALICE"
"Alice", folding after makes "AIice" with a capital I one too. Our own additions, for what
UTS #39 leaves apart but a phone's small letters do not: the small capitals it leaves out
("Aʟice"), a stroke through a letter ("Ałice", "Søren"), a dot above an i or j that has one.
An accent is part of a name, as in UTS #39: "Élodie" and "Elodie", "Zoé" and "Zoe" may sit in
one room.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

import icu

from tictac.rooms.errors import BAD_NAME, NAME_TAKEN, RoomError
from tictac.rooms.visible import blank, unseen

MAX_NAME = 24

_CONFUSABLES = icu.SpoofChecker()
# Small capitals that confusables.txt does not map to the letter they are drawn as.
_SMALL_CAPITALS = str.maketrans({
    "ᴀ": "a", "ʙ": "b", "ᴅ": "d", "ᴇ": "e", "ꜰ": "f", "ɢ": "g", "ʜ": "h", "ᴊ": "j", "ᴋ": "k",
    "ʟ": "l", "ᴍ": "m", "ɴ": "n", "ᴘ": "p", "ʀ": "r", "ᴛ": "t",
})
# What the skeleton keeps beside a letter that hardly shows: the overlays it spells a stroke
# with (ł is l + U+0338) and a dot above an i or j.
_FAINT = re.compile("[\u0334-\u0338]|(?<=[ij])\u0307")


def _skeleton(text: str) -> str:
    return _FAINT.sub("", _CONFUSABLES.getSkeleton(0, text.translate(_SMALL_CAPITALS)))


def skeletons(name: str) -> frozenset[str]:
    """What `name` looks like, for comparison only (never shown). Runs of spaces count as one
    and none at the ends: NFKC can add one ("¨" becomes a space and a combining mark)."""
    plain = unicodedata.normalize("NFKC", name)
    looks = (_skeleton(plain.casefold()), _skeleton(plain).casefold())
    return frozenset(" ".join(look.split()) for look in looks)


def clean_name(name: str, others: Iterable[str] = ()) -> str:
    name = unicodedata.normalize("NFC", name).strip()
    if not 1 <= len(name) <= MAX_NAME or blank(name):
        raise RoomError(BAD_NAME, f"a name has 1 to {MAX_NAME} characters")
    if any(unicodedata.category(c)[0] == "C" for c in name):
        raise RoomError(BAD_NAME, "a name cannot hold control or invisible characters")
    hidden = unseen(name)
    if hidden is not None:
        raise RoomError(BAD_NAME, f"a name cannot hold {hidden}")
    looks = skeletons(name)
    for other in others:
        if skeletons(other) & looks:
            raise RoomError(NAME_TAKEN, f"someone in this room is already called {other!r}"
                            if other.casefold() == name.casefold() else
                            f"{name!r} looks too much like {other!r}, already in this room")
    return name
