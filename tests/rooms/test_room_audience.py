"""An audience (issue 25, item 4; docs/rulings.md, "The audience"): the spectators who are not a
TV vote on the game they watch (Time Bomb: who is Moriarty, each round; Time's Up: each round's
funniest turn; Timo's Twist: who empties their hand first). Nobody but the voter hears a vote
before the game is over; the votes are the room's, kept through a restart; the TVs hear the
counts at most once a second however many votes come (a bounded fan-out)."""

from __future__ import annotations

from typing import Any

import pytest
from roomtable import FakeConn, Table, refused, refusing
from test_room_restore import restart
from tutable import QUICK, seat_people

from tictac.engine.audience import Ballot
from tictac.games.time_bomb.table import MORIARTY
from tictac.games.times_up.audience import MAX_TURNS
from tictac.games.times_up.phases import RUNNING, WAITING
from tictac.games.timos_twist.audience import CLOSE_AT
from tictac.rooms import Room, joins
from tictac.rooms.audience import TALLY_MS, Audience


async def _tv(table: Table, room: Room) -> FakeConn:
    token, _, _ = await room.call(joins.join, room, "TV", True, True)
    tv = FakeConn()
    await room.call(room.connect, tv, token)
    return tv


async def _fans(table: Table, room: Room, count: int) -> list[tuple[FakeConn, str]]:
    return [await table.join(room, f"Fan {number}", spectator=True) for number in range(count)]


async def _vote(table: Table, room: Room, conn: FakeConn, key: str, choice: int) -> None:
    """The vote, taken and saved (the save runs as a job of its own: `tick` waits for it)."""
    await room.call(room.audience.vote, conn, key, choice)
    await table.tick(room)


def _said(conn: FakeConn) -> dict[str, Any]:
    return conn.of("audience")[-1]


def _no_vote_told(conn: FakeConn) -> None:
    """What a player or a TV was told of the audience: counts and the ballot, never a vote,
    and the results only once the game is over (its view said so first)."""
    over = False
    for message in conn.sent:
        if message["type"] == "view":
            over = message["view"]["over"]
        if message["type"] == "audience":
            assert "yours" not in message
            assert set(message["audience"]) == {"members", "voted", "ballot", "results"}
            assert over or message["audience"]["results"] is None


async def test_time_bomb_the_audience_votes_each_round_and_sees_how_it_did(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=3)
    tv = await _tv(table, room)
    (ann, _), (bob, _) = await _fans(table, room, 2)
    await refused("no_ballot", room.call(room.audience.vote, ann, "round-1", 0))  # the lobby
    await table.op(room, host, "start")
    assert _said(ann)["audience"]["ballot"] == {
        "key": "round-1", "kind": "moriarty",
        "choices": [{"id": seat, "seat": seat} for seat in range(4)]}
    assert _said(ann)["yours"] is None
    await _vote(table, room, ann, "round-1", 1)
    await _vote(table, room, ann, "round-1", 2)  # a change of mind replaces the vote
    await _vote(table, room, bob, "round-1", 3)
    assert _said(ann)["yours"] == 2 and _said(bob)["yours"] == 3
    assert room.record.votes == {"round-1": {str(ann_pid(room, "Fan 0")): 2,
                                             str(ann_pid(room, "Fan 1")): 3}}
    await table.tick(room, TALLY_MS)
    assert _said(tv)["audience"]["voted"] == 2 and _said(tv)["audience"]["members"] == 2
    await room.call(room.disconnect, host)  # the bots play the host's seat from now on
    await table.run(room, lambda: room.state.round == 2 or room.status == "finished",
                    step_ms=200)
    if room.status == "playing":  # a bomb can end the game in the first round
        await refused("no_ballot", room.call(room.audience.vote, ann, "round-1", 0))
        assert _said(ann)["audience"]["ballot"]["key"] == "round-2"
        assert _said(ann)["yours"] is None
        await _vote(table, room, ann, "round-2", 0)
    await table.run(room, lambda: room.status == "finished", step_ms=200)
    for player in (host, tv):
        _no_vote_told(player)
    await refused("no_ballot", room.call(room.audience.vote, ann, "round-1", 0))  # revealed
    results = _said(tv)["audience"]["results"]
    moriarty = [seat for seat, role in enumerate(room.state.roles) if role == MORIARTY]
    rounds = [{"round": 1, "votes": 2, "right": (2 in moriarty) + (3 in moriarty)}]
    if "round-2" in room.record.votes:
        rounds.append({"round": 2, "votes": 1, "right": int(0 in moriarty)})
    assert results == {"kind": "moriarty", "moriarty": moriarty, "rounds": rounds,
                       "votes": sum(row["votes"] for row in rounds),
                       "right": sum(row["right"] for row in rounds)}
    assert _said(ann)["audience"]["results"] == results  # everyone sees them now


