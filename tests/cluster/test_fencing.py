"""The store on PostgreSQL as nodes of a cluster share it. Two copies of one room, as when a node
stalled past its lease and another took its room over: the log's unique (room, game, sequence)
key lets the newer copy's action in and fences the stale copy out, which closes its connections
(they reconnect) and never appends again; the room's epoch, raised by the takeover, does the
same for the room's record (lobby changes, a new game, the room's expiry). Nodes starting
together on a fresh database."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa

from cluster import Services

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "rooms"))  # roomtable

from roomtable import FakeConn, Table, refused, safe_cut

from tictac.engine import LoggedAction
from tictac.rooms import Room
from tictac.rooms.room import CLOSE_MOVED
from tictac.store import Fenced, SqlStore
from tictac.store.lite import SCHEMA_REVISION

pytestmark = pytest.mark.timeout(60)


def on_postgres(services: Services) -> Table:
    table = Table(Path("unused"))
    table.url = services.postgres.url
    return table


async def test_a_stale_owner_is_fenced_out_by_the_logs_unique_key(services: Services) -> None:
    async with on_postgres(services) as stale, on_postgres(services) as newer:
        room, host, token = await stale.room("time-bomb", bots=3, options={"first_holder": 0})
        await stale.op(room, host, "start")
        taken = await take_over(newer, room.code)
        player = FakeConn()
        await taken.call(taken.connect, player, token)
        cut = safe_cut(taken.state, 0)
        await taken.call(taken.act, player, cut, 1)
        assert player.of("ack") == [{"type": "ack", "id": 1, "version": 1}]

        await refused("store_failed", room.call(room.act, host, safe_cut(room.state, 0), 1))
        assert host.closed == CLOSE_MOVED and room.closed
        assert room.code not in stale.manager.rooms
        await refused("no_room", room.call(room.act, host, cut, 2))  # it never appends again,
        await refused("no_room", room.apply(0, cut))  # not even from a job already running
        stored = await newer.store.load_game(room.code, 0)
        assert stored is not None and stored.log == taken.log and len(stored.log) == 1


async def take_over(table: Table, code: str) -> Room:
    """What a node does when it takes a room over: claim it, then restore it from the store."""
    assert await table.store.claim(code) > 0
    [dump] = await table.store.load_rooms(code)
    return table.manager.adopt(dump)


async def test_a_stale_owners_lobby_change_is_fenced_out_by_the_rooms_epoch(
        services: Services) -> None:
    async with on_postgres(services) as stale, on_postgres(services) as newer:
        room, host, token = await stale.room("time-bomb", bots=2)
        taken = await take_over(newer, room.code)
        assert taken.epoch == room.epoch + 1
        await refused("store_failed", stale.op(room, host, "add_bot", kind=None))
        assert host.closed == CLOSE_MOVED and room.closed
        assert room.code not in stale.manager.rooms
        [stored] = await newer.store.load_rooms(room.code)
        assert len(stored.record["places"]) == 3  # the stale copy's bot never landed
        # The new owner's changes go on: a bot, then a game.
        newcomer = FakeConn()
        await taken.call(taken.connect, newcomer, token)
        await newer.op(taken, newcomer, "add_bot", kind=None)
        await newer.op(taken, newcomer, "start")
        [stored] = await newer.store.load_rooms(room.code)
        assert len(stored.record["places"]) == 4 and len(stored.games) == 1


async def test_a_stale_owner_neither_starts_a_game_nor_deletes_a_room_taken_over(
        services: Services) -> None:
    async with on_postgres(services) as stale, on_postgres(services) as newer:
        room, host, _ = await stale.room("time-bomb", bots=3)
        other, other_host, _ = await stale.room("time-bomb", bots=3)
        await take_over(newer, room.code)
        await take_over(newer, other.code)
        await refused("store_failed", stale.op(room, host, "start"))
        assert host.closed == CLOSE_MOVED and room.closed
        await other.call(other.expire)  # its idle timer, on the stale node
        assert other_host.closed == CLOSE_MOVED and other.closed
        for code in (room.code, other.code):
            [stored] = await newer.store.load_rooms(code)
            assert stored.games == [] and stored.epoch == 1


async def test_an_append_at_a_taken_place_is_fenced(services: Services) -> None:
    async with on_postgres(services) as table:
        room, host, _ = await table.room("time-bomb", bots=3, options={"first_holder": 0})
        await table.op(room, host, "start")
        entry = LoggedAction(0, safe_cut(room.state, 0), 1)
        await table.store.append(room.code, 0, 1, entry)
        with pytest.raises(Fenced):
            await table.store.append(room.code, 0, 1, LoggedAction(1, {"type": "x"}, 2))
        await table.store.append(room.code, 0, 2, entry)  # the writer goes on


async def test_nodes_starting_together_migrate_one_fresh_database(services: Services) -> None:
    services.postgres.create_database("fresh")
    url = services.postgres.url_of("fresh")
    stores = await asyncio.wait_for(asyncio.gather(*(SqlStore.open(url) for _ in range(4))), 60)
    with stores[0].engine.connect() as conn:
        version = conn.execute(sa.text("select version_num from alembic_version")).all()
    for store in stores:
        await store.close()
    assert version == [(SCHEMA_REVISION,)]
