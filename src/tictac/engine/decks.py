"""Shared decks: a game dealt from cards people write (Time's Up's names) declares their format
on its `GameInfo` (`decks=DeckFormat(...)`). The room and the server keep decks under codes
(`tictac.rooms.decks`, `POST /api/decks`) and check them with the format, knowing no game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class Card(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def about(self) -> str: ...


class Deck(Protocol):
    """A checked deck: its language, title and cards."""

    @property
    def language(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def cards(self) -> Sequence[Card]: ...


# The language and cards ({"name", "about"}) of the names a finished game's players wrote, or
# None (before the game is over, or a game dealt from a pack).
Written = Callable[[Any], tuple[str, list[dict[str, str]]] | None]


@dataclass(frozen=True)
class DeckFormat:
    """The format of a game's shared decks. `read` checks a deck's JSON (a deck, an exported
    deck, or whatever else the game reads as one) and `from_lines` a pasted list (language,
    title, a card a line); both raise a ValueError whose text names the problems. `pack` is the
    value of the game's `pack` option that deals the room's loaded deck (given to the game as
    its `deck` option); `written`, the names the players wrote, which the host may save as a
    deck. The bounds size what the server reads before the format checks it."""

    pack: str
    read: Callable[[object], Deck]
    from_lines: Callable[[str, str, Sequence[str]], Deck]
    max_cards: int
    max_name: int
    max_about: int
    written: Written | None = None

    @property
    def max_body(self) -> int:
        """The largest deck's JSON: every card's longest name and description in 3-byte
        characters, with its keys and punctuation."""
        return self.max_cards * (3 * (self.max_name + self.max_about) + 40) + 1024
