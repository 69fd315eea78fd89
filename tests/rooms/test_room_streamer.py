"""Streamer mode (issue 25, item 2; rooms/streamer.py): a TV screen is told no room code, but
for the 15 s after the host's `show_code`; the showing ends on the server's clock, through a
pause and across a restart."""

from __future__ import annotations

import json

from roomtable import FakeConn, Table, refused
from test_room_restore import restart

from tictac.rooms import Room, joins
from tictac.rooms.streamer import SHOW_MS


async def _tv(table: Table, room: Room) -> tuple[FakeConn, str]:
    token, _, answer = await room.call(joins.join, room, "TV 1", True, True)
    conn = FakeConn()
    await room.call(room.connect, conn, token)
    assert json.loads(answer)["room"]["code"] == room.code  # the mode is off yet
    return conn, token


def _codes(conn: FakeConn) -> list[str | None]:
    return [message["room"]["code"] for message in conn.of("room")]


async def test_streamer_mode_tells_the_tv_no_code_and_the_phones_theirs(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=3)
    tv, _ = await _tv(table, room)
    await table.op(room, host, "set_streamer", on=True)
    assert host.room()["code"] == room.code and host.room()["streamer"]["on"] is True
    assert tv.room()["code"] is None and tv.room()["streamer"]["code_until"] is None
    told = len(tv.sent)
    await table.op(room, host, "add_bot", kind=None)  # every later `room` hides it too
    assert len(tv.sent) > told and all(code is None for code in _codes(tv)[-1:])
    # A TV that asks again, and one that joins now, are not told it either.
    await room.call(room.sync, tv)
    assert tv.room()["code"] is None
    _, _, answer = await room.call(joins.join, room, "TV 2", True, True)
    assert json.loads(answer)["room"]["code"] is None
    await table.op(room, host, "set_streamer", on=False)
    assert tv.room()["code"] == room.code


async def test_show_code_shows_it_for_fifteen_seconds_through_a_pause(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=3)
    tv, _ = await _tv(table, room)
    await refused("wrong_status", table.op(room, host, "show_code"))  # the mode is off
    await table.op(room, host, "set_streamer", on=True)
    await table.op(room, host, "start")
    await table.op(room, host, "pause")
    await table.op(room, host, "show_code")
    shown = tv.room()
    assert shown["code"] == room.code
    assert shown["streamer"]["code_until"] == table.clock.now + SHOW_MS
    await table.tick(room, SHOW_MS - 1)
    assert tv.room()["code"] == room.code
    # A timer that rings a moment early (the event loop's clock is not the wall's) is set again.
    await room.call(room.code_show._ended)
    assert tv.room()["code"] == room.code
    await table.tick(room, 1)  # the game is paused; the server's clock is not
    assert tv.room()["code"] is None and tv.room()["streamer"]["code_until"] is None
    assert host.room()["code"] == room.code


async def test_a_restart_keeps_the_mode_and_ends_the_showing_on_time(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=3)
    _, tv_token = await _tv(table, room)
    await table.op(room, host, "set_streamer", on=True)
    await table.op(room, host, "show_code")
    await table.tick(room, 5000)
    table.manager = await restart(table)
    again = table.manager.get(room.code)
    assert again.record.streamer is True
    tv = FakeConn()
    await again.call(again.connect, tv, tv_token)
    assert tv.room()["code"] == room.code  # 10 s of the showing are left
    await table.tick(again, SHOW_MS - 5000)
    assert tv.room()["code"] is None
    # A room restored after the showing's end never shows it.
    table.manager = await restart(table)
    late = table.manager.get(room.code)
    tv = FakeConn()
    await late.call(late.connect, tv, tv_token)
    assert tv.room()["code"] is None


async def test_only_the_host_sets_streamer_mode_and_shows_the_code(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=2)
    bea, _ = await table.join(room, "Bea")
    await refused("not_host", table.op(room, bea, "set_streamer", on=True))
    await table.op(room, host, "set_streamer", on=True)
    await refused("not_host", table.op(room, bea, "show_code"))
    await refused("bad_option", table.op(room, host, "set_streamer", on="yes"))
    assert room.record.streamer is True and room.record.code_until is None
