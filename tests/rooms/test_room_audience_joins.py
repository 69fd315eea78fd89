"""What the players hear of an audience: its arrivals over HTTP (`POST /api/rooms/CODE/join
{"spectator": true}`) as arrivals over a socket, one `room` message within TALLY_MS however many
came (each used to send its own: 200 joins, 200 messages to every phone); and nothing of its
ballots and counts until the game is over, then its results (they used to hear each ballot's
counts, 80 to 210 messages a game). A TV screen is no audience member, nor a player: it takes
no seat (its token used to `sit`)."""

from __future__ import annotations

from roomtable import FakeConn, Table, refused
from test_room_audience import _play_times_up_to_the_end
from tutable import QUICK, seat_people

from tictac.rooms import joins
from tictac.rooms.audience import TALLY_MS

ARRIVALS = 40


async def test_audience_joins_into_a_playing_room_are_told_once_a_second(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=3)
    await table.op(room, host, "start")
    await table.tick(room, TALLY_MS)
    before = len(host.of("room"))
    for n in range(ARRIVALS):
        await room.call(joins.join, room, f"Fan {n}", True)
    assert len(host.of("room")) == before  # nothing yet: the arrivals are counted first
    await table.tick(room, TALLY_MS)
    assert len(host.of("room")) == before + 1
    for n in range(ARRIVALS, 2 * ARRIVALS):  # the next second's arrivals: one more message
        await room.call(joins.join, room, f"Fan {n}", True)
    await table.tick(room, TALLY_MS)
    assert len(host.of("room")) == before + 2


async def test_a_seat_taken_in_the_lobby_is_told_at_once(table: Table) -> None:
    room, host, _ = await table.room("time-bomb")
    await room.call(joins.join, room, "Bea", False)
    assert [seat["name"] for seat in host.room()["seats"]] == ["Host", "Bea"]


async def test_players_hear_nothing_of_the_audience_but_its_results(table: Table) -> None:
    people = await seat_people(table, QUICK)
    room = people.room
    fan, _ = await table.join(room, "Fan", spectator=True)
    await people.to_running()
    await room.call(room.audience.vote, fan, "round-1", 0)
    await table.tick(room)
    await _play_times_up_to_the_end(people)
    for conn in people.conns:
        told = conn.of("audience")
        assert len(told) == 1 and told[0]["audience"]["results"] is not None
    assert len(fan.of("audience")) > 2  # the audience hears every ballot as before


async def test_a_tv_takes_no_seat(table: Table) -> None:
    room, host, _ = await table.room("time-bomb")
    token, _, _ = await room.call(joins.join, room, "TV", True, True)
    tv = FakeConn()
    await room.call(room.connect, tv, token)
    await refused("wrong_status", table.op(room, tv, "sit"))
    assert [seat["name"] for seat in host.room()["seats"]] == ["Host"]
