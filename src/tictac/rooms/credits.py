"""Who made each action of a game, whoever holds the seat now.

A seat changes hands mid-game when the host replaces its player by a bot or kicks them: the
log keeps the seat of each action, so naming its mover by the seat's holder at display time
would credit a replaced player's earlier moves to the bot. The room keeps, in its record, each
such change as a credit `[game, from, seat, name, for]`: from the `from`-th action of game
`game` on (0-based, `len(log)` at the change), `seat` is played by `name` standing in `for`
someone (a bot: "Bot 3" for "Damien"), or by nobody (`name` null: a kicked player's emptied seat,
played by the room's gone-player policy). Before any credit the seat's mover is the name it had
when the game began (the game's stored `names`). Records older than credits read as none.

A host's skip makes one move for a seat without handing it on: the credit of that one action is
the host's (`[game, from, seat, host, for, "skip"]`, shown "Ana (host) for Damien"), and the next
action goes back to the seat's credit before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tictac.rooms.record import RoomRecord

Credit = dict[str, Any]  # {"name": str | None, "for": str | None}, and "skip": True for a skip
SKIP = "skip"


def note(record: RoomRecord, index: int, seat: int, name: str | None,
         stands_for: str | None) -> None:
    """From the action `index` of the current game on, `seat` is played by `name` for
    `stands_for`."""
    record.credits.append([record.games - 1, index, seat, name, stands_for])


def note_skip(record: RoomRecord, index: int, seat: int, host: str, before: Credit) -> None:
    """The action `index` of the current game was the host's skip for `seat`, whose credit
    was `before` (it is again from the next action on)."""
    game = record.games - 1
    record.credits.append([game, index, seat, host, before["for"] or before["name"], SKIP])
    record.credits.append([game, index + 1, seat, before["name"], before["for"]])


def take_back_skip(record: RoomRecord) -> None:
    """The credits of the latest `note_skip` are undone (the store refused to keep them)."""
    del record.credits[-2:]


def of_game(credits: Sequence[Sequence[Any]], game: int) -> list[list[Any]]:
    """The game's changes, each `[from, seat, name, for, skip]`."""
    return [[*entry[1:5], len(entry) > 5 and entry[5] == SKIP] for entry in credits
            if entry[0] == game]


def _credit(name: str | None, stands_for: str | None, skip: bool) -> Credit:
    return {"name": name, "for": stands_for, "skip": True} if skip else \
        {"name": name, "for": stands_for}


def mover(names: Sequence[str], changes: Sequence[Sequence[Any]], seat: int,
          index: int) -> Credit:
    """Who played `seat` at the action `index` (0-based) of a game whose credit changes are
    `changes` (`of_game`) and whose seats had `names` at the start."""
    credit: Credit = {"name": names[seat] if seat < len(names) else None, "for": None}
    for start, changed, name, stands_for, skip in changes:
        if changed == seat and start <= index:
            credit = _credit(name, stands_for, skip)
    return credit


def person(names: Sequence[str], changes: Sequence[Sequence[Any]], seat: int,
           index: int) -> str | None:
    """The person `seat` stands for at action `index`: its player, or the one a bot or an
    emptied seat stands in for."""
    credit = mover(names, changes, seat, index)
    who: str | None = credit["for"] or credit["name"]
    return who


def movers(names: Sequence[str], changes: Sequence[Sequence[Any]],
           seats: int) -> list[list[Credit]]:
    """For each seat, everyone who has played it this game, in order, each with the index of
    the first action that is theirs (`from`)."""
    every: list[list[Credit]] = [[{**mover(names, [], seat, 0), "from": 0}]
                                 for seat in range(seats)]
    for start, seat, name, stands_for, skip in changes:
        if 0 <= seat < seats:
            every[seat].append({**_credit(name, stands_for, skip), "from": start})
    return every
