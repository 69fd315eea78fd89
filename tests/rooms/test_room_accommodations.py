"""Each person's accommodations (rooms/prefs.py) and the extra time the host gives a seat
(docs/rulings.md, "Extra time for a seat"): kept with the place, told to its own connections
only (the prefs) or to everyone (the extra time), checked, and back after a restart."""

from __future__ import annotations

from roomtable import FakeConn, Table, refused
from test_room_restore import restart
from tutable import QUICK, People

from tictac.rooms import rejoin
from tictac.rooms.places import MOST_EXTRA_S

LARGE = {"text": 200, "contrast": True, "still": True, "captions": True, "vibrate": False,
         "slow_refusals": True}
DEFAULTS = {"text": 100, "contrast": False, "still": False, "captions": False, "vibrate": True,
            "slow_refusals": False}


async def test_a_players_prefs_are_theirs_alone_and_kept_with_their_seat(table: Table) -> None:
    room, host, _ = await table.room("timos-twist")
    bea, bea_token = await table.join(room, "Bea")
    await table.op(room, bea, "set_prefs", prefs=LARGE)
    assert bea.room()["you"]["prefs"] == LARGE
    assert host.room()["you"]["prefs"] == DEFAULTS  # the host's own, untouched
    assert all("prefs" not in seat for seat in host.room()["seats"])
    await room.call(room.disconnect, bea)
    again = FakeConn()  # the same seat from a new connection (a reload, a lost signal)
    await room.call(room.connect, again, bea_token)
    assert again.room()["you"]["prefs"] == LARGE


async def test_another_device_opening_the_seats_rejoin_link_finds_the_prefs(
        table: Table) -> None:
    room, _, _ = await table.room("timos-twist")
    bea, bea_token = await table.join(room, "Bea")
    await table.op(room, bea, "set_prefs", prefs=LARGE)
    made = await room.call(rejoin.make_code, room, bea_token)
    new_token, _ = await room.call(rejoin.exchange, room, made["rejoin"])
    tablet = FakeConn()
    await room.call(room.connect, tablet, new_token)
    assert tablet.room()["you"]["prefs"] == LARGE


async def test_prefs_outside_their_bounds_are_refused_and_nothing_changes(table: Table) -> None:
    room, _, _ = await table.room("time-bomb")
    bea, _ = await table.join(room, "Bea")
    for bad in ({"text": 250}, {"text": 110}, {"text": 75}, {"captions": "yes"},
                {"volume": 3}, {**LARGE, "text": True}):
        await refused("bad_option", table.op(room, bea, "set_prefs", prefs=bad))
    assert bea.room()["you"]["prefs"] == DEFAULTS


async def test_prefs_and_extra_time_survive_a_restart_from_the_sqlite_file(
        stored_table: Table) -> None:
    room, host, _ = await stored_table.room("timos-twist")
    bea, bea_token = await stored_table.join(room, "Bea")
    await stored_table.op(room, bea, "set_prefs", prefs=LARGE)
    await stored_table.op(room, host, "set_extra_time", seat=1, extra_s=30)
    again = await restart(stored_table)
    back, restored = FakeConn(), again.get(room.code)
    await restored.call(restored.connect, back, bea_token)
    assert back.room()["you"]["prefs"] == LARGE
    assert [seat["extra_s"] for seat in back.room()["seats"]] == [0, 30]
    await again.close()


async def test_a_stored_pref_no_longer_valid_gives_way_to_the_defaults(
        stored_table: Table) -> None:
    from test_room_restore import rewrite_record

    room, _, _ = await stored_table.room("time-bomb")
    _, bea_token = await stored_table.join(room, "Bea")
    record = room.stored_record()
    record["places"][1]["prefs"] = {"text": 900, "sparkles": True}
    record["places"][1]["extra_s"] = 10_000
    rewrite_record(stored_table, room.code, record)
    again = await restart(stored_table)
    back, restored = FakeConn(), again.get(room.code)
    await restored.call(restored.connect, back, bea_token)
    assert back.room()["you"]["prefs"] == DEFAULTS
    assert back.room()["seats"][1]["extra_s"] == MOST_EXTRA_S
    await again.close()


async def test_only_the_host_gives_extra_time_within_its_bounds_and_everyone_sees_it(
        table: Table) -> None:
    room, host, _ = await table.room("timos-twist")
    bea, _ = await table.join(room, "Bea")
    await refused("not_host", table.op(room, bea, "set_extra_time", seat=1, extra_s=20))
    for seat, extra in ((1, MOST_EXTRA_S + 5), (1, -5), (1, 7), (5, 20)):
        await refused("bad_option" if seat == 1 else "bad_seat",
                      table.op(room, host, "set_extra_time", seat=seat, extra_s=extra))
    await table.op(room, host, "set_extra_time", seat=1, extra_s=20)
    assert [seat["extra_s"] for seat in bea.room()["seats"]] == [0, 20]
    assert [seat["extra_s"] for seat in host.room()["seats"]] == [0, 20]
    await table.op(room, host, "start")
    await refused("wrong_status", table.op(room, host, "set_extra_time", seat=1, extra_s=5))


async def test_the_turn_timer_gives_a_seat_its_extra_time_on_its_own_turns(table: Table) -> None:
    room, host, _ = await table.room("timos-twist", options={"target_score": 30})
    await table.join(room, "Bea")
    await table.op(room, host, "set_timer", turn_s=10)
    waiting = None
    await table.op(room, host, "set_extra_time", seat=1, extra_s=15)
    await table.op(room, host, "start")
    # Whoever plays first, each turn lasts 10 s, and Bea's (seat 1) 25 s.
    for _ in range(4):
        waiting = room.game.to_act(room.state)[0]
        started, moves = table.clock.now, len(room.log)
        length = 10_000 + (15_000 if waiting == 1 else 0)
        assert host.view()["deadline"] == started + length
        await table.tick(room, length - 1)
        assert len(room.log) == moves
        await table.tick(room, 1)
        assert room.log[moves].seat == waiting and room.log[moves].now_ms == started + length


async def test_times_up_gives_a_teams_turns_the_extra_time_of_its_member(table: Table) -> None:
    room, host, token = await table.room("times-up", options=QUICK)
    conns, tokens = [host], [token]
    for index in range(1, 4):
        conn, joined = await table.join(room, f"Player {index}")
        conns.append(conn)
        tokens.append(joined)
    await table.op(room, host, "set_extra_time", seat=2, extra_s=20)
    await table.op(room, host, "start")
    people = People(room, conns, tokens)
    assert room.setup is not None and room.setup.options["extra_seconds"] == [0, 0, 20, 0]
    await people.to_running()
    state = people.state
    granted = 2 in state.members(state.team)
    assert state.deadline == table.clock.now + 10_000 + (20_000 if granted else 0)
    # The other team's turn, started at once after this one: the other length.
    await table.tick(room, state.deadline - table.clock.now)
    await table.run(room, lambda: people.state.phase == "waiting", step_ms=1000)
    await people.act(people.state.cluegiver(), {"type": "start"})
    state = people.state
    assert (2 in state.members(state.team)) is not granted
    assert state.deadline == table.clock.now + 10_000 + (0 if granted else 20_000)
