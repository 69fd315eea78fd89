"""Decks people share, as rooms and the server keep them (the deck's format is the game's, declared
on its `GameInfo`: `tictac.engine.decks.DeckFormat`). A deck is saved once under a code of its
own, longer than a room's so that the two are never mistaken, and loaded by any room from it.

A deck nobody loaded for `RoomSettings.deck_unused_days` is gone (a load, by a room or by
`GET /api/decks/CODE`, starts its retention again), and what the store keeps is bounded per
saving address and in all (`DeckBounds`, checked by the store as it saves).

A room holds the loaded deck's header only (`RoomRecord.deck`: code, title, language, count);
its cards are read from the store when a game is dealt, into that game's `deck` option, which
the room shows to nobody (the game's `GameInfo.public_options`).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from typing import Any

from tictac.engine.decks import Deck, DeckFormat
from tictac.engine.errors import BAD_OPTION
from tictac.rooms.buckets import Bucket
from tictac.rooms.codes import ALPHABET
from tictac.rooms.errors import (
    BAD_DECK,
    DECKS_FULL,
    NO_DECK,
    RATE_LIMITED,
    STORE_FAILED,
    RoomError,
)
from tictac.rooms.record import RoomRecord
from tictac.rooms.settings import RoomSettings
from tictac.store import DeckBounds, DecksFull, DeckTaken, Store, StoredDeck, StoreError

CODE_LENGTH = 6  # a room's is 5
DRAWS = 8  # codes drawn before giving up: 32^6 codes, so a taken one is rare
WRITTEN_TITLE = {"fr": "Nos noms", "en": "Our names"}  # a saved deck's title if none is given


def normalize(code: object) -> str | None:
    """The canonical (upper-case) deck code, or None if `code` cannot be one."""
    if not isinstance(code, str):
        return None
    code = code.strip().upper()
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        return None
    return code


def refusal(problems: ValueError) -> RoomError:
    """`bad_deck`, naming the problems the deck's format found."""
    return RoomError(BAD_DECK, f"the deck is refused: {problems}")


def from_written(form: DeckFormat, language: str, cards: list[dict[str, str]],
                 title: str | None) -> Deck:
    """The names a game's players wrote, as a deck under `title` (tidied; a default in the
    game's language when none is given), or `bad_deck`."""
    try:
        return form.read({"language": language, "cards": cards,
                          "title": " ".join((title or WRITTEN_TITLE[language]).split())})
    except ValueError as problems:
        raise refusal(problems) from None


DAY_MS = 86_400_000
# Codes a room may try with `use_deck`: a host loads a deck now and then, and a room must not
# be a way around the per-address limit of `GET /api/decks/CODE` to guess codes.
LOOKUPS_PER_MIN = 2
LOOKUP_BURST = 5


def lookups(now_ms: int) -> Bucket:
    """A room's bucket of `use_deck` look-ups (seconds of the room's clock)."""
    return Bucket(LOOKUPS_PER_MIN / 60, LOOKUP_BURST, now_ms / 1000)


def look_up(bucket: Bucket, now_ms: int) -> None:
    """Takes a look-up from `bucket`, or `rate_limited`."""
    if not bucket.take(now_ms / 1000):
        raise RoomError(RATE_LIMITED, f"a room tries at most {LOOKUP_BURST} deck codes at once "
                                      f"and {LOOKUPS_PER_MIN} a minute")


def owner(address: str) -> str:
    """What a deck keeps of its saver's address, for the per-address bound: a digest."""
    return hashlib.sha256(f"tictac deck owner {address}".encode()).hexdigest()[:32]


def _unused_before(settings: RoomSettings, now_ms: int) -> int:
    return now_ms - settings.deck_unused_days * DAY_MS


async def keep(store: Store, deck: Deck, now_ms: int, settings: RoomSettings,
               saver: str = "") -> StoredDeck:
    """`deck` saved under a new code, counted toward `saver`'s bound (an address; "" for a
    room's save, bounded by the game that wrote it); the stored deck once it is durable."""
    cards = [{"name": card.name, "about": card.about} for card in deck.cards]
    bounds = DeckBounds(_unused_before(settings, now_ms), settings.deck_bytes_per_address,
                        settings.deck_bytes)
    for _ in range(DRAWS):
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        stored = StoredDeck(code, deck.language, deck.title, cards, now_ms,
                            owner(saver) if saver else "", now_ms)
        try:
            await store.save_deck(stored, bounds)
        except DeckTaken:
            continue
        except DecksFull as full:
            raise RoomError(DECKS_FULL, str(full)) from None
        except StoreError as failure:
            raise RoomError(STORE_FAILED, f"the deck could not be saved: {failure}") from None
        return stored
    raise RoomError(STORE_FAILED, "no free deck code was found; try again")


async def find(store: Store, code: object, now_ms: int, settings: RoomSettings) -> StoredDeck:
    """The deck kept under `code`, or `no_deck` (also for one unused past its retention,
    which the next save deletes); its retention starts again."""
    canonical = normalize(code)
    try:
        found = None if canonical is None else await store.load_deck(canonical)
        if found is not None and found.used_ms < _unused_before(settings, now_ms):
            found = None
        if found is not None:
            await store.touch_deck(found.code, now_ms)
    except StoreError as failure:
        raise RoomError(STORE_FAILED, f"the deck could not be read: {failure}") from None
    if found is None:
        raise RoomError(NO_DECK, f"no shared deck {str(code)[:16]!r}")
    return found


def check_hosts(options: Mapping[str, Any] | None) -> None:
    """Options a host sets never hold a deck: the room loads one by its code (`use_deck`) and
    adds its cards when it deals, so a room's record never holds a card, and what the lobby
    shows of the options (a deck's count, not its cards) can always be sent back to it."""
    if options and options.get("deck") is not None:
        raise RoomError(BAD_OPTION, "option 'deck' is set by the room: load a deck by its code")


def load(record: RoomRecord, deck: StoredDeck | None) -> None:
    """The room deals from `deck` (its header kept in the record), or from no loaded deck."""
    record.deck = None if deck is None else header(deck)


def header(deck: StoredDeck) -> dict[str, Any]:
    """What a room keeps of a deck it loaded, and what `deck_saved` tells its saver."""
    return {"code": deck.code, "title": deck.title, "language": deck.language,
            "cards": len(deck.cards)}


def shown(loaded: dict[str, Any] | None) -> dict[str, Any] | None:
    """The loaded deck as the room summary shows it to everyone: title, language and count,
    not the code (whoever has the code can read every card)."""
    if loaded is None:
        return None
    return {key: loaded[key] for key in ("title", "language", "cards")}
