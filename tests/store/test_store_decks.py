"""Shared decks in every store (issue 25, item 3): kept under their code apart from any room,
read back as given, never replaced, and still there after the file is reopened; a file of an
older schema is migrated to hold them."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from test_store_contract import open_kind

from tictac.store import DeckBounds, DecksFull, DeckTaken, LiteStore, SqlStore, Store, StoredDeck
from tictac.store.lite import SCHEMA_REVISION

CARDS = [{"name": "Édith Piaf", "about": "French singer"}, {"name": "(Wolfgang) Mozart",
                                                            "about": ""}]


def deck(code: str = "QWERTY", title: str = "Nos noms", cards: list[dict[str, str]] = CARDS
         ) -> StoredDeck:
    return StoredDeck(code, "fr", title, cards, 1234, "", 1234)


LATER_TABLES = ("bans", "audit", "reports")  # what later revisions than 0004 add
ROOMY = DeckBounds(unused_before_ms=0, owner_bytes=1 << 30, total_bytes=1 << 30)


@pytest.fixture(params=["sqlalchemy", "sqlite3", "memory"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_kind(request.param, tmp_path / "log.sqlite3")
    yield opened
    await opened.close()


async def test_a_deck_is_read_back_as_given(store: Store) -> None:
    await store.save_deck(deck(), ROOMY)
    assert await store.load_deck("QWERTY") == deck()
    assert await store.load_deck("ZZZZZZ") is None


async def test_a_dropped_deck_is_gone_and_the_others_stay(store: Store) -> None:
    await store.save_deck(deck(), ROOMY)
    await store.save_deck(deck("AZERTY"), ROOMY)
    await store.drop_deck("QWERTY")
    await store.drop_deck("NOSUCH")  # nothing to drop: no refusal
    assert await store.load_deck("QWERTY") is None
    assert await store.load_deck("AZERTY") == deck("AZERTY")


async def test_a_deck_is_never_replaced(store: Store) -> None:
    await store.save_deck(deck(), ROOMY)
    with pytest.raises(DeckTaken):
        await store.save_deck(deck(title="Autre chose", cards=CARDS[:1]), ROOMY)
    assert await store.load_deck("QWERTY") == deck()


async def test_a_deck_changed_after_it_was_kept_is_not_changed_in_the_store(
        store: Store) -> None:
    cards = [dict(card) for card in CARDS]
    await store.save_deck(deck(cards=cards), ROOMY)
    cards[0]["name"] = "changed"
    found = await store.load_deck("QWERTY")
    assert found is not None and found.cards == CARDS


async def test_decks_saved_together_are_each_kept_and_a_taken_code_sinks_only_its_own(
        store: Store) -> None:
    await store.save_deck(deck("AAAAAA"), ROOMY)
    saved = await asyncio.gather(*(store.save_deck(deck(code), ROOMY) for code in
                                   ("BBBBBB", "AAAAAA", "CCCCCC")), return_exceptions=True)
    assert [type(result) for result in saved] == [type(None), DeckTaken, type(None)]
    for code in ("AAAAAA", "BBBBBB", "CCCCCC"):
        assert await store.load_deck(code) == deck(code)


async def test_decks_live_apart_from_rooms(store: Store) -> None:
    await store.save_room("QWERT", "times-up", {"seats": []}, 1, 0)
    await store.save_deck(deck(), ROOMY)
    await store.delete_room("QWERT", 0)
    assert await store.load_deck("QWERTY") == deck()
    assert await store.load_rooms() == []


def used(code: str, used_ms: int, owner: str = "") -> StoredDeck:
    return StoredDeck(code, "fr", "Nos noms", CARDS, used_ms, owner, used_ms)


async def test_a_deck_unused_past_the_retention_is_deleted_at_the_next_save(
        store: Store) -> None:
    await store.save_deck(used("OLDOLD", 1000), ROOMY)
    await store.save_deck(used("LOADED", 1000), ROOMY)
    await store.touch_deck("LOADED", 5000)  # a room loaded it: its retention starts again
    touched = await store.load_deck("LOADED")
    assert touched is not None and touched.used_ms == 5000
    await store.save_deck(used("NEWNEW", 6000), DeckBounds(2000, 1 << 30, 1 << 30))
    assert await store.load_deck("OLDOLD") is None
    assert [await store.load_deck(code) is not None for code in ("LOADED", "NEWNEW")] == \
        [True, True]


async def test_what_an_address_and_the_server_keep_is_bounded(store: Store) -> None:
    size = used("AAAAAA", 1).size
    bounds = DeckBounds(0, owner_bytes=2 * size, total_bytes=4 * size)
    await store.save_deck(used("AAAAAA", 1, "ann"), bounds)
    await store.save_deck(used("BBBBBB", 1, "ann"), bounds)
    with pytest.raises(DecksFull) as full:
        await store.save_deck(used("CCCCCC", 1, "ann"), bounds)
    assert full.value.whose == "address"
    await store.save_deck(used("DDDDDD", 1, "bob"), bounds)  # another address still may
    await store.save_deck(used("EEEEEE", 1), bounds)  # a room's save: the server's bound only
    with pytest.raises(DecksFull) as full:
        await store.save_deck(used("FFFFFF", 1, "cid"), bounds)
    assert full.value.whose == "server"
    assert await store.load_deck("CCCCCC") is None and await store.load_deck("FFFFFF") is None
    # Once Ann's decks go unused past the retention, she may save again.
    await store.save_deck(used("GGGGGG", 10, "ann"), DeckBounds(5, 2 * size, 4 * size))
    assert await store.load_deck("AAAAAA") is None


@pytest.mark.parametrize("kind", ["sqlalchemy", "sqlite3"])
async def test_a_deck_outlives_the_process_and_is_read_by_either_store(
        tmp_path: Path, kind: str) -> None:
    db = tmp_path / "log.sqlite3"
    store = await open_kind(kind, db)
    await store.save_deck(deck(), ROOMY)
    await store.close()
    for other in (SqlStore.open(f"sqlite:///{db}"), LiteStore.open(str(db))):
        reopened = await other
        assert await reopened.load_deck("QWERTY") == deck()
        await reopened.close()


async def test_a_file_of_the_schema_before_decks_is_migrated_to_hold_them(
        tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    store = await LiteStore.open(str(db))
    await store.save_room("QWERT", "times-up", {"seats": [0]}, 1, 0)
    await store.close()
    with sqlite3.connect(db) as conn:  # back to the revision before this one, as an old file
        for table in (*LATER_TABLES, "decks"):
            conn.execute(f"DROP TABLE {table}")
        conn.execute("UPDATE alembic_version SET version_num = '0002'")
    conn.close()
    store = await LiteStore.open(str(db))
    await store.save_deck(deck(), ROOMY)
    assert await store.load_deck("QWERTY") == deck()
    assert [dump.code for dump in await store.load_rooms()] == ["QWERT"]
    await store.close()
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == \
            [(SCHEMA_REVISION,)]
    conn.close()


async def test_a_deck_kept_before_the_bounds_counts_as_used_when_it_was_saved(
        tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    store = await LiteStore.open(str(db))
    await store.close()
    with sqlite3.connect(db) as conn:  # the decks table of revision 0003, with one deck
        for table in (*LATER_TABLES, "decks"):
            conn.execute(f"DROP TABLE {table}")
        conn.execute("CREATE TABLE decks (code VARCHAR(8) PRIMARY KEY, language VARCHAR(8) "
                     "NOT NULL, title VARCHAR(200) NOT NULL, cards JSON NOT NULL, "
                     "created_ms BIGINT NOT NULL)")
        conn.execute("INSERT INTO decks VALUES ('QWERTY', 'fr', 'Nos noms', ?, 1234)",
                     (json.dumps(CARDS),))
        conn.execute("UPDATE alembic_version SET version_num = '0003'")
    conn.close()
    store = await LiteStore.open(str(db))
    assert await store.load_deck("QWERTY") == deck()
    await store.close()
