"""Time's Up card packs: typed cards, the bundled JSON packs, and the checks every pack passes.

The JSON layout is `packs/schema.json`; `validate_pack` makes the same checks plus those a JSON
Schema cannot express (uniqueness, parentheses, plurals). docs/packs.md explains each rule.

    python -m tictac.games.times_up.packs [FILES...]

validates the bundled packs (or the given files) and exits non-zero on any problem.
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from tictac.games.times_up import guess, lexicon

LANGUAGES = ("en", "fr")
KINDS = ("personalities", "words")
MIN_CARDS = 220
TURN_SECONDS_MIN = 10
TURN_SECONDS_MAX = 120
TURN_SECONDS_STEP = 5
MAX_NAME = 60
MAX_ABOUT = 160
MAX_TITLE = 80
MAX_SLUG = 40

PACK_KEYS = frozenset({"id", "language", "kind", "title", "turn_seconds", "cards"})
CARD_KEYS = frozenset({"id", "yellow", "blue"})
NAME_KEYS = frozenset({"name", "about"})
# What a table knows of one card (docs/packs.md, "What a table accepts and refuses").
KNOWLEDGE_KEYS = ("accepts", "refuses")
MAX_FORMS = 12
COLOURS = ("yellow", "blue")

_SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_PARENTHESISED = re.compile(r"\([^()]*\)")
SCHEMA_FILE = "schema.json"


@dataclass(frozen=True)
class Name:
    name: str
    about: str  # may be "" in a word pack
    # Other forms of the name a table accepts ("Leo Messi") and known confusions it refuses
    # ("Mick Schumacher"): only the bundled packs carry them.
    accepts: tuple[str, ...] = ()
    refuses: tuple[str, ...] = ()


@dataclass(frozen=True)
class Card:
    id: str
    yellow: Name
    blue: Name


@dataclass(frozen=True)
class Pack:
    id: str
    language: str
    kind: str  # "personalities" | "words"
    title: str
    turn_seconds: int
    cards: tuple[Card, ...]


def _bundled() -> Traversable:
    return resources.files(__package__ or "tictac.games.times_up") / "packs"


def pack_ids() -> list[str]:
    """Ids of the bundled packs: one JSON file each, named after its id."""
    return sorted(
        entry.name.removesuffix(".json")
        for entry in _bundled().iterdir()
        if entry.name.endswith(".json") and entry.name != SCHEMA_FILE
    )


@cache
def load_pack(pack_id: str) -> Pack:
    """A bundled pack, checked once. KeyError for an unknown id, ValueError for a broken file."""
    if pack_id not in pack_ids():
        raise KeyError(pack_id)
    data = json.loads((_bundled() / f"{pack_id}.json").read_text(encoding="utf-8"))
    problems = validate_pack(data) + _file_name_problems(data, pack_id)
    if problems:
        raise ValueError(f"pack {pack_id!r} is invalid: " + "; ".join(problems))
    return _build(data)


def _build(data: dict[str, Any]) -> Pack:
    return Pack(
        id=data["id"],
        language=data["language"],
        kind=data["kind"],
        title=data["title"],
        turn_seconds=data["turn_seconds"],
        cards=tuple(
            Card(
                id=card["id"],
                yellow=_name(card["yellow"]),
                blue=_name(card["blue"]),
            )
            for card in data["cards"]
        ),
    )


def _name(entry: dict[str, Any]) -> Name:
    return Name(entry["name"], entry["about"], tuple(entry.get("accepts", ())),
                tuple(entry.get("refuses", ())))


@cache
def known_forms(language: str, kind: str) -> dict[str, Name]:
    """Every name of the bundled packs of `language` and `kind`, by its compared form, with the
    forms a table accepts and refuses for it. A name printed in several packs gets them all."""
    found: dict[str, Name] = {}
    for pack_id in pack_ids():
        pack = load_pack(pack_id)
        if (pack.language, pack.kind) != (language, kind):
            continue
        for face in (face for card in pack.cards for face in (card.yellow, card.blue)):
            key = " ".join(guess.words(face.name))
            seen = found.get(key, Name(face.name, ""))
            found[key] = Name(face.name, "", seen.accepts + face.accepts,
                              seen.refuses + face.refuses)
    return found


def _file_name_problems(data: object, stem: str) -> list[str]:
    if isinstance(data, dict) and isinstance(data.get("id"), str) and data["id"] != stem:
        return [f"id {data['id']!r} differs from the file name {stem!r}"]
    return []


# --- validation -----------------------------------------------------------------------------


def _required_part(name: str) -> str:
    """The name without its optional parenthesised parts: the shortest winning guess."""
    return _PARENTHESISED.sub(" ", name)


def keys_problems(where: str, value: dict[str, Any], keys: frozenset[str]) -> list[str]:
    problems = [f"{where}: missing {key!r}" for key in sorted(keys - value.keys())]
    problems += [f"{where}: unknown key {key!r}" for key in sorted(value.keys() - keys)]
    return problems


def line_problems(where: str, value: object, max_len: int, *, required: bool) -> list[str]:
    """A string on one line with tidy spacing; empty only when not required."""
    if not isinstance(value, str):
        return [f"{where}: must be a string"]
    if not value:
        return [f"{where}: is empty"] if required else []
    problems = []
    if any(c.isspace() and c != " " for c in value):
        problems.append(f"{where}: must be one line (no line breaks or tabs)")
    if value != value.strip() or "  " in value:
        problems.append(f"{where}: has leading, trailing or doubled spaces")
    if len(value) > max_len:
        problems.append(f"{where}: longer than {max_len} characters")
    return problems


def _parenthesis_problems(where: str, name: str) -> list[str]:
    depth = 0
    for char in name:
        depth += (char == "(") - (char == ")")
        if depth not in (0, 1):
            return [f"{where}: parentheses must be balanced and not nested"]
    if depth:
        return [f"{where}: parentheses must be balanced and not nested"]
    problems = []
    if any(not guess.words(part) for part in _PARENTHESISED.findall(name)):
        problems.append(f"{where}: empty parentheses")
    if not guess.words(_required_part(name)):
        problems.append(f"{where}: nothing is left outside the parentheses")
    return problems


def name_problems(where: str, name: object, max_len: int = MAX_NAME) -> list[str]:
    """A name's problems (rules 7, 8 and 10): a tidy line, parentheses a guess can win."""
    problems = line_problems(where, name, max_len, required=True)
    if isinstance(name, str) and not problems:
        problems = _parenthesis_problems(where, name)
    return problems


