"""Where the audience (docs/rulings.md, "The audience") meets absence and the host's controls:
the vote goes on while a player is gone, under every gone-player policy and in every game, and
while the game is paused; a returning player hears nothing of the vote; a player whose seat was
taken (replaced by a bot, kicked) saw their own secrets, so neither votes nor hears the vote;
and from one game of the evening to the next, who votes and what is counted change with it."""

from __future__ import annotations

import json

import pytest
from roomtable import FakeConn, Table, refused
from test_room_audience import _fans, _said, _tv, _vote
from test_room_seams import AFTER_S, _gone
from tutable import QUICK, People, seat_people

from tictac.engine import GAMES
from tictac.rooms import Room
from tictac.rooms.audience import TALLY_MS


async def _people(table: Table, name: str, policy: str) -> People:
    """A started game of `name` with four people (the host in seat 0), gone after AFTER_S."""
    if name == "times-up":
        people = await seat_people(table, QUICK, policy=policy, after_s=AFTER_S)
        await people.to_running()
        return people
    return await seat_people(table, policy=policy, after_s=AFTER_S, game=name)


def _to_act(room: Room) -> int:
    """The seat the game waits for, not the host's (the host stays to run the room)."""
    waiting = [seat for seat in room.game.to_act(room.state) if seat != 0]
    return waiting[0] if waiting else 1


def _hears_no_vote(conn: FakeConn) -> None:
    """Nothing `conn` was sent holds a vote: its audience messages carry counts, not `yours`."""
    for message in conn.sent:
        assert "yours" not in message, message
        assert "votes" not in json.dumps(message.get("audience", {})), message


@pytest.mark.parametrize("policy", ["bot", "wait", "skip"])
@pytest.mark.parametrize("name", sorted(GAMES))
async def test_the_vote_goes_on_while_a_player_is_gone(table: Table, name: str,
                                                       policy: str) -> None:
    people = await _people(table, name, policy)
    room = people.room
    [(fan, _)] = await _fans(table, room, 1)
    ballot = _said(fan)["audience"]["ballot"]
    assert ballot is not None and _said(fan)["yours"] is None
    gone = _to_act(room)
    await _gone(table, people, gone)
    assert room.status == "playing"
    # Whatever the policy did for the gone seat, the ballot it opened (or the next one) is open.
    ballot = room.audience.ballot()
    assert ballot is not None
    choice = ballot.choices[-1]["id"]
    await _vote(table, room, fan, ballot.key, choice)
    assert _said(fan)["yours"] == choice
    assert room.record.votes[ballot.key] == {str(_pid(room, "Fan 0")): choice}
    await people.come_back(gone)
    back = people.conns[gone]
    assert not back.of("audience")  # a player hears nothing of the audience until the end
    await refused("not_audience", room.call(room.audience.vote, back, ballot.key, choice))
    _hears_no_vote(back)


async def test_the_vote_goes_on_while_the_game_is_paused(table: Table) -> None:
    """A pause holds the game, not the audience: a vote is taken, and the TV counts it."""
    room, host, _ = await table.room("time-bomb", bots=3)
    tv = await _tv(table, room)
    [(fan, _)] = await _fans(table, room, 1)
    await table.op(room, host, "start")
    await table.op(room, host, "pause")
    await _vote(table, room, fan, "round-1", 1)
    await table.tick(room, TALLY_MS)
    assert _said(tv)["audience"]["voted"] == 1 and "yours" not in _said(tv)
    assert room.paused and room.log == []


@pytest.mark.parametrize("control", ["replace", "kick"])
async def test_a_player_whose_seat_was_taken_watches_the_vote_without_voting(
        table: Table, control: str) -> None:
    """Bea saw her role; once the host gives her seat to a bot (or empties it) she watches, and
    the audience's vote is not hers to cast nor to see, as for every player of the game
    (docs/rulings.md, "The audience"). A fan who came late votes as before."""
    room, host, _ = await table.room("time-bomb", bots=2, options={"first_holder": 0})
    bea, _ = await table.join(room, "Bea")
    await table.op(room, host, "start")
    [(fan, _)] = await _fans(table, room, 1)
    seat = room.seating.seats.index(_pid(room, "Bea"))
    await table.op(room, host, control, seat=seat)
    assert seat not in [room.seating.seat_of.get(_pid(room, "Bea"))]
    assert not room.audience.member(room.seating.places[_pid(room, "Bea")])
    await refused("not_audience", room.call(room.audience.vote, bea, "round-1", 0))
    await room.call(room.sync, bea)
    assert not bea.of("audience")
    await _vote(table, room, fan, "round-1", 0)
    assert _said(fan)["yours"] == 0
    assert list(room.record.votes["round-1"]) == [str(_pid(room, "Fan 0"))]


def _pid(room: Room, name: str) -> int:
    return next(place.pid for place in room.seating.places.values() if place.name == name)


async def test_each_game_of_the_evening_has_its_own_vote_and_its_own_audience(
        table: Table) -> None:
    """The audience votes on each game anew (docs/rulings.md, "The audience"). After a Time Bomb
    the host chooses Timo's Twist, which seats fewer: Bea, left watching, votes on it; Cy, a fan
    who took a seat in between, plays it and votes no more; Ann's vote on the first game is not
    counted in the second, and the second's results count its own votes only."""
    room, host, token = await table.room("time-bomb", bots=5)
    bea, bea_token = await table.join(room, "Bea")  # the seventh seat
    tv = await _tv(table, room)
    (ann, _), (cy, cy_token) = await _fans(table, room, 2)
    await table.op(room, host, "start")
    await _vote(table, room, ann, "round-1", 1)
    await _vote(table, room, cy, "round-1", 2)
    await refused("not_audience", room.call(room.audience.vote, bea, "round-1", 1))
    for player in (host, bea):  # the bots play their seats to the end
        await room.call(room.disconnect, player)
    await table.run(room, lambda: room.status == "finished", step_ms=200)
    assert _said(tv)["audience"]["results"]["rounds"][0]["votes"] == 2

    host, bea, cy_phone = FakeConn(), FakeConn(), FakeConn()  # back, and Cy's second phone
    for conn, its_token in ((host, token), (bea, bea_token), (cy_phone, cy_token)):
        await room.call(room.connect, conn, its_token)
    await table.op(room, host, "play_again")
    await table.op(room, host, "choose_game", game="timos-twist",
                   options={"target_score": 30, "timo_grace_ms": 500})
    assert _pid(room, "Bea") not in room.seating.seat_of  # Timo's Twist seats six
    await table.op(room, host, "remove_seat", seat=5)
    await table.op(room, cy, "sit")
    seated_from = len(cy_phone.sent)  # a voter until then
    await table.op(room, host, "start")
    assert room.record.votes == {}
    assert _said(ann)["yours"] is None and _said(ann)["audience"]["ballot"]["key"] == "first-out"
    await refused("not_audience", room.call(room.audience.vote, cy, "first-out", 0))
    await _vote(table, room, ann, "first-out", 0)
    await _vote(table, room, bea, "first-out", 1)
    assert _said(bea)["yours"] == 1
    await room.call(room.disconnect, host)
    await table.run(room, lambda: room.status == "finished", step_ms=200)
    results = _said(tv)["audience"]["results"]
    assert results["kind"] == "first_out" and results["votes"] == 2
    assert not any("yours" in message for message in cy_phone.sent[seated_from:])
