"""A store that fails (a full disk, a read-only file): the room refuses with `store_failed` and
changes nothing, so what everybody sees is always what the store holds. The SQLite file itself
refuses (see `roomtable.refusing`), not a stand-in for the store."""

from __future__ import annotations

from roomtable import Table, refused, refusing, safe_cut


async def test_an_action_the_store_refuses_is_rolled_back(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=3, options={"first_holder": 0})
    await table.op(room, host, "start")
    before, cut = room.state.clone(), safe_cut(room.state, 0)
    with refusing(table.store, ("actions",)):
        await refused("store_failed", room.call(room.act, host, cut, 1))
    assert room.state == before and room.log == [] and host.of("ack") == []
    await room.call(room.act, host, cut, 2)  # the same cut, now that the store takes it
    assert host.of("ack") == [{"type": "ack", "id": 2, "version": 1}]
    stored = await table.store.load_game(room.code, 0)
    assert stored is not None and stored.log == room.log
