"""The stores and their SQLite file, through SQLAlchemy (`SqlStore`) or sqlite3 (`LiteStore`,
what `open_store` gives for an SQLite URL): an unusable path is a one-line `StoreError`, and
once the file at the path is no longer the one opened, every write fails and nothing goes into
the new file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sqlite_stores import Opener, on_both

from tictac.store import StoreError


def url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


@on_both
async def test_a_replaced_file_refuses_every_write_and_the_new_file_gets_none(
        tmp_path: Path, opener: Opener) -> None:
    db = tmp_path / "rooms.sqlite3"
    store = await opener(url(db))
    await store.save_room("ABCDE", "time-bomb", {"seats": [0]}, 1, 0)
    assert store.healthy()
    backup = tmp_path / "backup.sqlite3"
    shutil.copy(db, backup)
    backup.replace(db)
    with pytest.raises(StoreError, match=str(db)):
        await store.save_room("FGHJK", "time-bomb", {"seats": [0]}, 2, 0)
    assert not store.healthy() and "replaced" in (store.problem() or "")
    await store.close()
    reopened = await opener(url(db))
    assert "FGHJK" not in [dump.code for dump in await reopened.load_rooms()]
    await reopened.close()


@on_both
@pytest.mark.parametrize("kind", ["missing folder", "a folder", "not a database"])
async def test_an_unusable_path_is_a_one_line_store_error(tmp_path: Path, kind: str,
                                                          opener: Opener) -> None:
    path = {"missing folder": tmp_path / "nowhere" / "x.sqlite3", "a folder": tmp_path,
            "not a database": tmp_path / "notes.txt"}[kind]
    if kind == "not a database":
        path.write_text("not sqlite\n" * 100)
    with pytest.raises(StoreError) as refused:
        await opener(url(path))
    assert str(path) in str(refused.value) and "\n" not in str(refused.value)


@on_both
async def test_a_deleted_file_refuses_every_write(tmp_path: Path, opener: Opener) -> None:
    db = tmp_path / "rooms.sqlite3"
    store = await opener(url(db))
    await store.save_room("ABCDE", "time-bomb", {"seats": [0]}, 1, 0)
    for path in tmp_path.glob("rooms.sqlite3*"):  # the file, its -wal and -shm
        path.unlink()
    with pytest.raises(StoreError, match="is gone"):
        await store.save_room("FGHJK", "time-bomb", {"seats": [0]}, 2, 0)
    assert not store.healthy()
    await store.close()
