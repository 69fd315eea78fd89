"""Decks people share: a Time's Up deck a group wrote or a host pasted, kept by
the server under a short code, exported and imported as a JSON file (docs/packs.md, "Shared
decks").

A deck is one name a card (with an optional description), in one language, under a title. Its
checks are the pack checks that fit a deck (one tidy line, parentheses, no two names a guess
could not tell apart, no unknown key), with a deck's own limits. `validate_deck` lists every
problem; `read_deck` takes any JSON a person may bring (a deck, a deck exported with its code,
or a whole pack file of docs/packs.md, whose names of both colours become cards) and gives the
deck or the problems.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from tictac.engine import IllegalAction
from tictac.engine.errors import BAD_OPTION
from tictac.games.times_up import packs
from tictac.games.times_up.packs import clash_problems, keys_problems, line_problems
from tictac.games.times_up.written import spellings, unseen

MIN_CARDS = 10  # the smallest game deck the `deck_size` option allows
MAX_CARDS = 500
MAX_NAME = packs.MAX_NAME  # 60
MAX_ABOUT = 120
MAX_TITLE = packs.MAX_TITLE  # 80
LANGUAGES = packs.LANGUAGES

DECK_KEYS = frozenset({"language", "title", "cards"})
EXPORT_KEYS = DECK_KEYS | {"code"}  # an exported deck names its code; importing ignores it
CARD_KEYS = frozenset({"name", "about"})
ABOUT_SEPARATOR = " | "  # a pasted line "name | description"


@dataclass(frozen=True)
class Deck:
    language: str
    title: str
    cards: tuple[packs.Name, ...]

    def to_json(self) -> dict[str, Any]:
        return {"language": self.language, "title": self.title,
                "cards": [{"name": card.name, "about": card.about} for card in self.cards]}


class DeckProblems(ValueError):
    """A deck that fails its checks; `problems` lists every one, a line each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems[:5]) + (" …" if len(problems) > 5 else ""))
        self.problems = problems


def _card_problems(where: str, card: object) -> list[str]:
    if not isinstance(card, dict):
        return [f"{where}: must be an object with 'name' and optional 'about'"]
    problems = [problem for problem in keys_problems(where, card, CARD_KEYS)
                if "missing 'about'" not in problem]
    problems += packs.name_problems(f"{where}.name", card.get("name"), MAX_NAME)
    problems += _unseen_problems(f"{where}.name", card.get("name"))
    if "about" in card:
        problems += line_problems(f"{where}.about", card["about"], MAX_ABOUT, required=False)
        problems += _unseen_problems(f"{where}.about", card["about"])
    return problems


def _unseen_problems(where: str, text: object) -> list[str]:
    """A text shows as it is, as a written name must (written.py): typing what a card shows
    wins it."""
    hidden = unseen(text) if isinstance(text, str) else None
    return [] if hidden is None else [f"{where}: holds {hidden}"]


def _names(cards: list[Any]) -> Iterator[tuple[str, str, set[str]]]:
    """Each card's name with the forms a guess of it may take and what it looks like, as
    written names are kept apart: no two a guess could not tell, nor two that look alike."""
    for index, card in enumerate(cards):
        if isinstance(card, dict) and isinstance(card.get("name"), str):
            yield f"cards[{index}].name", card["name"], spellings(card["name"])


def validate_deck(data: object, keys: frozenset[str] = DECK_KEYS) -> list[str]:
    """Every problem of a deck's parsed JSON, one line each; [] when it is valid. Never raises."""
    if not isinstance(data, dict):
        return ["deck: must be a JSON object"]
    problems = [problem for problem in keys_problems("deck", data, keys)
                if "missing 'code'" not in problem]
    if "language" in data and data["language"] not in LANGUAGES:
        problems.append(f"language: must be one of {', '.join(LANGUAGES)}")
    if "title" in data:
        problems += line_problems("title", data["title"], MAX_TITLE, required=True)
        problems += _unseen_problems("title", data["title"])
    cards = data.get("cards")
    if "cards" not in data:
        return problems
    if not isinstance(cards, list):
        return [*problems, "cards: must be a list"]
    if not MIN_CARDS <= len(cards) <= MAX_CARDS:
        return [*problems, f"cards: {len(cards)} cards; a deck holds {MIN_CARDS} to {MAX_CARDS}"]
    for index, card in enumerate(cards):
        problems += _card_problems(f"cards[{index}]", card)
    # A name is checked against the others once it is a tidy line of its own.
    if not problems:
        problems += clash_problems("name", _names(cards))
    return problems


def _from_pack(data: dict[str, Any]) -> dict[str, Any]:
    """A pack file's names of both colours as a deck's cards (not checked here)."""
    cards = [{"name": face.get("name"), "about": face.get("about", "")}
             for card in data.get("cards") or [] if isinstance(card, dict)
             for face in (card.get("yellow"), card.get("blue")) if isinstance(face, dict)]
    return {"language": data.get("language"), "title": data.get("title"), "cards": cards}


def read_deck(data: object) -> Deck:
    """The deck that JSON a person brought holds (a deck, an exported deck, a pack file), or
    `DeckProblems`."""
    if isinstance(data, dict) and "kind" in data:  # only a pack file has a kind
        data = _from_pack(data)
    problems = validate_deck(data, EXPORT_KEYS)
    if problems:
        raise DeckProblems(problems)
    assert isinstance(data, dict)
    return Deck(data["language"], data["title"],
                tuple(packs.Name(card["name"], card.get("about", "")) for card in data["cards"]))


def from_lines(language: str, title: str, lines: Sequence[str]) -> Deck:
    """A pasted list: a name a line, a description after " | " if any; blank lines and spacing
    do not count. `DeckProblems` names the lines by number, as they were pasted."""
    cards = []
    for line in lines:
        name, _, about = line.partition(ABOUT_SEPARATOR.strip())
        name, about = " ".join(name.split()), " ".join(about.split())
        if name or about:
            cards.append({"name": name, "about": about})
    return read_deck({"language": language, "title": " ".join(title.split()), "cards": cards})


# -- the `deck` option: a deck the room loaded, as a game deals it ----------------------------


def check_option(value: Any) -> None:
    """The `deck` option's shape: a valid deck (the room puts one there; a host could too)."""
    problems = validate_deck(value)
    if problems:
        raise IllegalAction(BAD_OPTION, f"option 'deck': {problems[0]}")


def public_option(value: Any) -> Any:
    """What anyone may see of the `deck` option: its title, language and count, never a card
    (a player must not read the names before they are dealt)."""
    if not isinstance(value, dict):
        return value
    cards = value.get("cards")
    return {"title": value.get("title"), "language": value.get("language"),
            "cards": len(cards) if isinstance(cards, list) else 0}
