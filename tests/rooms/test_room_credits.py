"""Replace and kick do not rewrite history (issue 19, item 2): every move stays credited to
whoever made it, the person or "Bot 2 for Damien", in the room's `movers` (what the end screen
names) and in the replay, and a restart from the store keeps it (docs/protocol.md, "Who made
each move")."""

from __future__ import annotations

from typing import Any

from roomtable import FakeConn, Table
from test_room_restore import restart, rewrite_record

from tictac.games.time_bomb.table import SAFE
from tictac.rooms import Room
from tictac.rooms.replays import fetch


def _cut(room: Room, cutter: int, target: int) -> dict[str, Any]:
    row = room.state.rows[target]
    assert SAFE in row, "the test's deal gives every row a safe wire"
    return {"type": "cut", "target": target, "position": row.index(SAFE)}


DAMIEN = {"name": "Damien", "for": None}
CAMILLE = {"name": "Camille", "for": None}
BOT_FOR_DAMIEN = {"name": "Bot 2", "for": "Damien"}
EMPTIED_OF_CAMILLE = {"name": None, "for": "Camille"}


async def _replaced_and_kicked(table: Table) -> tuple[Room, FakeConn, str, int]:
    """Host, Bot 1, Damien, Camille at Time Bomb. Damien and Camille cut a wire each; the host
    replaces Damien by a bot, which cuts; the host kicks Camille. The number of moves before
    the kick."""
    room, host, token = await table.room("time-bomb", bots=1, options={"first_holder": 2})
    damien, _ = await table.join(room, "Damien")
    camille, _ = await table.join(room, "Camille")
    await table.op(room, host, "start")
    await room.call(room.act, damien, _cut(room, 2, 3), 1)
    await room.call(room.act, camille, _cut(room, 3, 2), 1)
    await table.op(room, host, "replace", seat=2)
    await table.run(room, lambda: len(room.log) == 3, step_ms=100)  # the bot cuts for Damien
    await table.op(room, host, "kick", seat=3)
    return room, host, token, len(room.log)


async def _played_to_the_end(table: Table, room: Room, host: FakeConn) -> None:
    """The host leaves: the bots and the gone-player policy play the game to its end."""
    await table.op(room, host, "set_policy", policy="bot", after_s=5)
    await room.call(room.disconnect, host)
    await table.run(room, lambda: room.status == "finished", step_ms=1000)


def _credited(steps: list[dict[str, Any]]) -> list[tuple[int, Any]]:
    return [(step["seat"], step["by"]) for step in steps[1:]]


async def test_replace_and_kick_keep_every_move_credited_to_whoever_made_it(
        table: Table) -> None:
    room, host, token, before_kick = await _replaced_and_kicked(table)
    room_now = host.room()
    assert room_now["movers"][2] == [DAMIEN | {"from": 0}, BOT_FOR_DAMIEN | {"from": 2}]
    assert room_now["movers"][3] == [CAMILLE | {"from": 0},
                                     EMPTIED_OF_CAMILLE | {"from": before_kick}]
    assert room_now["movers"][0] == [{"name": "Host", "for": None, "from": 0}]
    assert room_now["seats"][2]["for"] == "Damien" and room_now["seats"][2]["name"] == "Bot 2"
    await _played_to_the_end(table, room, host)
    replay = (await fetch(room, token, None, None)).answer
    assert replay["players"] == ["Host", "Bot 1", "Damien", "Camille"]
    credited = _credited(replay["steps"])
    assert credited[:3] == [(2, DAMIEN), (3, CAMILLE), (2, BOT_FOR_DAMIEN)]
    later = credited[before_kick:]
    assert {by["name"] for seat, by in later if seat == 2} <= {"Bot 2"}
    assert all(by == EMPTIED_OF_CAMILLE for seat, by in later if seat == 3)
    host = FakeConn()
    await room.call(room.connect, host, token)
    assert host.room()["movers"] == room_now["movers"]

    # A restart from the store keeps every credit.
    again = await restart(table)
    table.manager = again
    back = again.rooms[room.code]
    conn = FakeConn()
    await back.call(back.connect, conn, token)
    assert conn.room()["movers"] == room_now["movers"]
    assert _credited((await fetch(back, token, None, None)).answer["steps"]) == credited


