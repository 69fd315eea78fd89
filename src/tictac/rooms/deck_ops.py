"""The host's ops on shared decks (decks.py keeps them): one loaded for the game to deal from,
the names the players wrote saved as one; and the loaded deck's cards, read when a game is
dealt."""

from __future__ import annotations

import logging
from typing import Any

from tictac.engine.errors import BAD_OPTION
from tictac.rooms import decks, house, wordfilter
from tictac.rooms.errors import BAD_DECK, RoomError
from tictac.rooms.ops import Ops
from tictac.rooms.places import Place
from tictac.rooms.room import Room
from tictac.rooms.wire import dumps
from tictac.store import StoredDeck

log = logging.getLogger(__name__)
OPS = Ops()


async def dealt_deck(room: Room) -> dict[str, Any]:
    """The loaded deck's cards as the game's `deck` option, when the host's options deal from
    it (`pack` "deck"): read from the store now, so no one saw them before the deal."""
    loaded, declared = room.record.deck, room.info.decks
    if loaded is None or declared is None or room.record.options.get("pack") != declared.pack:
        return {}
    found = _unfiltered(room, await decks.find(room.store, loaded["code"], room.clock.now_ms(),
                                               room.settings))
    return {"deck": {"language": found.language, "title": found.title, "cards": found.cards}}


def _unfiltered(room: Room, deck: StoredDeck) -> StoredDeck:
    """`deck`, unless the room's word filter catches its title or a card (its names are read
    aloud and shown like written names): checked when it is loaded and when it is dealt, since
    the filter may be switched on in between."""
    on = room.record.word_filter
    wordfilter.check(on, deck.title, "deck title")
    for card in deck.cards:
        wordfilter.check(on, card["name"], "deck card")
        wordfilter.check(on, card.get("about") or "", "deck card")
    return deck


@OPS.op("use_deck", status=("lobby",))
async def _use_deck(room: Room, place: Place, fields: dict[str, Any]) -> None:
    """The host loads a shared deck by its code (the game deals from it), or unloads it (null).
    Everyone sees its title and count; nobody its cards or, but the host, its code."""
    declared = room.info.decks
    if declared is None:
        raise RoomError(BAD_OPTION, f"{room.game.TITLE} deals from no deck")
    options = dict(room.record.options)
    if fields["code"] is None:
        decks.load(room.record, None)
        if options.get("pack") == declared.pack:
            del options["pack"]
    else:
        decks.look_up(room.deck_lookups, room.clock.now_ms())
        decks.load(room.record, _unfiltered(room, await decks.find(
            room.store, fields["code"], room.clock.now_ms(), room.settings)))
        options["pack"] = declared.pack
    house.set_options(room.record, room.game.OPTIONS, options)


@OPS.op("save_deck", status=("finished",))
async def _save_deck(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    """The host saves the names the players wrote, once the game is over and every one of
    them was shown: the deck gets a code, told to the host's phones alone (`deck_saved`)."""
    declared = room.info.decks
    written = declared.written if declared else None
    found = None if written is None or room.state is None else written(room.state)
    if declared is None or found is None:
        raise RoomError(BAD_DECK, "only the names the players wrote are saved, once the game "
                                  "is over")
    language, cards = found
    deck = decks.from_written(declared, language, cards, fields.get("title"))
    stored = await decks.keep(room.store, deck, room.clock.now_ms(), room.settings)
    log.info("room %s: the host saved its written names as deck %s", room.code, stored.code)
    answer = dumps({"type": "deck_saved", "deck": decks.header(stored)})
    for conn, pid in room.conns.items():
        if pid == place.pid:
            conn.send(answer)
    return True
