"""Rejoin codes on a fake clock (issue 20, item 5: a seat's key is left behind): a code opens
the seat once, within `RoomSettings.rejoin_ttl_s`, under a new token; the old token's
connections are told and closed, the old token opens nothing, and a store that refuses the
new token leaves the seat where it was, code included."""

from __future__ import annotations

import pytest
from roomtable import Table, refused, refusing
from test_room_restore import restart

from tictac.rooms import rejoin
from tictac.rooms.places import token_hash


async def test_a_code_moves_the_seat_once_and_the_old_device_is_told(table: Table) -> None:
    room, host, token = await table.room("time-bomb")
    made = await room.call(rejoin.make_code, room, token)
    assert made["expires_in_s"] == table.settings.rejoin_ttl_s
    new_token, place = await room.call(rejoin.exchange, room, made["rejoin"])
    assert new_token != token and room.seat_of[place.pid] == 0
    assert host.of("error")[-1]["code"] == "seat_moved" and host.closed == rejoin.CLOSE_SEAT_MOVED
    assert host not in room.conns
    await refused("bad_rejoin", room.call(rejoin.exchange, room, made["rejoin"]))  # one-time
    await refused("seat_moved", room.call(room.connect, host, token))  # the old key is dead
    stored = (await table.store.load_rooms(room.code))[0].record
    assert [entry["token"] for entry in stored["places"]] == [token_hash(new_token)]


async def test_a_code_expires_and_a_newer_code_replaces_it(table: Table) -> None:
    room, _, token = await table.room("time-bomb")
    ttl_ms = table.settings.rejoin_ttl_s * 1000
    first = (await room.call(rejoin.make_code, room, token))["rejoin"]
    second = (await room.call(rejoin.make_code, room, token))["rejoin"]
    await refused("bad_rejoin", room.call(rejoin.exchange, room, first))
    await table.tick(room, ttl_ms)  # the code's last millisecond has gone
    await refused("bad_rejoin", room.call(rejoin.exchange, room, second))
    third = (await room.call(rejoin.make_code, room, token))["rejoin"]
    await table.tick(room, ttl_ms - 1)
    moved, _ = await room.call(rejoin.exchange, room, third)
    assert room.place_of(moved).pid == 0


async def test_a_refused_store_leaves_the_seat_and_the_code_as_they_were(
        stored_table: Table) -> None:
    room, host, token = await stored_table.room("time-bomb")
    code = (await room.call(rejoin.make_code, room, token))["rejoin"]
    with refusing(stored_table.store, ("rooms",)):
        await refused("store_failed", room.call(rejoin.exchange, room, code))
    assert room.place_of(token).pid == 0 and host.closed is None
    moved, _ = await room.call(rejoin.exchange, room, code)  # still good: it was not used
    assert room.place_of(moved).pid == 0


@pytest.mark.parametrize("garbage", ["", "x" * 22, "not a code"])
async def test_unknown_codes_are_refused(table: Table, garbage: str) -> None:
    room, _, _ = await table.room("time-bomb")
    await refused("bad_rejoin", room.call(rejoin.exchange, room, garbage))


async def test_a_restart_forgets_the_codes_but_not_the_new_token(table: Table) -> None:
    room, _, token = await table.room("time-bomb")
    code = (await room.call(rejoin.make_code, room, token))["rejoin"]
    pending = (await room.call(rejoin.make_code, room, token))["rejoin"]
    await refused("bad_rejoin", room.call(rejoin.exchange, room, code))
    table.manager = await restart(table)
    again = table.manager.rooms[room.code]
    await refused("bad_rejoin", again.call(rejoin.exchange, again, pending))
    assert again.place_of(token).pid == 0
