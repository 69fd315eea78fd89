"""A join is answered before its place is saved (issue 20, item 3): a room that cannot be
answered about takes nobody in, rather than keep a seat whose token nobody got. The room here
holds an option a store written before the text gate could hold (SQLite kept `Infinity`)."""

from __future__ import annotations

import json
import math

from roomtable import Table, refused
from test_room_store_failures import stored_record

from tictac.rooms import joins


async def test_a_join_that_cannot_be_answered_leaves_memory_and_store_as_they_were(
        stored_table: Table) -> None:
    room, _, _ = await stored_table.room("times-up")
    room.record.options = {"teams": [[math.inf]]}  # what the old gate let in, and saved
    await room.call(room.save)
    before, stored = room.stored_record(), await stored_record(stored_table, room.code)
    await refused("bad_option", room.call(joins.join, room, "Bea", False))
    assert room.stored_record() == before and await stored_record(stored_table, room.code) == stored
    room.record.options = {}  # once the room holds what it may, Bea's name is free: no ghost has it
    await stored_table.join(room, "Bea")
    assert [seat["name"] for seat in room.summary()["seats"]] == ["Host", "Bea"]


async def test_the_joiner_is_answered_with_their_token_seat_and_the_room(table: Table) -> None:
    room, _, _ = await table.room("time-bomb")
    token, place, answer = await room.call(joins.join, room, "Bea", False)
    assert answer.isascii()
    assert json.loads(answer) == {"code": room.code, "token": token, "seat": 1,
                                  "room": room.summary(place)}
