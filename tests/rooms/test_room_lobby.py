"""The lobby: host rights, seats, bots, names, play again, expiry, replays and spoilers."""

from __future__ import annotations

import pytest
from roomtable import FakeConn, Table, refused, safe_cut

from tictac.engine import IllegalAction
from tictac.rooms import RoomSettings, joins, kick_ops
from tictac.rooms.audience import TALLY_MS
from tictac.rooms.places import HOST_WAIT_MS
from tictac.rooms.prefs import DEFAULT
from tictac.rooms.replays import fetch

DEFAULTS = DEFAULT.model_dump()  # a person's accommodations, none set


async def test_only_the_host_runs_the_lobby(table: Table) -> None:
    room, _, _ = await table.room("time-bomb")
    bea, _ = await table.join(room, "Bea")
    for op, fields in [("start", {}), ("add_bot", {"kind": None}), ("kick", {"seat": 0}),
                       ("set_options", {"options": {}}), ("set_policy", {"policy": "skip"})]:
        await refused("not_host", table.op(room, bea, op, **fields))
    assert bea.room()["you"] == {"seat": 1, "host": False, "spectator": False, "name": "Bea",
                                 "prefs": DEFAULTS}


async def test_seats_fill_then_newcomers_watch(table: Table) -> None:
    room, host, _ = await table.room("timos-twist", bots=4)
    sixth, _ = await table.join(room, "Six")
    seventh, _ = await table.join(room, "Seven")
    assert sixth.room()["you"]["seat"] == 5
    assert seventh.room()["you"] == {"seat": None, "host": False, "spectator": True,
                                     "name": "Seven", "prefs": DEFAULTS}
    await refused("room_full", table.op(room, host, "add_bot", kind=None))
    await table.tick(room, TALLY_MS)  # the audience's arrivals are told once a second
    assert host.room()["spectators"] == 1


async def test_bad_options_unknown_bots_and_too_few_players_are_refused(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=2)
    await refused("bad_option", table.op(room, host, "set_options", options={"nope": 1}))
    await refused("no_bot", table.op(room, host, "add_bot", kind="telepath"))
    await refused("bad_setup", table.op(room, host, "start"))
    assert room.status == "lobby" and room.record.games == 0
    await refused("bad_option", table.op(room, host, "set_teams", teams=[[0, 1]]))


async def test_names_are_checked_and_unique(table: Table) -> None:
    room, host, _ = await table.room("time-bomb")
    await refused("name_taken", room.call(joins.join, room, " host ", False))
    await refused("bad_name", room.call(joins.join, room, "", False))
    await refused("bad_name", room.call(joins.join, room, "x" * 25, False))
    await refused("bad_name", room.call(joins.join, room, "bell\x07", False))
    bea, _ = await table.join(room, "Bea")
    await refused("name_taken", table.op(room, bea, "rename", name="HOST"))
    await table.op(room, bea, "rename", name="Béatrice")
    assert [seat["name"] for seat in host.room()["seats"]] == ["Host", "Béatrice"]


async def test_host_moves_seats_kicks_and_hands_over(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=1)
    bea, _ = await table.join(room, "Bea")
    cy, _ = await table.join(room, "Cy")
    await table.op(room, host, "remove_seat", seat=1)  # the bot goes
    await table.op(room, host, "kick", seat=2)  # Cy watches from now on
    assert [seat["name"] for seat in host.room()["seats"]] == ["Host", "Bea"]
    assert cy.room()["you"]["spectator"] is True
    await refused("bad_seat", table.op(room, host, "kick", seat=0))
    await refused("bad_seat", table.op(room, host, "remove_seat", seat=7))
    await table.op(room, host, "transfer_host", seat=1)
    assert bea.room()["you"]["host"] is True and host.room()["host"] == 1
    await refused("not_host", table.op(room, host, "start"))


