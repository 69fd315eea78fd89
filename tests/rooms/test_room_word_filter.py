"""The word filter in a room (rooms/wordfilter.py, docs/server.md "The word filter"): with the
host's `set_word_filter` on, a name, a chat line or a written Time's Up name it catches is
refused with `filtered_word`, and nothing of it is stored or shown to anyone."""

from __future__ import annotations

from roomtable import Table, refused
from test_room_restore import restart
from tutable import NAMES, WRITTEN, seat_people

from tictac.rooms import chat, joins


async def test_the_filter_refuses_names_and_chat_lines_and_nobody_hears_them(
        table: Table) -> None:
    room, host, _ = await table.room("time-bomb")
    bea, _ = await table.join(room, "Bea")
    await room.call(chat.say, room, host, "Scunthorpe, fuck")  # the filter is off
    assert bea.of("chat")[-1]["text"] == "Scunthorpe, fuck"
    await table.op(room, host, "set_word_filter", on=True)
    assert bea.room()["streamer"]["filter"] is True
    heard = len(bea.of("chat"))
    await refused("filtered_word", room.call(chat.say, room, host, "what the f u c k"))
    await refused("filtered_word", room.call(joins.join, room, "Connard", False))
    await refused("filtered_word", table.op(room, bea, "rename", name="b1tch"))
    assert len(bea.of("chat")) == heard
    assert [seat["name"] for seat in room.summary()["seats"]] == ["Host", "Bea"]
    await room.call(chat.say, room, host, "Scunthorpe")  # a whole word only
    assert bea.of("chat")[-1]["text"] == "Scunthorpe"
    # The setting is the room's record's: a restart keeps it.
    table.manager = await restart(table)
    again = table.manager.get(room.code)
    await refused("filtered_word", again.call(joins.join, again, "Salope", True))


async def test_the_filter_refuses_a_written_name_and_the_game_keeps_none_of_it(
        table: Table) -> None:
    people = await seat_people(table, WRITTEN)
    room, host = people.room, people.conns[0]
    await table.op(room, host, "set_word_filter", on=True)
    logged = len(room.log)
    await refused("filtered_word", people.act(1, {"type": "write",
                                                  "names": ["Marie Curie", "fils de pute"]}))
    assert len(room.log) == logged and not room.state.dealt[1]
    stored = await table.manager.store.load_game(room.code, room.record.games - 1)
    assert stored is not None and len(stored.log) == logged
    await people.act(1, {"type": "write", "names": NAMES[2:4]})
    assert len(room.log) == logged + 1


async def test_the_filter_refuses_a_typed_guess_that_every_phone_would_show(
        table: Table) -> None:
    """A typed guess is shown on every phone, the TV and to the audience: it passes the same
    gate (issue 39, item 2: none did)."""
    people = await seat_people(table, WRITTEN)
    room, host = people.room, people.conns[0]
    await table.op(room, host, "set_word_filter", on=True)
    await people.to_running()
    guesser = room.state.guessers()[0]
    logged = len(room.log)
    for text in ("a f u c k", "fils de pvte", "sh\u200bit"):
        await refused("filtered_word", people.act(guesser, {"type": "guess", "text": text}))
    assert len(room.log) == logged and room.state.guesses == []
    await people.act(guesser, {"type": "guess", "text": "Niger"})  # a country, not a slur
    assert len(room.log) == logged + 1
