"""An evening in one room (issue 25, item 1): the host chooses the next game, any of the three,
for the same room; each finished game gives evening points by the rule of docs/rulings.md ("The
evening scoreboard"), kept in the room's record through a restart; every stored game replays as
the game it was."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from pydantic import ValidationError
from roomtable import FakeConn, Table, refused, write_file
from test_room_restore import restart

from tictac.engine import Outcome
from tictac.rooms import Room
from tictac.rooms.evening import points, score_game, standings
from tictac.rooms.evening import summary as evening_summary
from tictac.rooms.messages import FRAME_BOUND
from tictac.rooms.names import MAX_NAME
from tictac.rooms.places import Seating
from tictac.rooms.record import RoomRecord
from tictac.rooms.replays import fetch
from tictac.rooms.wire import dumps
from tictac.server.models import client_message

QUICK_TWIST = {"target_score": 30, "timo_grace_ms": 500}


# -- the points rule, by name ------------------------------------------------------------------


def test_a_game_gives_its_places_ten_down_to_nothing() -> None:
    """Timo's Twist, 4 seats, no ties: the winner 10, then by score, the last 0."""
    assert points(Outcome([2], [10, 31, 45, 0]), 4) == [Fraction(10, 3), Fraction(20, 3), 10, 0]


def test_every_game_gives_the_same_points_whatever_its_length() -> None:
    """A long game (scores in the hundreds) weighs what a short one does, for its seats."""
    long = points(Outcome([0], [500, 420, 10]), 3)
    short = points(Outcome([0], [30, 3, 1]), 3)
    assert long == short == [10.0, 5.0, 0.0]


def test_tied_seats_share_their_places() -> None:
    """Two seats equal on win and score share places 2 and 3: each gets half of both."""
    assert points(Outcome([0], [30, 5, 5, 0]), 4) == [10.0, 5.0, 5.0, 0.0]


def test_a_team_shares_its_rank() -> None:
    """Time Bomb: the winning team's four each beat the two losers and tie with their three
    teammates; a team game gives out what a game of single players of its size does."""
    won = points(Outcome([0, 1, 2, 3], [1, 1, 1, 1, 0, 0]), 6)
    assert won == [7.0] * 4 + [1.0] * 2
    assert sum(won) == sum(points(Outcome([0], [6, 5, 4, 3, 2, 1]), 6))


def test_times_up_teams_and_a_floater_rank_by_win_then_score() -> None:
    """Time's Up, 5 seats: team (0, 1) won with 12, team (2, 3) had 8, the floater (4) 12 too
    and so wins beside the winners (docs/rulings.md); seat scores are the team's totals."""
    assert points(Outcome([0, 1, 4], [12, 12, 8, 8, 12]), 5) == [7.5, 7.5, 1.25, 1.25, 7.5]


def test_a_game_with_no_scores_ranks_by_its_winners() -> None:
    assert points(Outcome([1], []), 3) == [2.5, 10.0, 2.5]


# -- the op ---------------------------------------------------------------------------------


async def _finish(table: Table, room: Room, host: FakeConn, token: str) -> None:
    """The game started and played to its end by bots once the host is gone; the host is
    back afterwards."""
    await table.op(room, host, "set_policy", policy="bot", after_s=5)
    await table.op(room, host, "start")
    await room.call(room.disconnect, host)
    await table.run(room, lambda: room.status == "finished", step_ms=200)
    await room.call(room.connect, host, token)


async def test_choose_game_sets_the_next_game_and_its_options(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=3)
    code = room.code
    await table.op(room, host, "choose_game", game="timos-twist", options=QUICK_TWIST)
    seen = host.room()
    assert (seen["code"], seen["game"], seen["title"]) == (code, "timos-twist", "Timo's Twist")
    assert seen["options"]["target_score"] == 30
    assert [seat["name"] for seat in seen["seats"]] == ["Host", "Bot 1", "Bot 2", "Bot 3"]
    await table.op(room, host, "add_bot", kind="heuristic")  # Timo's Twist's own bots
    stored = next(dump for dump in await table.store.load_rooms() if dump.code == code)
    assert stored.game == "timos-twist" and stored.record["options"] == QUICK_TWIST