async def test_kicked_player_seat_is_played_for_them(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=2, options={"first_holder": 3})
    bea, _ = await table.join(room, "Bea")
    await table.op(room, host, "start")
    await table.op(room, host, "kick", seat=3)
    assert bea.view()["view"]["seat"] is None  # Bea now sees what spectators see
    assert host.room()["seats"][3]["gone"] is True
    await refused("not_seated", room.call(room.act, bea, {"type": "cut"}, 1))
    await table.tick(room, 10)
    assert [entry.seat for entry in room.log[:1]] == [3]


async def test_play_again_returns_to_the_lobby_with_the_same_people(table: Table) -> None:
    room, host, token = await table.room("time-bomb", bots=3)
    await table.op(room, host, "start")
    await refused("wrong_status", table.op(room, host, "start"))
    await refused("wrong_status", table.op(room, host, "play_again"))
    await table.op(room, host, "set_policy", policy="skip", after_s=5)
    await room.call(room.disconnect, host)
    await table.run(room, lambda: room.status == "finished", step_ms=1000)
    back = FakeConn()
    await room.call(room.connect, back, token)
    await table.op(room, back, "play_again")
    summary = back.room()
    assert summary["status"] == "lobby" and summary["games"] == 1
    assert [seat["name"] for seat in summary["seats"]] == ["Host", "Bot 1", "Bot 2", "Bot 3"]
    await table.op(room, back, "start")
    assert room.record.games == 2 and room.status == "playing"


async def test_idle_room_expires_and_leaves_the_store(table: Table) -> None:
    room, host, _ = await table.room("time-bomb")
    await room.call(room.disconnect, host)
    await table.tick(room, 3_599_999)
    assert room.code in table.manager.rooms
    await table.tick(room, 1)
    assert room.code not in table.manager.rooms
    assert await table.manager.store.load_rooms() == []
    with pytest.raises(IllegalAction, match="no_room"):
        table.manager.get(room.code)


async def test_host_rights_pass_on_when_the_host_is_gone(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=1)
    bea, _ = await table.join(room, "Bea")
    await room.call(room.disconnect, host)
    await table.tick(room, 30_000)
    assert bea.room()["you"]["host"] is True