def ann_pid(room: Room, name: str) -> int:
    return next(place.pid for place in room.seating.places.values() if place.name == name)


async def test_only_the_audience_votes_and_only_for_a_choice_offered(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=3)
    tv = await _tv(table, room)
    [(fan, _)] = await _fans(table, room, 1)
    await table.op(room, host, "start")
    await refused("not_audience", room.call(room.audience.vote, host, "round-1", 1))
    await refused("not_audience", room.call(room.audience.vote, tv, "round-1", 1))
    await refused("bad_choice", room.call(room.audience.vote, fan, "round-1", 4))
    await refused("bad_choice", room.call(room.audience.vote, fan, "round-1", -1))
    await refused("no_ballot", room.call(room.audience.vote, fan, "round-2", 1))
    await refused("no_ballot", room.call(room.audience.vote, fan, "x" * 4000, 1))
    assert room.record.votes == {}


async def test_a_restart_keeps_the_votes(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=3)
    [(fan, token)] = await _fans(table, room, 1)
    await table.op(room, host, "start")
    await _vote(table, room, fan, "round-1", 2)
    again = await restart(table)
    back, restored = FakeConn(), again.get(room.code)
    await restored.call(restored.connect, back, token)
    assert restored.record.votes == room.record.votes
    assert _said(back)["yours"] == 2 and _said(back)["audience"]["voted"] == 1
    await again.close()


