"""Restore at start: a record that no longer makes a room stays in the store untouched and keeps
no other room from coming back; text a record should never hold (a lone surrogate) comes back
readable."""

from __future__ import annotations

import json
from typing import Any

from roomtable import FakeConn, Table, write_file

from tictac.rooms import RoomManager, SeededChance
from tictac.rooms.wire import dumps


def rewrite_record(table: Table, code: str, record: dict[str, Any] | str) -> None:
    """Writes a room's record straight into the SQLite file, as the store would read it back."""
    text = record if isinstance(record, str) else json.dumps(record)
    write_file(table, "UPDATE rooms SET record = :record WHERE code = :code",
               record=text, code=code)


async def restart(table: Table) -> RoomManager:
    await table.manager.close()
    again = RoomManager(table.store, clock=table.clock, chance=SeededChance(table.seed),
                        settings=table.settings)
    await again.restore()
    return again


class StrictConn(FakeConn):
    """A connection that, like a WebSocket, can only send text that encodes as UTF-8."""

    def send(self, text: str, *more: str) -> None:
        super().send(*(message.encode("utf-8").decode("utf-8") for message in (text, *more)))


async def test_a_broken_record_stays_stored_and_other_rooms_come_back(stored_table: Table) -> None:
    broken, _, _ = await stored_table.room("time-bomb")
    good, _, good_token = await stored_table.room("timos-twist", bots=1)
    rewrite_record(stored_table, broken.code, {"places": "not a list"})
    again = await restart(stored_table)
    assert list(again.rooms) == [good.code]
    back = FakeConn()
    restored = again.get(good.code)
    await restored.call(restored.connect, back, good_token)
    assert [seat["name"] for seat in back.room()["seats"]] == ["Host", "Bot 1"]
    stored = {dump.code: dump.record for dump in await stored_table.store.load_rooms()}
    assert stored[broken.code] == {"places": "not a list"}
    await again.close()


async def test_a_lone_surrogate_in_a_record_comes_back_readable(stored_table: Table) -> None:
    room, _, token = await stored_table.room("time-bomb")
    await stored_table.join(room, "Bea")
    record = next(dump.record for dump in await stored_table.store.load_rooms())
    record["places"][1]["name"] = "Be\ud800a"
    rewrite_record(stored_table, room.code, record)
    again = await restart(stored_table)
    restored = again.get(room.code)
    watcher = StrictConn()
    await restored.call(restored.connect, watcher, token)
    assert [seat["name"] for seat in watcher.room()["seats"]] == ["Host", "Be\ufffda"]
    await again.close()


def test_a_message_holding_a_lone_surrogate_is_still_valid_utf8() -> None:
    text = dumps({"type": "chat", "text": "a\ud800b", "big": 2**70})
    assert json.loads(text.encode("utf-8")) == {"type": "chat", "text": "a\ud800b", "big": 2**70}