def _name_problems(where: str, value: object, kind: object) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: must be an object with 'name' and 'about'"]
    known = {key for key in KNOWLEDGE_KEYS if key in value}
    problems = keys_problems(where, value, NAME_KEYS | known) + name_problems(
        f"{where}.name", value.get("name"))
    for key in sorted(known):
        problems += _forms_problems(f"{where}.{key}", value[key])
    if len(known) == len(KNOWLEDGE_KEYS):
        both = set(value["accepts"]) & set(value["refuses"]) if all(
            isinstance(value[key], list) for key in known) else set()
        problems += [f"{where}: {form!r} is both accepted and refused" for form in sorted(both)]
    if "about" in value:
        described = kind == "personalities"
        problems += line_problems(f"{where}.about", value["about"], MAX_ABOUT, required=described)
    return problems


def _forms_problems(where: str, forms: object) -> list[str]:
    """A list of other names for a card: tidy names, at most MAX_FORMS, none twice."""
    if not isinstance(forms, list) or not forms or len(forms) > MAX_FORMS:
        return [f"{where}: must be a list of 1 to {MAX_FORMS} names"]
    problems = [problem for index, form in enumerate(forms)
                for problem in name_problems(f"{where}[{index}]", form)]
    if not problems and len({" ".join(guess.words(form)) for form in forms}) < len(forms):
        problems.append(f"{where}: a name is listed twice")
    return problems


def _slug_problems(where: str, value: object) -> list[str]:
    if not isinstance(value, str) or not _SLUG.fullmatch(value) or len(value) > MAX_SLUG:
        return [f"{where}: must be lowercase letters, digits and single hyphens ({value!r})"]
    return []


def _card_problems(where: str, card: object, kind: object) -> list[str]:
    if not isinstance(card, dict):
        return [f"{where}: must be an object"]
    problems = keys_problems(where, card, CARD_KEYS)
    if "id" in card:
        problems += _slug_problems(f"{where}.id", card["id"])
    for colour in COLOURS:
        if colour in card:
            problems += _name_problems(f"{where}.{colour}", card[colour], kind)
    return problems


def _header_problems(data: dict[str, Any]) -> list[str]:
    problems = keys_problems("pack", data, PACK_KEYS)
    language, kind = data.get("language"), data.get("kind")
    if "id" in data:
        problems += _slug_problems("id", data["id"])
        if language in LANGUAGES and not str(data["id"]).startswith(f"{language}-"):
            problems.append(f"id: must start with the language code {language!r} and '-'")
    if "language" in data and language not in LANGUAGES:
        problems.append(f"language: must be one of {', '.join(LANGUAGES)} ({language!r})")
    if "kind" in data and kind not in KINDS:
        problems.append(f"kind: must be one of {', '.join(KINDS)} ({kind!r})")
    if "title" in data:
        problems += line_problems("title", data["title"], MAX_TITLE, required=True)
    if "turn_seconds" in data:
        seconds = data["turn_seconds"]
        if (
            not isinstance(seconds, int)
            or isinstance(seconds, bool)
            or not TURN_SECONDS_MIN <= seconds <= TURN_SECONDS_MAX
            or seconds % TURN_SECONDS_STEP
        ):
            problems.append(
                f"turn_seconds: must be a multiple of {TURN_SECONDS_STEP} from "
                f"{TURN_SECONDS_MIN} to {TURN_SECONDS_MAX} ({seconds!r})"
            )
    return problems


