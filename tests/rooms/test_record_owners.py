"""Each concern of a room's record has an owner: only its module writes its fields, through
methods the others call (the lobby once did `del room.record.credits[-2:]`, knowing how
credits are stored). Read from the sources of `tictac.rooms`: any assignment, augmented
assignment or `del` whose target is an owned field (of any object, subscripted or not), any
call of a mutating method on one, and any keyword naming one in a call making a record
(`RoomRecord(...)`, `dataclasses.replace(...)`) counts as a write. A field is matched by its
name, whatever object holds it: nothing in the rooms names another attribute like a field of the
record (the room's audio and video is `Room.calls`, not `media`)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import tictac.rooms

ROOMS = Path(tictac.rooms.__file__).parent
# Field of `RoomRecord` -> the one module that writes it.
OWNERS = {
    "created_ms": "room.py",  # given when a room's record is made, never changed
    "credits": "credits.py",
    "votes": "audience.py",
    "tvs": "audience.py",
    "streamer": "streamer.py",
    "code_until": "streamer.py",
    "word_filter": "streamer.py",
    "paused_at": "gameclock.py",
    "paused_ms": "gameclock.py",
    "paused_by": "gameclock.py",
    "evening": "evening.py",
    "evening_carried": "evening.py",
    "evening_folded": "evening.py",
    "evening_over": "evening.py",
    "deck": "decks.py",
    "status": "room.py",
    "games": "room.py",
    "first_game": "room.py",
    "options": "house.py",
    "policy": "house.py",
    "gone_after_s": "house.py",
    "turn_s": "house.py",
    "bot_pause_ms": "house.py",
    "public_replays": "house.py",
    "media": "media.py",
}
# A new room's record is made in room.py with the server's defaults for two house rules: that
# call gives them their first value, house.py every later one.
MADE_WITH = {("room.py", "gone_after_s"), ("room.py", "bot_pause_ms")}
MAKERS = frozenset({"RoomRecord", "replace"})  # the calls whose keywords give a record's fields
MUTATORS = frozenset({"append", "extend", "insert", "pop", "popitem", "remove", "clear",
                      "update", "setdefault", "sort", "reverse"})


def _fields_written(target: ast.expr) -> Iterator[str]:
    """The attribute names an assignment or `del` of `target` writes (a[i].x, (a.x, b.y))."""
    if isinstance(target, (ast.Tuple, ast.List)):
        for item in target.elts:
            yield from _fields_written(item)
    elif isinstance(target, ast.Starred):
        yield from _fields_written(target.value)
    else:
        while isinstance(target, ast.Subscript):
            target = target.value
        if isinstance(target, ast.Attribute):
            yield target.attr


def _called(function: ast.expr) -> str | None:
    """The name a call calls (`f(...)`, `module.f(...)`)."""
    if isinstance(function, ast.Attribute):
        return function.attr
    return function.id if isinstance(function, ast.Name) else None


def writes(source: str) -> Iterator[tuple[int, str]]:
    """Each (line, field) of `source` that writes an attribute named like an owned field."""
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Call) and _called(node.func) in MAKERS:
            yield from ((node.lineno, keyword.arg) for keyword in node.keywords
                        if keyword.arg in OWNERS)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in MUTATORS):
            targets = [node.func.value]
        for target in targets:
            yield from ((node.lineno, name) for name in _fields_written(target) if name in OWNERS)


def test_the_check_sees_each_kind_of_write() -> None:
    source = """
del room.record.credits[-2:]
record.paused_at, record.paused_by = None, None
record.paused_ms += 5
room.record.tvs.append(pid)
record.votes.setdefault(key, {})[str(pid)] = choice
on = room.record.streamer = True
room.record.word_filter: bool = True
seen = room.record.code_until
record = RoomRecord(created_ms=now, gone_after_s=20, bot_pause_ms=0)
later = dataclasses.replace(record, media={"on": True})
"""
    assert sorted(name for _, name in writes(source)) == sorted(
        ["credits", "paused_at", "paused_by", "paused_ms", "tvs", "votes", "streamer",
         "word_filter", "created_ms", "gone_after_s", "bot_pause_ms", "media"])


def test_no_module_but_its_owner_writes_an_owned_field_of_the_record() -> None:
    found = []
    for path in sorted(ROOMS.rglob("*.py")):
        for line, name in writes(path.read_text(encoding="utf-8")):
            if path.name != OWNERS[name] and (path.name, name) not in MADE_WITH:
                found.append(f"{path.relative_to(ROOMS)}:{line} writes {name}")
    assert found == []


def test_each_owner_writes_its_fields() -> None:
    """An owner that stopped writing a field would leave the list above out of date."""
    written = {(path.name, name) for path in ROOMS.rglob("*.py")
               for _, name in writes(path.read_text(encoding="utf-8"))}
    assert {(owner, name) for name, owner in OWNERS.items()} <= written
