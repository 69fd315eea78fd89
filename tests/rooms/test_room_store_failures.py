"""A store that fails (a full disk, a read-only file): the room refuses with `store_failed` and
changes nothing, so what everybody sees is always what the store holds. The SQLite file itself
refuses (see `roomtable.refusing`), not a stand-in for the store."""

from __future__ import annotations

from typing import Any

import pytest
from roomtable import Table, refused, refusing, safe_cut

from tictac.rooms import joins


async def test_an_action_the_store_refuses_is_rolled_back(stored_table: Table) -> None:
    room, host, _ = await stored_table.room("time-bomb", bots=3, options={"first_holder": 0})
    await stored_table.op(room, host, "start")
    before, cut = room.state.clone(), safe_cut(room.state, 0)
    with refusing(stored_table.store, ("actions",)):
        await refused("store_failed", room.call(room.act, host, cut, 1))
    assert room.state == before and room.log == [] and host.of("ack") == []
    await room.call(room.act, host, cut, 2)  # the same cut, now that the store takes it
    assert host.of("ack") == [{"type": "ack", "id": 2, "version": 1}]
    stored = await stored_table.store.load_game(room.code, 0)
    assert stored is not None and stored.log == room.log


async def stored_record(table: Table, code: str) -> dict[str, Any] | None:
    dumps = {dump.code: dump for dump in await table.store.load_rooms()}
    return dumps[code].record if code in dumps else None


async def test_a_join_the_store_refuses_leaves_no_ghost_seat(stored_table: Table) -> None:
    room, host, _ = await stored_table.room("time-bomb")
    before = room.summary()
    with refusing(stored_table.store):
        await refused("store_failed", room.call(joins.join, room, "Bea", False))
    assert room.summary() == before and host.room() == room.summary(room.seating.places[0])
    assert await stored_record(stored_table, room.code) == room.stored_record()
    await stored_table.join(room, "Bea")  # the name is free: no ghost holds it
    assert [seat["name"] for seat in room.summary()["seats"]] == ["Host", "Bea"]


async def test_a_start_the_store_refuses_answers_and_leaves_the_lobby(stored_table: Table) -> None:
    room, host, _ = await stored_table.room("time-bomb", bots=3, options={"first_holder": 0})
    with refusing(stored_table.store):
        await refused("store_failed", stored_table.op(room, host, "start"))
    assert (room.status, room.record.games, room.state, room.log) == ("lobby", 0, None, [])
    assert host.of("view") == [] and host.room()["status"] == "lobby"
    assert await stored_record(stored_table, room.code) == room.stored_record()
    await stored_table.op(room, host, "start")  # and the room plays on
    await room.call(room.act, host, safe_cut(room.state, 0), 1)
    assert host.of("ack") == [{"type": "ack", "id": 1, "version": 1}]


@pytest.mark.parametrize(("op", "fields"), [
    ("set_options", {"options": {"first_holder": 1}}), ("add_bot", {"kind": None}),
    ("remove_seat", {"seat": 1}), ("kick", {"seat": 2}), ("transfer_host", {"seat": 2}),
    ("set_policy", {"policy": "skip", "after_s": 5}), ("set_timer", {"turn_s": 30}),
    ("set_bot_pause", {"ms": 100}), ("rename", {"name": "Hostess"}),
])
async def test_a_lobby_op_the_store_refuses_changes_nothing(
        stored_table: Table, op: str, fields: dict[str, Any]) -> None:
    room, host, _ = await stored_table.room("time-bomb", bots=1)
    bea, _ = await stored_table.join(room, "Bea")
    before, told = room.summary(), len(bea.sent)
    with refusing(stored_table.store):
        await refused("store_failed", stored_table.op(room, host, op, **fields))
    assert room.summary() == before and len(bea.sent) == told
    assert await stored_record(stored_table, room.code) == room.stored_record()
    await stored_table.op(room, host, op, **fields)  # the same op, once the store takes it
    assert room.summary() != before
    assert await stored_record(stored_table, room.code) == room.stored_record()


async def test_a_create_the_store_refuses_leaves_no_ghost_room(stored_table: Table) -> None:
    manager = stored_table.manager
    with refusing(stored_table.store):
        for _ in range(3):
            await refused("store_failed", manager.create("time-bomb", "Host", None))
    assert manager.rooms == {} and await stored_table.store.load_rooms() == []
    room, _ = await manager.create("time-bomb", "Host", None)
    assert list(manager.rooms) == [room.code]


async def test_a_move_the_room_makes_itself_is_tried_again_after_the_store_refused_it(
        stored_table: Table) -> None:
    """A bot's move (a deadline's, a stand-in's alike) the store refuses is not given up: the
    room would wait for it for good, every client told nothing (issue 21: a room stalled
    after a database restart). It is made again once the store takes it."""
    room, host, _ = await stored_table.room("time-bomb", bots=3, options={"first_holder": 1})
    await stored_table.op(room, host, "start")
    with refusing(stored_table.store, ("actions",)):
        await stored_table.tick(room, 5_000)  # the bot of seat 1 has tried, and was refused
        assert room.log == []
    await stored_table.tick(room, 5_000)
    assert [entry.seat for entry in room.log[:1]] == [1]
    stored = await stored_table.store.load_game(room.code, 0)
    assert stored is not None and stored.log == room.log