def _labelled_names(cards: list[Any]) -> Iterator[tuple[str, str]]:
    """(where, name) for every name string of the pack and every form a card accepts, wherever
    the card around it is broken."""
    for index, card in enumerate(cards):
        if not isinstance(card, dict):
            continue
        for colour in COLOURS:
            entry = card.get(colour)
            if isinstance(entry, dict) and isinstance(entry.get("name"), str):
                yield f"cards[{index}].{colour}", entry["name"]
                # A form a card accepts wins it: it may be no other card's. (A form listed twice
                # is reported once, as such.)
                accepts = entry.get("accepts")
                seen: set[str] = set()
                for form in accepts if isinstance(accepts, list) else ():
                    key = " ".join(guess.words(form)) if isinstance(form, str) else ""
                    if key and key not in seen:
                        seen.add(key)
                        yield f"cards[{index}].{colour}.accepts", form


def clash_problems(what: str, entries: Iterator[tuple[str, str, set[str]]]) -> list[str]:
    """One problem per entry (where, shown, keys) sharing a key with an earlier entry."""
    first: dict[str, str] = {}
    problems = []
    for where, shown, keys in entries:
        earlier = sorted({first[key] for key in keys if key in first})
        if earlier:
            problems.append(f"{where}: {what} {shown!r} is taken by {', '.join(earlier)}")
        for key in keys - first.keys():
            first[key] = where
    return problems


def guess_keys(name: str, plurals: Callable[[str], set[str]] | None) -> set[str]:
    """Every typed guess that wins `name`, in the guess checker's own compared form."""
    keys: set[str] = set()
    for variant in guess.variants(name):
        tokens = guess.words(variant)
        forms = [{token} | plurals(token) if plurals else {token} for token in tokens]
        keys.update("".join(combo) for combo in itertools.product(*forms) if combo)
    return keys


def _uniqueness_problems(cards: list[Any], kind: object, language: object) -> list[str]:
    ids = (
        (f"cards[{i}].id", card["id"], {card["id"]})
        for i, card in enumerate(cards)
        if isinstance(card, dict) and isinstance(card.get("id"), str)
    )
    problems = clash_problems("card id", ids)
    # Word packs accept either number, so a word also clashes with its plural.
    plurals = lexicon.PLURALS.get(str(language)) if kind == "words" else None
    keyed = ((w, n, guess_keys(n, plurals)) for w, n in _labelled_names(cards))
    return problems + clash_problems("name", keyed)


def validate_pack(data: object) -> list[str]:
    """Every problem found in a pack's parsed JSON, each as one line; [] when it is valid."""
    if not isinstance(data, dict):
        return ["pack: must be a JSON object"]
    problems = _header_problems(data)
    cards = data.get("cards")
    if "cards" not in data:
        return problems
    if not isinstance(cards, list):
        return [*problems, "cards: must be a list"]
    if len(cards) < MIN_CARDS:
        problems.append(f"cards: {len(cards)} cards, at least {MIN_CARDS} needed")
    kind = data.get("kind")
    for index, card in enumerate(cards):
        problems += _card_problems(f"cards[{index}]", card, kind)
    return problems + _uniqueness_problems(cards, kind, data.get("language"))


# --- command line ---------------------------------------------------------------------------


def _report(label: str, data: object, stem: str) -> list[str]:
    problems = validate_pack(data) + _file_name_problems(data, stem)
    cards = data.get("cards") if isinstance(data, dict) else None
    count = len(cards) if isinstance(cards, list) else 0
    status = "ok" if not problems else f"{len(problems)} problem(s)"
    print(f"{label}: {count} cards, {status}")
    for problem in problems:
        print(f"  {problem}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    files = list(sys.argv[1:] if argv is None else argv)
    sources: list[tuple[str, Path | Traversable]] = (
        [(name, Path(name)) for name in files]
        if files
        else [(pid, _bundled() / f"{pid}.json") for pid in pack_ids()]
    )
    if not sources:
        print("no packs to check")
        return 1
    failed = False
    for label, source in sources:
        try:
            data = json.loads(source.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            print(f"{label}: unreadable: {error}")
            failed = True
            continue
        failed = bool(_report(label, data, source.name.removesuffix(".json"))) or failed
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