async def test_many_votes_in_a_second_reach_the_tv_once(table: Table) -> None:
    """40 members vote within one second: each hears only their own answer, the TV one tally
    for them all, and the players none (a bounded fan-out: docs/server.md)."""
    room, host, _ = await table.room("time-bomb", bots=3)
    tv = await _tv(table, room)
    fans = await _fans(table, room, 40)
    await table.op(room, host, "start")
    await table.tick(room, TALLY_MS)
    before = {"tv": len(tv.sent), "host": len(host.sent)}
    heard = [len(fan.sent) for fan, _ in fans]
    for number, (fan, _) in enumerate(fans):
        await room.call(room.audience.vote, fan, "round-1", number % 4)
        await table.tick(room, TALLY_MS // 50)
    assert [len(fan.sent) - count for (fan, _), count in zip(fans, heard, strict=True)] == [1] * 40
    await table.tick(room, TALLY_MS)
    tallies = tv.sent[before["tv"]:]
    assert 1 <= len(tallies) <= 2 and all(message["type"] == "audience" for message in tallies)
    assert tallies[-1]["audience"]["voted"] == 40
    assert len(host.sent) == before["host"]


async def test_times_up_the_audience_picks_each_rounds_funniest_turn(table: Table) -> None:
    people = await seat_people(table, QUICK)
    room = people.room
    (ann, _), (bob, _) = await _fans(table, room, 2)
    await people.to_running()
    ballot = _said(ann)["audience"]["ballot"]
    assert ballot["key"] == "round-1" and ballot["kind"] == "funniest"
    assert ballot["choices"] == [{"id": 0, "seat": room.state.turns[0].cluegiver,
                                  "team": room.state.turns[0].team}]
    await table.run(room, lambda: room.state.phase == WAITING, step_ms=1000)  # time is up
    await people.act(room.state.cluegiver(), {"type": "start"})
    assert [choice["id"] for choice in _said(ann)["audience"]["ballot"]["choices"]] == [0, 1]
    await _vote(table, room, ann, "round-1", 1)
    await _vote(table, room, bob, "round-1", 1)
    await refused("bad_choice", room.call(room.audience.vote, ann, "round-1", 2))
    await _play_times_up_to_the_end(people)
    for conn in people.conns:
        _no_vote_told(conn)
    rounds = _said(people.conns[0])["audience"]["results"]["rounds"]
    assert rounds == [{"round": 1, "votes": 2, "top": [
        {"id": 1, "seat": room.state.turns[1].cluegiver, "team": room.state.turns[1].team,
         "votes": 2}]}]


async def _play_times_up_to_the_end(people: Any) -> None:
    """Every card found as it comes, every turn started, every readback confirmed."""
    room = people.room
    game = room.game
    for _ in range(500):
        if room.status == "finished":
            return
        moves = [(seat, action) for seat in game.to_act(room.state)
                 for action in game.legal_actions(room.state, seat)]
        order = ["found", "start", "ready"]
        moves.sort(key=lambda move: order.index(move[1]["type"])
                   if move[1]["type"] in order else len(order))
        seat, action = moves[0]
        await people.act(seat, action)
    raise AssertionError("the game did not end")


async def test_timos_twist_the_audience_guesses_who_empties_their_hand_first(
        table: Table) -> None:
    room, host, _ = await table.room("timos-twist", bots=2,
                                     options={"target_score": 30, "timo_grace_ms": 500})
    tv = await _tv(table, room)
    (ann, _), (bob, _) = await _fans(table, room, 2)
    await table.op(room, host, "start")
    assert _said(ann)["audience"]["ballot"] == {
        "key": "first-out", "kind": "first_out",
        "choices": [{"id": seat, "seat": seat} for seat in range(3)]}
    await _vote(table, room, ann, "first-out", 0)
    await _vote(table, room, bob, "first-out", 1)
    await room.call(room.disconnect, host)
    # The guess closes once a hand is down to CLOSE_AT cards, long before the round ends.
    await table.run(room, lambda: min(map(len, room.state.hands)) <= CLOSE_AT, step_ms=200)
    await refused("no_ballot", room.call(room.audience.vote, ann, "first-out", 2))
    assert _said(ann)["audience"]["ballot"] is None and _said(ann)["yours"] is None
    await table.run(room, lambda: room.status == "finished", step_ms=200)
    _no_vote_told(tv)
    winner = room.state.rounds[0][0]
    right = [name for name, guess in (("Fan 0", 0), ("Fan 1", 1)) if guess == winner]
    assert _said(tv)["audience"]["results"] == {
        "kind": "first_out", "winner": winner, "votes": 2, "right": len(right), "names": right}


async def test_a_times_up_ballot_offers_the_rounds_first_turns_only(table: Table) -> None:
    """However many turns a round takes, its ballot (and so the `audience` message) lists its
    first MAX_TURNS (docs/server.md, "Bounds")."""
    people = await seat_people(table, QUICK)
    room = people.room
    [(fan, _)] = await _fans(table, room, 1)
    await people.to_running()
    while len(room.state.turns) <= MAX_TURNS:
        await table.run(room, lambda: room.state.phase == WAITING, step_ms=1000)  # time is up
        await people.act(room.state.cluegiver(), {"type": "start"})
    assert room.state.phase == RUNNING and room.state.round == 1
    assert [choice["id"] for choice in _said(fan)["audience"]["ballot"]["choices"]] == list(
        range(MAX_TURNS))
    await refused("bad_choice", room.call(room.audience.vote, fan, "round-1", MAX_TURNS))


async def test_a_vote_the_store_refuses_is_not_counted_and_its_voter_is_told(
        stored_table: Table) -> None:
    """Nothing is visible before it is durable: a vote whose record the store refuses is
    undone, and its voter hears `store_failed`, not their vote."""
    room, host, _ = await stored_table.room("time-bomb", bots=3)
    [(fan, _)] = await _fans(stored_table, room, 1)
    await stored_table.op(room, host, "start")
    answers = len(fan.of("audience"))
    with refusing(stored_table.store, ("rooms",)):
        await _vote(stored_table, room, fan, "round-1", 2)
    assert fan.of("error")[-1]["code"] == "store_failed"
    assert room.record.votes == {} and len(fan.of("audience")) == answers
    await _vote(stored_table, room, fan, "round-1", 2)
    assert _said(fan)["yours"] == 2


async def test_a_room_nobody_watches_asks_for_no_ballot_as_it_plays(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """After every action the audience hears of a new ballot, but a room with no TV and no
    audience (most of them) has nobody to tell: the game is not asked for its ballot at all
    (a share of every action's time), and the table plays on the same."""
    asked = []
    ballot = Audience.ballot

    def counted(audience: Audience) -> Ballot | None:
        asked.append(audience)
        return ballot(audience)

    monkeypatch.setattr(Audience, "ballot", counted)
    room, host, _ = await table.room("timos-twist", bots=2, options={"target_score": 30})
    await table.op(room, host, "start")
    await room.call(room.disconnect, host)  # its stand-in plays too
    await table.run(room, lambda: len(room.log) >= 20, step_ms=200)
    assert asked == [] and not host.of("audience")
