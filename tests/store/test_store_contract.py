"""Every store keeps what a room gives them and refuses it alike (issue 22, item 4: one `Store`
protocol, the SQLAlchemy store and the sqlite3 store on a real SQLite file (issue 23, item 0),
and the in-memory store), so a room cannot tell them apart: a test of the rooms run on any of
them means the same."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from tictac.engine import LoggedAction
from tictac.store import Fenced, LiteStore, MemoryStore, SqlStore, Store, StoreError


async def open_kind(kind: str, db: Path) -> Store:
    if kind == "sqlalchemy":
        return await SqlStore.open(f"sqlite:///{db}")
    if kind == "sqlite3":
        return await LiteStore.open(str(db))
    return MemoryStore()


@pytest.fixture(params=["sqlalchemy", "sqlite3", "memory"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_kind(request.param, tmp_path / "log.sqlite3")
    yield opened
    await opened.close()


def entries(count: int) -> list[LoggedAction]:
    return [LoggedAction(i % 4, {"type": "cut", "n": i}, 10 + i) for i in range(count)]


async def test_what_is_kept_is_read_back_as_given(store: Store) -> None:
    await store.save_room("ABCDE", "time-bomb", {"seats": [0]}, 1, 0)
    await store.start_game("ABCDE", 0, {"players": 4}, 2, "time-bomb", {"seats": [0, 1]}, 0)
    await store.start_game("ABCDE", 1, {"players": 5}, 3, "time-bomb", {"seats": [0, 1, 2]}, 0)
    log = entries(5)
    await asyncio.gather(*(store.append("ABCDE", 1, seq, entry)
                           for seq, entry in enumerate(log, start=1)))
    [dump] = await store.load_rooms()
    assert (dump.code, dump.game, dump.record, dump.epoch) == \
        ("ABCDE", "time-bomb", {"seats": [0, 1, 2]}, 0)
    assert [(game.idx, game.setup, game.started_ms) for game in dump.games] == \
        [(0, {"players": 4}, 2), (1, {"players": 5}, 3)]
    assert dump.games[0].log == [] and dump.games[1].log == log  # the latest game's log only
    found = await store.load_game("ABCDE", 1)
    assert found is not None and found.log == log
    assert await store.load_game("ABCDE", 2) is None and await store.load_game("ZZZZZ", 0) is None
    assert await store.load_rooms("ZZZZZ") == []


async def test_a_record_changed_after_it_was_kept_is_not_changed_in_the_store(
        store: Store) -> None:
    record = {"seats": [0], "options": {"first_holder": 1}}
    await store.save_room("ABCDE", "time-bomb", record, 1, 0)
    record["seats"].append(1)
    [dump] = await store.load_rooms("ABCDE")
    assert dump.record == {"seats": [0], "options": {"first_holder": 1}}


async def test_an_action_at_a_taken_place_is_fenced(store: Store) -> None:
    await store.start_game("ABCDE", 0, {"players": 4}, 2, "time-bomb", {}, 0)
    first, other = entries(2)
    await store.append("ABCDE", 0, 1, first)
    with pytest.raises(Fenced):
        await store.append("ABCDE", 0, 1, other)
    found = await store.load_game("ABCDE", 0)
    assert found is not None and found.log == [first]


async def test_a_claim_raises_the_epoch_and_fences_the_older_copy(store: Store) -> None:
    assert await store.claim("ABCDE") == 0  # no such room
    await store.save_room("ABCDE", "time-bomb", {"v": 1}, 1, 0)
    assert await store.claim("ABCDE") == 1
    assert await store.claim("ABCDE") == 2
    for stale in (
        store.save_room("ABCDE", "time-bomb", {"v": 2}, 2, 1),
        store.start_game("ABCDE", 0, {}, 2, "time-bomb", {"v": 2}, 0),
        store.delete_room("ABCDE", 1),
    ):
        with pytest.raises(Fenced):
            await stale
    [dump] = await store.load_rooms("ABCDE")
    assert (dump.record, dump.epoch, dump.games) == ({"v": 1}, 2, [])
    await store.save_room("ABCDE", "time-bomb", {"v": 3}, 3, 2)  # the claimant writes on
    [dump] = await store.load_rooms("ABCDE")
    assert dump.record == {"v": 3}


async def test_a_deleted_room_is_gone_with_its_games(store: Store) -> None:
    await store.start_game("ABCDE", 0, {"players": 4}, 2, "time-bomb", {}, 0)
    await store.append("ABCDE", 0, 1, entries(1)[0])
    await store.delete_room("ABCDE", 0)
    await store.delete_room("ABCDE", 0)  # once more: nothing to delete, no refusal
    assert await store.load_rooms() == [] and await store.load_game("ABCDE", 0) is None
    await store.start_game("ABCDE", 0, {"players": 5}, 9, "time-bomb", {}, 0)  # the code anew
    [dump] = await store.load_rooms()
    assert dump.games[0].setup == {"players": 5} and dump.games[0].log == []


async def test_what_is_not_json_is_refused(store: Store) -> None:
    with pytest.raises((StoreError, sa.exc.SQLAlchemyError)):  # each store's own words
        await store.save_room("ABCDE", "time-bomb", {"seats": {0, 1}}, 1, 0)
    assert await store.load_rooms() == []
