"""Chat lines show every character they hold, as names do (issue 20, item 6): a line of only a
zero-width space or of spaces used to be sent to everyone."""

from __future__ import annotations

import pytest
from roomtable import Table, refused

from tictac.rooms import chat


@pytest.mark.parametrize("line", [
    "\u200b", "   ", "\u00a0", "\u3000", "\u2800", "\u3164", "\u115f\u1160", "hi\ufe0f",
    "a\u2060b", "\U000e0041", "ok\u00a0?",
])
async def test_a_blank_or_unseen_chat_line_is_refused_and_sent_to_nobody(
        table: Table, line: str) -> None:
    room, host, _ = await table.room("time-bomb")
    other, _ = await table.join(room, "Bea")
    await refused("bad_chat", room.call(chat.say, room, host, line))
    assert host.of("chat") == [] and other.of("chat") == []


@pytest.mark.parametrize("line", ["hi", "à tout à l'heure", "❤️", "👩\u200d🚀", "👍🏽", "❤️\u200d🔥",
                                  "a  b"])
async def test_a_line_that_shows_is_sent_to_everyone_as_typed(table: Table, line: str) -> None:
    room, host, _ = await table.room("time-bomb")
    other, _ = await table.join(room, "Bea")
    await room.call(chat.say, room, host, line)
    assert [chat["text"] for chat in other.of("chat")] == [line]
