"""Shared decks in a room (issue 25, item 3; docs/packs.md, "Shared decks"): the host loads one
by its code and the game deals from it, and nobody sees a card of it before it is dealt, nor
its code; the names a group wrote are saved once the game is over, the code told to the host
alone; a restart keeps the loaded deck and replays a game dealt from one exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest
from roomtable import FakeConn, Table, refused
from test_room_restore import restart
from tutable import WRITTEN, People, seat_people

from tictac.games.times_up.decks import from_lines
from tictac.games.times_up.phases import OVER, READBACK, ROUND_WON, RUNNING, WAITING
from tictac.rooms import decks, replays
from tictac.rooms.errors import RoomError
from tictac.rooms.settings import RoomSettings
from tictac.store import StoredDeck

NAMES = [f"Camarade {chr(65 + i)}{chr(65 + j)}" for i in range(3) for j in range(6)]


async def kept(table: Table, names: list[str] = NAMES) -> StoredDeck:
    return await decks.keep(table.store, from_lines("fr", "Les copains", names),
                            table.clock.now_ms(), RoomSettings())


def said(conn: FakeConn) -> str:
    return json.dumps(conn.sent, ensure_ascii=False)


async def people_in_lobby(table: Table, game: str = "times-up") -> People:
    room, host, token = await table.room(game)
    conns, tokens = [host], [token]
    for index in range(1, 4):
        conn, joined = await table.join(room, f"Player {index}")
        conns.append(conn)
        tokens.append(joined)
    return People(room, conns, tokens)


async def play_out(people: People) -> None:
    """Every turn finds every card: the game runs to its end."""
    state = people.state
    while state.phase != OVER:
        if state.phase == WAITING:
            await people.act(state.cluegiver(), {"type": "start"})
        elif state.phase == RUNNING:
            await people.act(state.cluegiver(), {"type": "found"})
        elif state.phase == ROUND_WON:
            await people.act(state.deciders()[0], {"type": "continue"})
        elif state.phase == READBACK:
            for seat in range(state.players):
                await people.act(seat, {"type": "ready"})
        else:
            await people.to_waiting()


async def test_a_loaded_deck_shows_its_title_and_count_never_a_card_nor_its_code(
        table: Table) -> None:
    deck = await kept(table)
    people = await people_in_lobby(table)
    host = people.conns[0]
    await table.op(people.room, host, "use_deck", code=deck.code.lower())
    for conn in people.conns:
        assert conn.room()["deck"] == {"title": "Les copains", "language": "fr", "cards": 18}
        assert conn.room()["options"]["pack"] == "deck"
    await table.op(people.room, host, "start")
    # Nothing any phone was sent before the first turn holds a card or the code.
    for conn in people.conns:
        assert not any(name in said(conn) for name in NAMES)
        assert deck.code not in said(conn)
        assert conn.room()["options"]["deck"] == {"title": "Les copains", "language": "fr",
                                                  "cards": 18}
    assert sorted(face.name for face in people.state.faces.values()) == sorted(NAMES)
    # A replay of the game in play (a player's, as seen) holds none of the cards either.
    replay = await replays.fetch(people.room, people.tokens[1], None, None, client=None)
    assert not any(name in replay.encoded() for name in NAMES)


async def test_a_deck_game_comes_back_after_a_restart_as_it_was(table: Table) -> None:
    deck = await kept(table)
    people = await people_in_lobby(table)
    await table.op(people.room, people.conns[0], "use_deck", code=deck.code)
    await table.op(people.room, people.conns[0], "start")
    await people.to_running()
    await people.act(people.state.cluegiver(), {"type": "found"})
    faces, deck_left = dict(people.state.faces), list(people.state.deck)
    code = people.room.code
    table.manager = await restart(table)
    room = table.manager.get(code)
    assert room.state.faces == faces and room.state.deck == deck_left
    assert room.record.deck == decks.header(deck)


async def test_use_deck_refuses_what_it_cannot_load(table: Table) -> None:
    people = await people_in_lobby(table)
    host, room = people.conns[0], people.room
    for code in ("ZZZZZZ", "ab", "ABCDE", "0OOOOO", " " * 6):
        await refused("no_deck", table.op(room, host, "use_deck", code=code))
    deck = await kept(table)
    await refused("not_host", table.op(room, people.conns[1], "use_deck", code=deck.code))
    bomb, bomb_host, _ = await table.room("time-bomb")
    await refused("bad_option", table.op(bomb, bomb_host, "use_deck", code=deck.code))
    assert host.room()["deck"] is None


async def test_a_room_tries_few_deck_codes(table: Table) -> None:
    """`use_deck` is no way around the per-address limit of `GET /api/decks/CODE`: a room
    tries LOOKUP_BURST codes at once, then LOOKUPS_PER_MIN a minute, found or not."""
    people = await people_in_lobby(table)
    host, room = people.conns[0], people.room
    for n in range(decks.LOOKUP_BURST):
        await refused("no_deck", table.op(room, host, "use_deck", code=f"ZZZZZ{n + 2}"))
    deck = await kept(table)
    await refused("rate_limited", table.op(room, host, "use_deck", code=deck.code))
    await table.tick(room, 60_000 // decks.LOOKUPS_PER_MIN)
    await table.op(room, host, "use_deck", code=deck.code)
    assert host.room()["deck"] == {"title": "Les copains", "language": "fr", "cards": len(NAMES)}


async def test_use_deck_null_unloads_the_deck_and_its_pack(table: Table) -> None:
    deck = await kept(table)
    people = await people_in_lobby(table)
    host = people.conns[0]
    await table.op(people.room, host, "use_deck", code=deck.code)
    await table.op(people.room, host, "use_deck", code=None)
    assert host.room()["deck"] is None and host.room()["options"]["pack"] == "fr-personalities"
    await table.op(people.room, host, "set_options", options={"pack": "deck"})
    await refused("bad_option", table.op(people.room, host, "start"))


async def test_the_written_names_are_saved_once_the_game_is_over_the_code_to_the_host_alone(
        table: Table) -> None:
    people = await seat_people(table, {**WRITTEN, "names_per_player": 3})
    host = people.conns[0]
    await people.to_waiting()
    await refused("wrong_status", table.op(people.room, host, "save_deck", title=None))
    await play_out(people)
    assert people.room.status == "finished"
    await refused("not_host", table.op(people.room, people.conns[1], "save_deck", title=None))
    await table.op(people.room, host, "save_deck", title="  Soirée   du 2  ")
    [saved] = host.of("deck_saved")
    assert all(not conn.of("deck_saved") for conn in people.conns[1:])
    header = saved["deck"]
    assert (header["title"], header["language"], header["cards"]) == ("Soirée du 2", "fr", 12)
    stored = await table.store.load_deck(header["code"])
    assert stored is not None
    assert sorted(card["name"] for card in stored.cards) == \
        sorted(face.name for face in people.state.faces.values())
    # Another room loads it by that code.
    other = await people_in_lobby(table)
    await table.op(other.room, other.conns[0], "use_deck", code=header["code"])
    assert other.conns[1].room()["deck"] == {"title": "Soirée du 2", "language": "fr", "cards": 12}


async def test_a_pack_game_has_no_written_names_to_save(table: Table) -> None:
    people = await seat_people(table, {"deck_size": 10, "turn_seconds": 10})
    await play_out(people)
    await refused("bad_deck", table.op(people.room, people.conns[0], "save_deck", title=None))
    assert not people.conns[0].of("deck_saved")


async def test_too_few_written_names_are_no_deck(table: Table) -> None:
    people = await seat_people(table, {**WRITTEN, "names_per_player": 2})
    await people.to_waiting()
    await play_out(people)
    before = dict[str, Any](people.room.record.to_json())
    await refused("bad_deck", table.op(people.room, people.conns[0], "save_deck", title=None))
    assert people.room.record.to_json() == before


async def test_a_host_cannot_set_the_deck_option_the_room_sets_it(table: Table) -> None:
    """A deck comes into a room by its code only: the record never holds a card, and the
    options the lobby shows (a count where the cards are) can always be sent back."""
    deck = {"language": "fr", "title": "t", "cards": [{"name": name} for name in NAMES]}
    await refused("bad_option", table.manager.create("times-up", "Host", {"deck": deck}))
    people = await people_in_lobby(table)
    host = people.conns[0]
    await refused("bad_option", table.op(people.room, host, "set_options",
                                         options={"pack": "deck", "deck": deck}))
    await refused("bad_option", table.op(people.room, host, "choose_game", game="times-up",
                                         options={"deck": deck}))
    await table.op(people.room, host, "use_deck", code=(await kept(table)).code)
    await table.op(people.room, host, "set_options",
                   options={**host.room()["options"], "color": "blue"})
    assert host.room()["options"]["color"] == "blue" and host.room()["deck"]["cards"] == 18
    assert people.room.record.options.get("deck") is None  # the cards stay in the store


async def test_the_word_filter_refuses_a_deck_it_catches_when_loaded_and_when_dealt(
        table: Table) -> None:
    """Streamer mode meets shared decks: a deck's names are read aloud and shown like written
    names, so a room with the word filter on loads none it catches (`filtered_word`), and one
    loaded before the filter was switched on is refused at the deal, before a card is seen."""
    rude = await kept(table, [*NAMES[:17], "Gros connard"])
    people = await people_in_lobby(table)
    room, host = people.room, people.conns[0]
    await table.op(room, host, "use_deck", code=rude.code)  # the filter is off
    await table.op(room, host, "set_word_filter", on=True)
    await refused("filtered_word", table.op(room, host, "start"))
    assert room.status == "lobby" and not any("connard" in said(conn) for conn in people.conns)
    await table.op(room, host, "use_deck", code=None)
    await refused("filtered_word", table.op(room, host, "use_deck", code=rude.code))
    assert room.record.deck is None
    clean = await kept(table)
    await table.op(room, host, "use_deck", code=clean.code)
    await table.op(room, host, "start")
    assert room.status == "playing"


async def test_a_deck_unused_past_its_retention_is_gone_and_a_load_starts_it_again(
        table: Table) -> None:
    stored = await kept(table)
    settings, day = RoomSettings(), decks.DAY_MS
    later = table.clock.now_ms() + (settings.deck_unused_days - 1) * day
    assert (await decks.find(table.store, stored.code, later, settings)).code == stored.code
    # loaded then: another retention from there, though it is long past the first one
    again = later + (settings.deck_unused_days - 1) * day
    assert (await decks.find(table.store, stored.code, again, settings)).code == stored.code
    with pytest.raises(RoomError) as gone:
        await decks.find(table.store, stored.code, again + (settings.deck_unused_days + 1) * day,
                         settings)
    assert gone.value.code == "no_deck"
