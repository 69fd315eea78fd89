"""Replays: who may see a finished game, how often one may ask, and answers kept per game,
seat and version."""

from __future__ import annotations

import gc
import json

from roomtable import FakeConn, Table, refused

from tictac.rooms import Room
from tictac.rooms.replays import collector_paused, fetch
from tictac.rooms.shelf import ReplayCache, Shelf


async def finished_room(table: Table) -> tuple[Room, str]:
    """A Time Bomb game the bots play to its end once the host has left."""
    room, host, token = await table.room("time-bomb", bots=3)
    await table.op(room, host, "set_policy", policy="bot", after_s=5)
    await table.op(room, host, "start")
    await room.call(room.disconnect, host)
    await table.run(room, lambda: room.status == "finished", step_ms=1000)
    return room, token


async def test_finished_replay_needs_a_token_unless_the_host_made_replays_public(
        table: Table) -> None:
    room, token = await finished_room(table)
    watcher, watcher_token = await table.join(room, "Watcher", spectator=True)
    await refused("bad_token", fetch(room, None, 0, 1))
    await refused("bad_token", fetch(room, "not-a-token", 0, 1))
    seen = (await fetch(room, watcher_token, 0, 1)).answer  # any place of the room will do
    host = FakeConn()
    await room.call(room.connect, host, token)
    await refused("not_host", table.op(room, watcher, "set_replays", public=True))
    await table.op(room, host, "set_replays", public=True)
    assert (await fetch(room, None, 0, 1)).answer == seen
    dump = next(dump for dump in await table.store.load_rooms() if dump.code == room.code)
    assert dump.record["public_replays"] is True  # a restart keeps the host's choice
    await table.op(room, host, "set_replays", public=False)
    await refused("bad_token", fetch(room, None, 0, 1))


async def test_replays_are_rate_limited_per_requester(table: Table) -> None:
    room, token = await finished_room(table)
    _, other = await table.join(room, "Other", spectator=True)
    allowed = table.settings.replays_per_min
    for _ in range(allowed):
        await fetch(room, token, 0, None)
    await refused("rate_limited", fetch(room, token, 0, None))
    await fetch(room, other, 0, None)  # someone else still may
    await table.tick(room, 60_000)
    await fetch(room, token, 0, None)  # and a minute later, so may the first


async def test_a_replay_is_computed_once_per_game_seat_and_version(table: Table) -> None:
    room, token = await finished_room(table)
    first = await fetch(room, token, 0, 1)
    again = await fetch(room, token, 0, 1)
    assert again is first  # kept, encoded once
    assert json.loads(first.encoded()) == first.answer
    other_seat = (await fetch(room, token, 0, 2)).answer
    assert other_seat["steps"][-1]["view"] == room.game.view(room.state, 2)


async def test_the_replays_kept_are_bounded_in_bytes_not_in_answers(table: Table) -> None:
    """Issue 20: six kept answers per room held one flooded game's 95 MB replays for good. The
    process keeps at most the shelf's bytes; a replay bigger than that is answered, not kept."""
    room, token = await finished_room(table)
    size = len((await fetch(room, token, 0, 1)).encoded())
    shelf = room.replays.shelf = Shelf(max_bytes=size * 3 // 2)
    first = await fetch(room, token, 0, 1)
    assert await fetch(room, token, 0, 1) is first and shelf.bytes == size
    await fetch(room, token, 0, 2)  # one more would pass the bound: the older one goes
    assert len(shelf) == 1 and shelf.bytes <= shelf.max_bytes
    assert await fetch(room, token, 0, 1) is not first
    room.replays = ReplayCache(Shelf(max_bytes=size - 1))
    assert (await fetch(room, token, 0, 1)).answer == first.answer  # answered all the same
    assert len(room.replays.shelf) == 0


async def test_fetch_answers_as_the_rooms_own_job_does_for_past_games_too(
        table: Table) -> None:
    room, token = await finished_room(table)
    _, other = await table.join(room, "Other", spectator=True)
    inside = (await fetch(room, token, 0, 3)).answer
    assert (await fetch(room, other, 0, 3)).answer == inside
    host = FakeConn()
    await room.call(room.connect, host, token)
    await table.op(room, host, "play_again")
    await table.op(room, host, "start")
    assert (await fetch(room, other, 0, 3)).answer == inside  # game 0 now comes from the store
    await refused("bad_seat", fetch(room, other, 0, 4))
    await refused("bad_token", fetch(room, None, 0, 3))


def test_the_collector_runs_again_once_the_last_of_overlapping_replays_is_built() -> None:
    assert gc.isenabled()
    with collector_paused:
        with collector_paused:  # a second replay built meanwhile, finishing first
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
