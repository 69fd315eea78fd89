"""A room's record in a user's SQLite file outlives the code that wrote it (issue 22, item 1):
records written before `RoomRecord` existed, as literal JSON here, come back as the same room,
and are saved again with the same keys."""

from __future__ import annotations

import copy
from typing import Any

from roomtable import FakeConn, Table
from test_room_restore import restart, rewrite_record

from tictac.rooms.messages import summary
from tictac.rooms.places import Seating
from tictac.rooms.record import RoomRecord

TOKEN = "a token from before issue 22"  # its SHA-256 is the host's "token" below
# A paused Time Bomb game with a timer, the "skip" policy, public replays and a credit (seat 1
# played by "Bot 9" for Zoe from the first action), exactly as the code of 2 December 2026
# saved it.
RECORD: dict[str, Any] = {
    "places": [
        {"pid": 0, "name": "Host", "bot": None,
         "token": "cbe57f01e034ee63b2a93e44c43abdde04bf29ca3201deb5fe4b66518bf75f8d"},
        {"pid": 1, "name": "Bot 1", "token": None, "bot": "easy"},
        {"pid": 2, "name": "Bot 2", "token": None, "bot": "easy"},
        {"pid": 3, "name": "Bot 3", "token": None, "bot": "easy"}],
    "seats": [0, 1, 2, 3], "host": 0, "next_pid": 4,
    "status": "playing", "options": {}, "policy": "skip", "gone_after_s": 45, "turn_s": 30,
    "bot_pause_ms": 700, "games": 1, "created_ms": 1699999000000, "public_replays": True,
    "paused_at": 1700000000000, "paused_ms": 1500, "paused_by": "Host",
    "credits": [[0, 0, 1, "Bot 9", "Zoe"]],
}
# The first records had none of the keys added since (the pause, public replays, credits).
FIRST = {key: value for key, value in RECORD.items()
         if key not in {"public_replays", "paused_at", "paused_ms", "paused_by", "credits"}}
# The keys added by the evening in one room (issue 25), as a record without them reads them.
EVENING = {"evening": [], "evening_carried": [], "evening_folded": 0, "evening_over": False,
           "first_game": None}
AUDIENCE = {"tvs": [], "votes": {}}  # issue 25, item 4
STREAMER = {"streamer": False, "code_until": None, "word_filter": False}  # issue 25, item 2
DECK = {"deck": None}  # issue 25, item 3: the shared deck the host loaded
MEDIA = {"media": {}}  # the host's switches of the table's audio and video


async def _stored_game(table: Table) -> str:
    """A room with a game in the store (the record is rewritten over it)."""
    room, host, _ = await table.room("time-bomb", bots=3)
    await table.op(room, host, "start")
    return room.code


async def test_a_record_written_before_room_record_comes_back_the_same(stored_table: Table) -> None:
    code = await _stored_game(stored_table)
    rewrite_record(stored_table, code, RECORD)
    again = await restart(stored_table)
    room = again.get(code)
    host = FakeConn()
    await room.call(room.connect, host, TOKEN)
    seen = host.room()
    assert (seen["status"], seen["policy"], seen["gone_after_s"], seen["turn_s"],
            seen["bot_pause_ms"], seen["games"]) == ("playing", "skip", 45, 30, 700, 1)
    assert seen["paused"] and seen["paused_by"] == "Host"
    assert [seat["for"] for seat in seen["seats"]] == [None, "Zoe", None, None]
    # The game's clock stands where the pause stopped it, less the pauses before.
    assert host.view()["game_time"] == 1700000000000 - 1500
    assert room.record.public_replays and room.record.created_ms == 1699999000000
    assert room.stored_record() == {**RECORD, **EVENING, **AUDIENCE, **STREAMER, **DECK, **MEDIA}
    await again.close()


async def test_a_first_record_reads_the_keys_added_since_as_their_defaults(
        stored_table: Table) -> None:
    code = await _stored_game(stored_table)
    rewrite_record(stored_table, code, FIRST)
    again = await restart(stored_table)
    room = again.get(code)
    assert room.stored_record() == {**FIRST, "public_replays": False, "paused_at": None,
                                    "paused_ms": 0, "paused_by": None, "credits": [], **EVENING,
                                    **AUDIENCE, **STREAMER, **DECK, **MEDIA}
    await again.close()


def test_the_record_is_its_json_and_shares_nothing_with_it() -> None:
    own = {key: value for key, value in RECORD.items()
           if key not in {"places", "seats", "host", "next_pid"}}  # the seating's part
    stored = copy.deepcopy(RECORD)
    record = RoomRecord.from_json(stored)
    assert record.to_json() == {**own, **EVENING, **AUDIENCE, **STREAMER, **DECK, **MEDIA}
    record.options["odd_players"] = "bot"
    record.credits.append([1, 0, 0, None, None])
    assert stored == RECORD  # the record read is not changed by the room's changes
    saved = record.to_json()
    saved["options"].clear()
    assert record.options == {"odd_players": "bot"}


def test_the_room_summary_is_built_from_the_record_and_the_seating_alone() -> None:
    """No room is needed to say what the `room` message shows (messages.py)."""
    seating = Seating.from_record(RECORD, 1700000000000)
    seen = summary(RoomRecord.from_json(RECORD), seating, code="ABCD", game_name="time-bomb",
                   title="Time Bomb", options={}, names=["Host", "Ann", "Bob", "Cy"], version=0,
                   evening={}, you=seating.places[0])
    assert (seen["status"], seen["policy"], seen["paused_by"], seen["you"]["host"]) == (
        "playing", "skip", "Host", True)
    assert [seat["for"] for seat in seen["seats"]] == [None, "Zoe", None, None]
    assert [[credit["name"] for credit in seat] for seat in seen["movers"]] == [
        ["Host"], ["Ann", "Bot 9"], ["Bob"], ["Cy"]]
