"""The store on a PostgreSQL server that restarted between two writes: the writer's pooled
connection is dead, and the first write after the restart must land, not be refused
`store_failed` (a room created on a node that wrote nothing while the database was down was
refused once in CI before the writer tried a dead connection's batch again)."""

from __future__ import annotations

import asyncio
import secrets

import pytest

from cluster import Services
from tictac.engine import LoggedAction
from tictac.store import SqlStore

pytestmark = pytest.mark.timeout(120)


def fresh_code() -> str:
    return "".join(secrets.choice("BCDFGHJKLMNPQRSTVWXZ") for _ in range(5))


async def test_the_first_writes_after_a_postgresql_restart_are_stored(services: Services) -> None:
    store = await SqlStore.open(services.postgres.url)
    try:
        code = fresh_code()
        await store.save_room(code, "time-bomb", {"seats": [0]}, 1, 0)
        await store.start_game(code, 0, {"players": 4}, 2, "time-bomb", {"seats": [0]}, 0)
        services.postgres.stop("immediate")
        services.postgres.start()
        other = fresh_code()
        await store.save_room(other, "time-bomb", {"seats": [0, 1]}, 3, 0)  # alone in its batch
        entries = [LoggedAction(i % 4, {"type": "cut", "n": i}, 10 + i) for i in range(5)]
        services.postgres.stop("immediate")
        services.postgres.start()
        await asyncio.gather(*(store.append(code, 0, seq, entry)  # a batch of several
                               for seq, entry in enumerate(entries, start=1)))
        [first] = await store.load_rooms(code)
        [second] = await store.load_rooms(other)
    finally:
        await store.close()
    assert [entry.action for entry in first.games[0].log] == [e.action for e in entries]
    assert second.record == {"seats": [0, 1]}