async def test_seats_beyond_the_new_games_most_watch_and_are_told(table: Table) -> None:
    """Time Bomb seats 8, Timo's Twist 6: the last seated people watch (each told so), the bots
    beyond leave; a spectator may sit again once there is room."""
    room, host, _ = await table.room("time-bomb", bots=5)
    ann, _ = await table.join(room, "Ann")
    bea, _ = await table.join(room, "Bea")
    assert len(room.seating.seats) == 8
    await table.op(room, host, "remove_seat", seat=3)  # Bot 3 goes: Ann, Bea at seats 6, 7
    await table.op(room, host, "add_bot", kind=None)  # Bot 3 is back, at seat 7
    await table.op(room, host, "choose_game", game="timos-twist")
    seen = host.room()
    assert [seat["name"] for seat in seen["seats"]] == [
        "Host", "Bot 1", "Bot 2", "Bot 4", "Bot 5", "Ann"]
    assert bea.room()["you"]["spectator"] and not ann.room()["you"]["spectator"]
    assert [notice["code"] for notice in bea.of("notice")] == ["unseated"]
    assert ann.of("notice") == [] and host.of("notice") == []
    assert "Bot 3" not in room.seating.names()
    await refused("room_full", table.op(room, bea, "sit"))
    await table.op(room, host, "remove_seat", seat=4)
    await table.op(room, bea, "sit")
    assert bea.room()["you"]["seat"] == 5
    await refused("wrong_status", table.op(room, bea, "sit"))  # seated already


async def test_the_host_beyond_the_most_keeps_a_seat(table: Table) -> None:
    """Time's Up seats 12, Time Bomb 8: the host in the last seat takes the eighth."""
    room, first, _ = await table.room("times-up")
    conns = [first]
    for n in range(11):
        conn, _ = await table.join(room, f"P{n}")
        conns.append(conn)
    await table.op(room, first, "transfer_host", seat=11)
    last = conns[11]
    await table.op(room, last, "choose_game", game="time-bomb")
    seen = last.room()
    assert seen["you"]["seat"] == 7 and seen["host"] == 7
    assert [seat["name"] for seat in seen["seats"]] == [
        "Host", "P0", "P1", "P2", "P3", "P4", "P5", "P10"]
    assert [bool(conn.of("notice")) for conn in conns] == [False] * 7 + [True] * 4 + [False]


async def test_bots_leave_for_a_game_that_seats_none(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=3)
    await table.op(room, host, "choose_game", game="times-up")
    assert [seat["name"] for seat in host.room()["seats"]] == ["Host"]
    assert host.room()["bots"] is False
    await refused("no_bots", table.op(room, host, "add_bot", kind=None))


@pytest.mark.parametrize(("fields", "code"), [
    ({"game": "chess"}, "unknown_game"),
    ({"game": "x" * 100_000}, "unknown_game"),
    ({"game": 7}, "unknown_game"),
    ({"game": None}, "unknown_game"),
    ({"game": "timos-twist", "options": {"target_score": -5}}, "bad_option"),
    ({"game": "timos-twist", "options": {"target_score": "30"}}, "bad_option"),
    ({"game": "timos-twist", "options": {"x" * 10_000: 1}}, "bad_option"),
    ({"game": "times-up", "options": {"teams": [[0, 0]]}}, "bad_option"),
    ({"game": "timos-twist", "options": [1, 2]}, "bad_option"),
])
async def test_a_bad_choice_is_refused_with_nothing_changed(table: Table, fields: dict[str, Any],
                                                            code: str) -> None:
    room, host, _ = await table.room("time-bomb", bots=3)
    before = room.stored_record()
    await refused(code, table.op(room, host, "choose_game", **fields))
    assert (room.game_name, room.stored_record()) == ("time-bomb", before)
    assert len(room.seating.seats) == 4


async def test_only_the_host_chooses_and_only_in_the_lobby(table: Table) -> None:
    room, host, _ = await table.room("time-bomb", bots=3)
    ann, _ = await table.join(room, "Ann", spectator=True)
    await refused("not_host", table.op(room, ann, "choose_game", game="timos-twist"))
    await table.op(room, host, "start")
    await refused("wrong_status", table.op(room, host, "choose_game", game="timos-twist"))