async def test_a_host_gone_while_nobody_was_there_keeps_host_rights(table: Table) -> None:
    """Issue 48: everyone joined, then silence past the grace (a cluster's room moved, a slow
    crowd); another seat turning gone just after Bea's socket opened handed her host rights a
    moment before the host's own socket came, and the host's `start` was refused."""
    grace_ms = table.settings.gone_after_s * 1000
    room, host, token = await table.room("time-bomb", bots=1)
    bea_token = (await room.call(joins.join, room, "Bea", False)).token
    await room.call(room.disconnect, host)
    await table.tick(room, grace_ms)
    assert room.seating.places[0].gone  # nobody was connected: the host keeps host rights
    await room.call(joins.join, room, "Cy", False)
    await table.tick(room, grace_ms // 2)
    bea = FakeConn()
    await room.call(room.connect, bea, bea_token)
    await table.tick(room, grace_ms // 2)
    assert bea.room()["seats"][3]["presence"] == "gone"  # Cy's turn to be gone came
    back = FakeConn()
    await room.call(room.connect, back, token)
    assert back.room()["you"]["host"] is True and bea.room()["you"]["host"] is False
    await table.op(room, back, "start")
    assert room.status == "playing"


async def test_a_table_that_waited_a_grace_for_its_gone_host_gets_another(table: Table) -> None:
    """A host gone while nobody was connected keeps host rights only until the first person
    back has waited a minute for them: a host who never comes back leaves no table unable to
    start."""
    grace_ms = table.settings.gone_after_s * 1000
    room, host, _ = await table.room("time-bomb", bots=2)
    bea_token = (await room.call(joins.join, room, "Bea", False)).token
    await room.call(room.disconnect, host)
    await table.tick(room, 3 * grace_ms)  # nobody here: nobody to hand them to
    bea = FakeConn()
    await room.call(room.connect, bea, bea_token)
    assert bea.room()["you"]["host"] is False  # the host may be a moment behind her
    await table.tick(room, HOST_WAIT_MS - 1000)
    assert bea.room()["you"]["host"] is False
    await table.tick(room, 1000)
    assert bea.room()["you"]["host"] is True
    await table.op(room, bea, "start")
    assert room.status == "playing"


async def test_replay_hides_actions_during_play_and_shows_all_after(table: Table) -> None:
    room, host, token = await table.room("time-bomb", bots=3, options={"first_holder": 0})
    await table.op(room, host, "start")
    await room.call(room.act, host, safe_cut(room.state, 0), 1)
    assert room.status == "playing"
    await refused("bad_token", fetch(room, None, None, None))
    mine = (await fetch(room, token, None, 2)).answer  # asking for seat 2: still one's own
    assert not mine["finished"] and len(mine["steps"]) == 2
    assert all(step["action"] is None for step in mine["steps"])
    assert [step["view"]["seat"] for step in mine["steps"]] == [0, 0]
    await table.op(room, host, "set_policy", policy="skip", after_s=5)
    await room.call(room.disconnect, host)
    await table.run(room, lambda: room.status == "finished", step_ms=1000)
    after = (await fetch(room, token, 0, 2)).answer
    assert after["finished"] and after["players"] == ["Host", "Bot 1", "Bot 2", "Bot 3"]
    assert [step["action"] for step in after["steps"][1:]] == [e.action for e in room.log]
    assert after["steps"][-1]["view"] == room.game.view(room.state, 2)
    await refused("bad_seat", fetch(room, token, 0, 9))
    await refused("wrong_status", fetch(room, token, 5, None))


async def test_a_room_holds_at_most_max_places_players_and_its_audience_apart(
        table: Table) -> None:
    """Players, bots and TVs count against `max_places`, spectators (the audience) against
    `max_audience` (issue 25, item 4): a full audience leaves the seats free, and the other way
    round."""
    room, host, _ = await table.room("time-bomb", bots=1)  # the host and a bot: two places
    room.settings = RoomSettings(max_places=4, max_audience=3)
    await room.call(joins.join, room, "TV", True, True)
    await room.call(joins.join, room, "Bea", False)
    for number in range(3):
        await room.call(joins.join, room, f"Fan {number}", True)
    await refused("too_many_places", room.call(joins.join, room, "One more", True))
    await refused("too_many_places", room.call(joins.join, room, "A player", False))
    await refused("too_many_places", room.call(joins.join, room, "Another TV", True, True))
    assert len(room.seating.places) == 4 + 3
    await table.op(room, host, "kick_spectator", name="fan 0")  # a kick makes room again
    await room.call(joins.join, room, "One more", True)


async def test_host_kicks_a_spectator_whose_token_then_opens_nothing(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=3)
    bea, _ = await table.join(room, "Bea", spectator=True)
    zed, zed_token = await table.join(room, "Zed", spectator=True)
    second_zed = FakeConn()
    await room.call(room.connect, second_zed, zed_token)
    await table.tick(room, TALLY_MS)
    assert host.room()["spectators"] == 2
    await refused("not_host", table.op(room, bea, "kick_spectator", name="Zed"))
    await refused("no_spectator", table.op(room, host, "kick_spectator", name="Bot 1"))
    await refused("no_spectator", table.op(room, host, "kick_spectator", name="Nobody"))
    await table.op(room, host, "kick_spectator", name="zed")
    assert zed.closed == second_zed.closed == kick_ops.KICKED
    assert host.room()["spectators"] == 1 and bea.closed is None
    assert table.manager.stats.connections == 2  # the host and Bea
    await refused("bad_token", room.call(room.connect, FakeConn(), zed_token))
    await table.join(room, "Zed", spectator=True)  # the name is free again
