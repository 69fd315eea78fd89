"""Whole games in rooms on a fake clock: bots, stand-ins, deadlines, restore by replay."""

from __future__ import annotations

from typing import Any

import pytest
from roomtable import FakeConn, Table
from tutable import seat_people

from tictac.engine import GAMES, Rng, get_game, replay
from tictac.rooms import Room, RoomManager, RoomSettings, SeededChance
from tictac.rooms.prefs import Prefs
from tictac.rooms.record import setup_from_json

QUICK = {
    "timos-twist": {"target_score": 30, "timo_grace_ms": 500},
    "time-bomb": {},
    "times-up": {"deck_size": 10, "turn_seconds": 10},
}


async def _host_gone(table: Table, room: Room, host: FakeConn) -> None:
    """The host leaves and, once counted gone, a bot plays their seat."""
    await table.op(room, host, "set_policy", policy="bot", after_s=5)
    await room.call(room.disconnect, host)
    await table.tick(room, 5000)


# Time's Up seats no bot (a bot can neither give clues nor hear them): its gone players are
# test_room_seams.py's.
@pytest.mark.parametrize("name", sorted(set(GAMES) - {"times-up"}))
async def test_bots_and_a_stand_in_play_every_game_to_its_end(either_table: Table,
                                                               name: str) -> None:
    table = either_table
    game = get_game(name)
    room, host, _ = await table.room(name, bots=game.MIN_PLAYERS - 1, options=QUICK[name])
    watcher, _ = await table.join(room, "Watcher", spectator=True)
    await table.op(room, host, "start")
    await _host_gone(table, room, host)
    await table.run(room, lambda: room.status == "finished", step_ms=200)
    assert game.outcome(room.state) is not None
    final = watcher.view()
    assert final["version"] == len(room.log)
    assert final["view"] == game.view(room.state, None)
    assert final["view"]["over"] is True
    # The stored log replays to the very state the room holds.
    stored = await table.manager.store.load_game(room.code, 0)
    assert stored is not None
    assert replay(game, setup_from_json(stored.setup), stored.log) == room.state


async def test_action_is_logged_before_anyone_is_told(table: Table) -> None:
    room, host, _ = await table.room("timos-twist", bots=1, options=QUICK["timos-twist"])
    watcher, _ = await table.join(room, "Watcher", spectator=True)
    await table.op(room, host, "start")
    await _host_gone(table, room, host)
    store = table.manager.store
    original = store.append
    seen_at_append: list[tuple[int, int]] = []

    def spying_append(code: str, idx: int, seq: int, entry: Any) -> Any:
        seen_at_append.append((seq, watcher.view()["version"]))
        return original(code, idx, seq, entry)

    store.append = spying_append  # type: ignore[method-assign]
    await table.run(room, lambda: len(room.log) >= 10, step_ms=100)
    assert seen_at_append, "no action was appended"
    for seq, told in seen_at_append:
        assert told == seq - 1, f"action {seq} was shown before it was stored"


async def test_restarted_room_is_restored_by_replay(either_table: Table) -> None:
    table = either_table
    room, host, token = await table.room("time-bomb", bots=3)
    await table.op(room, host, "start")
    game = room.game
    while len(room.log) < 3 and game.outcome(room.state) is None:
        holder = game.to_act(room.state)[0]
        if holder == 0:
            await room.call(room.act, host, game.auto_action(room.state, 0, Rng(1)), 1)
        await table.tick(room, 100)
    before, log, code = room.state.clone(), list(room.log), room.code
    await table.manager.close()

    again = RoomManager(table.store, clock=table.clock, chance=SeededChance(table.seed),
                        settings=RoomSettings(bot_pause_ms=0))
    replayed = await again.restore()
    restored = again.get(code)
    assert replayed == len(log)
    assert restored.state == before and restored.log == log
    back = FakeConn()
    await restored.call(restored.connect, back, token)
    assert back.room()["you"] == {"seat": 0, "host": True, "spectator": False, "name": "Host",
                                  "prefs": Prefs().model_dump()}
    assert back.view()["version"] == len(log)
    await again.close()


async def test_turn_timer_makes_the_games_automatic_move(table: Table) -> None:
    room, host, _ = await table.room("timos-twist", options=QUICK["timos-twist"])
    await table.join(room, "Bea")
    await table.op(room, host, "set_timer", turn_s=10)
    await table.op(room, host, "start")
    waiting = room.game.to_act(room.state)[0]
    started = table.clock.now
    await table.tick(room, 9_999)
    assert room.log == []
    assert host.view()["deadline"] == started + 10_000
    await table.tick(room, 1)
    assert [(entry.seat, entry.now_ms) for entry in room.log] == [(waiting, started + 10_000)]


async def test_bot_pauses_like_a_person_before_moving(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=3, options={"first_holder": 1})
    await table.op(room, host, "set_bot_pause", ms=900)
    await table.op(room, host, "start")
    await table.tick(room, 899)
    assert room.log == []
    await table.tick(room, 1)
    assert [entry.seat for entry in room.log] == [1]


@pytest.mark.parametrize("policy", ["wait", "bot", "skip"])
async def test_gone_player_is_handled_as_the_host_chose(table: Table, policy: str) -> None:
    room, host, _ = await table.room("time-bomb", bots=2, options={"first_holder": 3})
    bea, _ = await table.join(room, "Bea")
    await table.op(room, host, "set_policy", policy=policy, after_s=20)
    await table.op(room, host, "start")
    await room.call(room.disconnect, bea)
    await table.tick(room, 19_999)
    assert room.log == [] and not host.room()["seats"][3]["gone"]
    await table.tick(room, 1)
    assert host.room()["seats"][3]["gone"]
    await table.tick(room, 60_000)
    assert [entry.seat for entry in room.log[:1]] == ([] if policy == "wait" else [3])


async def test_times_up_deadline_calls_time_for_the_timekeeper(table: Table) -> None:
    people = await seat_people(table, QUICK["times-up"])
    room, game = people.room, people.room.game
    await people.to_running()
    deadline = game.deadline(room.state)
    timekeeper = game.timeout_action(room.state)[0]
    await table.tick(room, deadline - table.clock.now)
    last = room.log[-1]
    assert (last.seat, last.action, last.now_ms) == (timekeeper, {"type": "time_up"}, deadline)
