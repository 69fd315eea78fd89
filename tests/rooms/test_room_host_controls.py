"""The host's controls during a game: pause and resume (the game's clock stops exactly), skip a
turn, replace a person by a bot for good. Each is checked against the log and its replay."""

from __future__ import annotations

from roomtable import FakeConn, Table, refused
from test_room_restore import restart
from tutable import seat_people

from tictac.engine import replay
from tictac.rooms import Room
from tictac.rooms.record import setup_from_json

QUICK_TIMES_UP = {"deck_size": 10, "turn_seconds": 10}


async def _replays_exactly(table: Table, room: Room) -> None:
    stored = await table.manager.store.load_game(room.code, room.record.games - 1)
    assert stored is not None
    assert replay(room.game, setup_from_json(stored.setup), stored.log) == room.state


async def test_pause_stops_the_times_up_clock_and_resume_gives_back_every_second(
        table: Table) -> None:
    people = await seat_people(table, QUICK_TIMES_UP)
    room, host, game = people.room, people.conns[0], people.room.game
    await people.to_running()
    deadline = game.deadline(room.state)
    await table.tick(room, 3000)
    left = deadline - room.game_now()
    logged = len(room.log)
    await table.op(room, host, "pause")
    assert host.room()["paused"] is True and host.view()["paused"] is True
    await refused("paused", table.op(room, host, "pause"))
    await table.tick(room, 120_000)  # far past the deadline, on the server's clock
    assert len(room.log) == logged and room.game_now() == deadline - left
    assert host.view()["game_time"] == deadline - left
    await table.op(room, host, "resume")
    assert host.room()["paused"] is False
    await table.tick(room, left - 1)
    assert len(room.log) == logged
    await table.tick(room, 1)
    # The turn ended when the game's clock reached the deadline: exactly `left` after resume.
    assert len(room.log) == logged + 1 and room.log[-1].now_ms == deadline
    await _replays_exactly(table, room)


async def test_a_paused_game_refuses_moves_and_skips(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=3, options={"first_holder": 0})
    await table.op(room, host, "start")
    await table.op(room, host, "pause")
    await refused("paused", room.call(room.act, host, {"type": "cut", "target": 1,
                                                       "position": 0}, 1))
    await refused("paused", table.op(room, host, "skip", seat=0))
    await table.op(room, host, "resume")
    await refused("wrong_status", table.op(room, host, "resume"))


async def test_host_skips_the_turn_of_the_seat_the_game_waits_for(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=2, options={"first_holder": 3})
    bea, _ = await table.join(room, "Bea")
    await refused("wrong_status", table.op(room, host, "skip", seat=3))
    await table.op(room, host, "start")
    await refused("not_host", table.op(room, bea, "skip", seat=3))
    await refused("no_move", table.op(room, host, "skip", seat=0))  # not Bea's turn to skip
    await refused("bad_seat", table.op(room, host, "skip", seat=9))
    await table.op(room, host, "skip", seat=3)
    assert [entry.seat for entry in room.log] == [3]
    assert bea.view()["version"] == 1
    await _replays_exactly(table, room)


async def test_host_replaces_a_person_by_a_bot_for_good(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=2, options={"first_holder": 3})
    bea, _ = await table.join(room, "Bea")
    await table.op(room, host, "start")
    await refused("bad_seat", table.op(room, host, "replace", seat=0))  # the host: not that way
    await table.op(room, host, "replace", seat=3)
    seat = host.room()["seats"][3]
    assert seat["bot"] is True and seat["name"] == "Bot 3"
    assert bea.room()["you"]["spectator"] is True and bea.view()["view"]["seat"] is None
    await table.tick(room, 10)
    assert [entry.seat for entry in room.log[:1]] == [3]  # the bot plays the seat
    await refused("bad_seat", table.op(room, host, "replace", seat=3))  # no person there now
    await _replays_exactly(table, room)


async def test_a_restart_during_a_pause_comes_back_paused_with_the_same_game_clock(
        table: Table) -> None:
    room, host, token = await table.room("time-bomb", bots=3, options={"first_holder": 0})
    await table.op(room, host, "start")
    await table.tick(room, 2000)
    await table.op(room, host, "pause")
    assert host.room()["paused_by"] == host.room()["you"]["name"]  # the TV names who paused
    frozen = room.game_now()
    await table.tick(room, 30_000)
    again = await restart(table)
    table.manager = again
    back = again.rooms[room.code]
    assert back.paused and back.game_now() == frozen
    conn = FakeConn()
    await back.call(back.connect, conn, token)
    assert conn.view()["paused"] is True and conn.view()["game_time"] == frozen
    assert conn.room()["paused_by"] == conn.room()["you"]["name"]
    await table.op(back, conn, "resume")
    assert conn.room()["paused_by"] is None
    await table.tick(back, 5000)
    assert back.game_now() == frozen + 5000