@pytest.mark.parametrize("text", [
    {"type": "lobby", "op": "choose_game", "game": "g" * 65},
    {"type": "lobby", "op": "choose_game", "game": ["time-bomb"]},
    {"type": "lobby", "op": "choose_game", "game": "time-bomb", "options": "fast"},
    {"type": "lobby", "op": "choose_game"},
    {"type": "lobby", "op": "choose_game", "game": "time-bomb", "extra": 1},
    {"type": "lobby", "op": "end_evening", "now": True},
    {"type": "lobby", "op": "sit", "seat": 2},
])
def test_the_one_validator_refuses_a_malformed_op(text: dict[str, Any]) -> None:
    """The WebSocket's messages all pass `client_message` (server/models.py) before a room
    sees them: the server answers `bad_message`."""
    with pytest.raises(ValidationError):
        client_message.validate_json(json.dumps(text))


# -- the scoreboard, the restart, the replays ---------------------------------------------------


async def test_an_evening_survives_a_restart_and_replays_each_game_as_itself(
        table: Table) -> None:
    room, host, token = await table.room("time-bomb", bots=3)
    await _finish(table, room, host, token)
    bomb = room.game.outcome(room.state)
    assert bomb is not None
    first = host.room()["evening"]
    assert first["played"] == 1 and first["games"][0]["game"] == "time-bomb"
    assert {row["name"] for row in first["standings"]} == {"Host", "Bot 1", "Bot 2", "Bot 3"}
    await table.op(room, host, "play_again")
    await table.op(room, host, "choose_game", game="timos-twist", options=QUICK_TWIST)
    await table.op(room, host, "rename", name="Hostess")  # the row is the place's, renamed

    manager = await restart(table)  # mid-evening, between games
    room = manager.get(room.code)
    host = FakeConn()
    await room.call(room.connect, host, token)
    seen = host.room()
    assert (seen["game"], seen["status"], seen["evening"]) == (
        "timos-twist", "lobby", {**first, "standings": [
            {**row, "name": "Hostess" if row["name"] == "Host" else row["name"]}
            for row in first["standings"]]})
    await _finish(table, room, host, token)
    twist = room.game.outcome(room.state)
    assert twist is not None

    manager = await restart(table)  # the second game over, still on the TV
    room = manager.get(room.code)
    host = FakeConn()
    await room.call(room.connect, host, token)
    evening = host.room()["evening"]
    assert host.room()["game"] == "timos-twist" and host.view()["view"]["over"] is True
    assert [game["game"] for game in evening["games"]] == ["time-bomb", "timos-twist"]
    hostess = next(row for row in evening["standings"] if row["name"] == "Hostess")
    assert hostess["games"] == 2
    assert hostess["points"] == float(points(bomb, 4)[0] + points(twist, 4)[0])
    assert sum(row["points"] for row in evening["standings"]) == pytest.approx(40.0, abs=0.05)

    # Game 0 was Time Bomb: its replay says so and replays as Time Bomb, now as after a move on.
    replay = (await fetch(room, token, 0, None)).answer
    assert replay["game"] == "time-bomb" and "roles" in replay["steps"][-1]["view"]
    current = (await fetch(room, token, 1, None)).answer
    assert current["game"] == "timos-twist"
    await manager.close()


async def test_a_game_dealt_before_games_named_themselves_replays_as_the_rooms_first(
        stored_table: Table) -> None:
    """A stored setup without "game" (dealt by the code before issue 25) is the room's game
    from before the host first chose another."""
    room, host, token = await stored_table.room("time-bomb", bots=3)
    await _finish(stored_table, room, host, token)
    [(text,)] = write_file(stored_table, "SELECT setup FROM games WHERE room = :code",
                           code=room.code)
    setup = json.loads(text)
    del setup["game"]
    write_file(stored_table, "UPDATE games SET setup = :setup WHERE room = :code",
               setup=json.dumps(setup), code=room.code)
    await stored_table.op(room, host, "play_again")
    await stored_table.op(room, host, "choose_game", game="timos-twist")
    replay = (await fetch(room, token, 0, None)).answer
    assert replay["game"] == "time-bomb" and "roles" in replay["steps"][-1]["view"]


async def test_ending_the_evening_shows_the_podium_and_the_next_game_opens_a_new_one(
        table: Table) -> None:
    room, host, token = await table.room("time-bomb", bots=3)
    await refused("wrong_status", table.op(room, host, "end_evening"))  # nothing to end yet
    await _finish(table, room, host, token)
    await table.op(room, host, "end_evening")
    assert host.room()["evening"]["over"] is True
    stored = next(dump for dump in await table.store.load_rooms() if dump.code == room.code)
    assert stored.record["evening_over"] is True and len(stored.record["evening"]) == 1
    await table.op(room, host, "play_again")
    await table.op(room, host, "start")
    assert host.room()["evening"] == {"games": [], "played": 0, "standings": [], "over": False}


