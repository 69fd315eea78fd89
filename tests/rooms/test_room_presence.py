"""Presence during a game (connected, away, gone) and the stand-in that keeps a table going:
a bot plays a gone person's seat by default and hands it back the moment they return."""

from __future__ import annotations

from roomtable import FakeConn, Table

from tictac.rooms import Room


def _presence(conn: FakeConn, seat: int) -> tuple[str, bool]:
    entry = conn.room()["seats"][seat]
    return entry["presence"], entry["stand_in"]


async def _timo_with_bea(table: Table) -> tuple[Room, FakeConn, FakeConn, str]:
    room, host, _ = await table.room("timos-twist", bots=2,
                                     options={"target_score": 30, "timo_grace_ms": 500})
    bea, token = await table.join(room, "Bea")
    await table.op(room, host, "start")
    return room, host, bea, token


async def _both_gone(table: Table) -> tuple[Room, FakeConn, str]:
    """Host and Bea leave (a watcher stays): stand-ins play both their seats."""
    room, host, bea, token = await _timo_with_bea(table)
    watcher, _ = await table.join(room, "Watcher", spectator=True)
    await room.call(room.disconnect, bea)
    await room.call(room.disconnect, host)
    await table.tick(room, table.settings.gone_after_s * 1000)
    await table.run(room, lambda: any(entry.seat == 3 for entry in room.log), step_ms=100)
    return room, watcher, token


async def test_a_closed_phone_is_away_after_seconds_then_gone_after_the_grace(
        table: Table) -> None:
    room, host, bea, _ = await _timo_with_bea(table)
    assert _presence(host, 3) == ("connected", False)
    await room.call(room.disconnect, bea)
    await table.tick(room, table.settings.away_after_ms - 1)
    assert _presence(host, 3) == ("connected", False)  # a reload is not worth showing
    left_ms = room.clock.now_ms() - (table.settings.away_after_ms - 1)
    await table.tick(room, 1)
    assert _presence(host, 3) == ("away", False)
    # the screens count the grace down to the moment Bea counts as gone (issue 24, item 1)
    assert host.room()["seats"][3]["gone_at"] == left_ms + table.settings.gone_after_s * 1000
    assert host.room()["seats"][0]["gone_at"] is None
    await table.tick(room, table.settings.gone_after_s * 1000 - table.settings.away_after_ms)
    assert _presence(host, 3) == ("gone", True)
    assert host.room()["seats"][3]["gone"] is True
    assert host.room()["seats"][3]["gone_at"] is None


async def test_default_policy_is_a_stand_in_bot_that_hands_the_seat_back(table: Table) -> None:
    # The game goes on: the stand-in plays seat 3 whenever the game waits for it.
    room, watcher, token = await _both_gone(table)
    assert watcher.room()["policy"] == "bot"
    assert _presence(watcher, 3) == ("gone", True)
    back = FakeConn()
    await room.call(room.connect, back, token)
    assert _presence(watcher, 3) == ("connected", False)
    returned_at = len(room.log)
    # The bots play on until the game waits for Bea again; then it waits for her.
    game = room.game
    await table.run(room, lambda: game.to_act(room.state) == [3]
                    or room.status == "finished", step_ms=100)
    await table.tick(room, 120_000)
    assert all(entry.seat != 3 for entry in room.log[returned_at:])
    assert room.status == "finished" or game.to_act(room.state) == [3]


async def test_a_stand_in_makes_no_optional_move_once_its_person_is_back(table: Table) -> None:
    room, _, token = await _both_gone(table)
    assert 3 in room.bots and 3 in room.autopilot.bots_playing()
    back = FakeConn()
    await room.call(room.connect, back, token)
    assert 3 not in room.autopilot.bots_playing()
    assert set(room.autopilot.bots_playing()) == {0, 1, 2}
