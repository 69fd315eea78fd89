"""What a player may report to the instance admin, checked against what the room showed them:
a name of someone in the room, a chat line said lately, a name written in the game they see,
or the shared deck the room loaded. The report keeps the text as it was shown, never what the
reporter claims it was: a report of something the room never showed is refused (`bad_report`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

from tictac.rooms.errors import BAD_REPORT, RoomError
from tictac.rooms.room import Room

WHATS = ("name", "chat", "written", "deck")


def reporter(token_hash: str) -> str:
    """What a report keeps of its reporter: a digest of the place (several reports from one
    place read alike), from which neither the token nor its hash can be read back."""
    return hashlib.sha256(f"tictac reporter {token_hash}".encode()).hexdigest()[:16]


def shown(room: Room, token: str, what: str, text: str) -> dict[str, str]:
    """The report's text, context and reporter, if the room showed `text` as a `what` to the
    holder of `token`; else `bad_report`. Runs in the room's inbox."""
    place = room.seating.place_of(token)
    context = None
    if what == "name":
        if any(other.name == text for other in room.seating.places.values()):
            context = ""
    elif what == "chat":
        context = next((name for name, said in reversed(room.said) if said == text), None)
    elif what == "written":
        view = room.view_of(room.seating.seat_of.get(place.pid))
        if view is not None and text in _strings(json.loads(view)):
            context = room.game_name
    elif what == "deck" and room.record.deck is not None:
        text, context = room.record.deck["title"], room.record.deck["code"]
    if context is None:
        raise RoomError(BAD_REPORT, f"this room did not show that {what}")
    assert place.token_hash is not None  # a token opened it
    return {"text": text, "context": context, "reporter": reporter(place.token_hash)}


def _strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value (a game's view: where a written name shows differs by
    game and phase)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