async def test_a_replaced_players_points_stay_theirs(table: Table) -> None:
    """A bot that takes a person's seat mid-game plays for them: the game's points go to the
    place that held the seat when the game began, not to the bot's."""
    room, host, token = await table.room("timos-twist", bots=1, options=QUICK_TWIST)
    await table.join(room, "Ann")
    await table.op(room, host, "set_policy", policy="bot", after_s=5)
    await table.op(room, host, "start")
    await table.op(room, host, "replace", seat=2)
    await room.call(room.disconnect, host)
    await table.run(room, lambda: room.status == "finished", step_ms=200)
    await room.call(room.connect, host, token)
    names = {row["name"] for row in host.room()["evening"]["standings"]}
    assert names == {"Host", "Bot 1", "Ann"}


def test_the_longest_evening_keeps_the_room_message_bounded() -> None:
    """However many games an evening had, of twelve seats all winning with the widest names,
    `room.evening` stays within a third of a frame and the record keeps its latest 30 games,
    the points of the others added up by place (docs/server.md, "Bounds")."""
    record = RoomRecord(created_ms=0, gone_after_s=20, bot_pause_ms=0)
    wide = "\U0001d54f" * MAX_NAME  # 4 bytes each in UTF-8
    for index in range(400):
        pids = list(range(index * 12, index * 12 + 12))
        score_game(record, index, "times-up", Outcome(list(range(12)), [0] * 12), pids,
                   [wide] * 12)
    shown = evening_summary(record, Seating())
    assert (len(shown["games"]), len(shown["standings"]), shown["played"]) == (30, 50, 400)
    assert len(dumps(shown).encode()) < FRAME_BOUND // 3
    assert len(record.evening) == 30 and record.evening_folded == 370
    # 4,800 places played one game each, tied with their eleven others: 5 points each
    assert {row["points"] for row in standings(record, Seating())} == {5.0}
    assert len(standings(record, Seating())) == 4800


def test_the_games_added_up_out_of_the_record_still_count() -> None:
    record = RoomRecord(created_ms=0, gone_after_s=20, bot_pause_ms=0)
    for index in range(40):
        score_game(record, index, "timos-twist", Outcome([0], [9, 6, 3, 0]), [5, 6, 7, 8],
                   ["Ann", "Bob", "Cy", "Dee"])
    score_game(record, 39, "timos-twist", Outcome([1], [0, 9, 0, 0]), [5, 6, 7, 8],
               ["Ann", "Bob", "Cy", "Dee"])  # counted once: a restore scores it again
    assert [(row["name"], row["points"], row["games"]) for row in standings(record, Seating())] \
        == [("Ann", 400.0, 40), ("Bob", 800 / 3, 40), ("Cy", 400 / 3, 40), ("Dee", 0.0, 40)]
    assert evening_summary(record, Seating())["played"] == 40


def test_equal_sums_of_thirds_are_a_tie() -> None:
    """10 + 5/3 and 10/3 + 25/3 are both 35/3: rounded per game (11.67 against 11.66) they
    were not; exact, the two rows are the same number, and an older record's rounded points
    still add up."""
    record = RoomRecord(created_ms=0, gone_after_s=20, bot_pause_ms=0)
    four, seven = ["Cam", "Bap", "Cy", "Dee"], ["Cam", "Eve", "Fay", "Gus", "Hal", "Bap", "Ivy"]
    score_game(record, 0, "time-bomb", Outcome([], [4, 2, 3, 1]), [1, 2, 3, 4], four)
    score_game(record, 1, "time-bomb", Outcome([], [2, 7, 5, 4, 3, 6, 1]),
               [1, 5, 6, 7, 8, 2, 9], seven)
    rows = {row["name"]: row["points"] for row in standings(record, Seating())}
    assert rows["Cam"] == rows["Bap"] == float(Fraction(35, 3))
    record.evening[0]["rows"][0][2] = 10.0  # a record written before: a rounded number
    assert {row["name"]: row["points"] for row in standings(record, Seating())}["Cam"] \
        == float(Fraction(35, 3))