async def test_a_past_game_keeps_its_credits_after_the_next_one_starts(table: Table) -> None:
    room, host, token, _ = await _replaced_and_kicked(table)
    await _played_to_the_end(table, room, host)
    host = FakeConn()
    await room.call(room.connect, host, token)
    first = (await fetch(room, token, 0, None)).answer
    await table.op(room, host, "play_again")  # the seat a kick emptied goes
    await table.op(room, host, "add_bot", kind=None)
    await table.op(room, host, "start")
    assert host.room()["movers"][2] == [{"name": "Bot 2", "for": None, "from": 0}]  # its own
    past = (await fetch(room, token, 0, None)).answer
    assert past["players"] == first["players"]
    assert _credited(past["steps"]) == _credited(first["steps"])
    assert _credited(first["steps"])[:3] == [(2, DAMIEN), (3, CAMILLE), (2, BOT_FOR_DAMIEN)]


async def test_a_record_written_before_credits_still_loads(stored_table: Table) -> None:
    """Old records have no credits: every move is the seat's name when the game began."""
    room, host, token = await stored_table.room("time-bomb", bots=3, options={"first_holder": 1})
    await stored_table.op(room, host, "start")
    await stored_table.run(room, lambda: len(room.log) >= 2, step_ms=100)
    dump = next(dump for dump in await stored_table.store.load_rooms() if dump.code == room.code)
    record = {key: value for key, value in dump.record.items() if key != "credits"}
    await stored_table.manager.close()
    rewrite_record(stored_table, room.code, record)
    again = await restart(stored_table)
    stored_table.manager = again
    back = again.rooms[room.code]
    conn = FakeConn()
    await back.call(back.connect, conn, token)
    names = ["Host", "Bot 1", "Bot 2", "Bot 3"]
    assert conn.room()["movers"] == [[{"name": name, "for": None, "from": 0}] for name in names]


async def test_a_hosts_skip_is_credited_to_the_host_for_that_one_move(table: Table) -> None:
    """Issue 24, item 4: a host's skip was logged as the player's own move. Its one move is the
    host's for the player, in `movers`, the replay and after a restart; the next move is the
    player's again, and the seat is not handed on (`for` stays null)."""
    room, host, token = await table.room("time-bomb", bots=1, options={"first_holder": 2})
    damien, _ = await table.join(room, "Damien")
    camille, _ = await table.join(room, "Camille")
    await table.op(room, host, "start")
    await table.op(room, host, "skip", seat=2)  # Damien's cut, made by the game for him
    skipped = {"name": "Host", "for": "Damien", "skip": True}
    room_now = host.room()
    assert room_now["movers"][2] == [DAMIEN | {"from": 0}, skipped | {"from": 0},
                                     DAMIEN | {"from": 1}]
    assert room_now["seats"][2]["for"] is None
    await table.op(room, host, "set_policy", policy="bot", after_s=5)
    for conn in (host, damien, camille):  # the policy's bots play everyone to the end
        await room.call(room.disconnect, conn)
    await table.run(room, lambda: room.status == "finished", step_ms=1000)
    replay = (await fetch(room, token, None, None)).answer
    credited = _credited(replay["steps"])
    assert credited[0] == (2, skipped)
    assert all(by == DAMIEN for seat, by in credited[1:] if seat == 2)

    again = await restart(table)
    table.manager = again
    back = again.rooms[room.code]
    conn = FakeConn()
    await back.call(back.connect, conn, token)
    assert conn.room()["movers"][2] == room_now["movers"][2]
    assert _credited((await fetch(back, token, None, None)).answer["steps"]) == credited
