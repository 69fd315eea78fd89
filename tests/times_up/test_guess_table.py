"""The typed-guess checker against a table of realistic guesses and the verdicts a fair table
gives them (`guess_table.tsv`, our own; docs/rulings.md, "Typed guesses"): it must agree on at
least 97 % of them in each language and never accept a guess naming a different person or word.
Surname-only and other incomplete guesses must be refused as the rule books say ("Nixon" is not
enough for "Richard Nixon").

    uv run pytest tests/times_up/test_guess_table.py -q -s

prints the figures."""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from tictac.games.times_up.guess import Judge, canonical, matches, sound, variants, words
from tictac.games.times_up.lexicon import TITLES
from tictac.games.times_up.packs import load_pack, pack_ids

TABLE = Path(__file__).with_name("guess_table.tsv")
VERDICTS = ("accept", "part", "other")
AGREEMENT = 0.97
LANGUAGES = ("fr", "en")
ANY_TITLE = TITLES["fr"] | TITLES["en"]
_OPTIONAL = re.compile(r"\([^()]*\)")


@dataclass(frozen=True)
class Row:
    pack: str
    name: str
    guess: str
    verdict: str
    note: str

    def judged(self) -> bool:
        pack = load_pack(self.pack)
        return matches(self.guess, self.name, Judge(pack.language, pack.kind == "words"))


def rows() -> list[Row]:
    lines = [line for line in TABLE.read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    return [Row(*fields) for fields in csv.reader(lines, delimiter="\t")]


def test_the_table_is_big_and_every_card_is_in_its_pack() -> None:
    table = rows()
    assert len(table) >= 400
    per_language = [sum(row.pack.startswith(language) for row in table) for language in LANGUAGES]
    assert min(per_language) >= 0.45 * len(table)
    assert {row.verdict for row in table} == set(VERDICTS)
    assert {row.pack for row in table} == {"fr-personalities", "en-personalities", "fr-words",
                                          "en-words"}
    for row in table:
        pack = load_pack(row.pack)
        names = {face.name for card in pack.cards for face in (card.yellow, card.blue)}
        assert row.name in names, row
        assert row.note, row
    assert len({(row.pack, row.name, row.guess) for row in table}) == len(table)


def test_guess_checker_agrees_with_a_fair_table_and_never_accepts_another_name() -> None:
    table = rows()
    failures = []
    for language in LANGUAGES:
        judged = [row for row in table if load_pack(row.pack).language == language]
        disagreements = [row for row in judged if row.judged() != (row.verdict == "accept")]
        false_accepts = [row for row in disagreements if row.verdict == "other"]
        agreement = 1 - len(disagreements) / len(judged)
        print(f"\nguess table, {language}: {len(judged)} guesses, agreement {agreement:.1%} "
              f"({len(judged) - len(disagreements)}/{len(judged)}), "
              f"false accepts of another person or word: {len(false_accepts)}")
        for row in disagreements:
            print(f"  disagrees: {row.guess!r} for {row.name!r} ({row.pack}): fair verdict "
                  f"{row.verdict}, {row.note}")
        if false_accepts or agreement < AGREEMENT:
            failures.append(language)
    assert failures == []


@pytest.mark.parametrize("verdict", ["part", "other"])
def test_every_refusal_kind_is_refused_in_most_rows(verdict: str) -> None:
    """Surname-only and wrong-person guesses stay refused: no incomplete guess is let through
    either, so the forgiving rules never turn into "close enough"."""
    wrongly = [row for row in rows() if row.verdict == verdict and row.judged()]
    assert wrongly == []


def _first_sounds(text: str, judge: Judge) -> set[str]:
    """First letters (as spelt and as heard) of the words of `text` as the checker reads it."""
    tokens = canonical(words(text), judge)
    return {token[:1] for token in tokens} | {sound(token)[:1] for token in tokens}


@pytest.mark.parametrize("pack_id", pack_ids())
def test_no_name_of_a_pack_wins_another_card_of_that_pack(pack_id: str) -> None:
    """Every form of a name a player may say (optional parts kept or dropped) is refused for
    every other name of the pack: the forgiving rules never reach another card. A guess can
    only win a card if one of its words begins like the card's first required word, so only
    those pairs are checked."""
    pack = load_pack(pack_id)
    judge = Judge(pack.language, pack.kind == "words")
    names = [face.name for card in pack.cards for face in (card.yellow, card.blue)]
    heads = {}
    for name in names:
        first = canonical(words(_OPTIONAL.sub(" ", name)), judge)[0]
        # A title may be heard for another title, so it narrows nothing.
        heads[name] = None if first in ANY_TITLE else {first[:1], sound(first)[:1]}
    clashes = [
        (form, other)
        for name in names
        for form in variants(name)
        for other in names
        if other != name
        and (heads[other] is None or heads[other] & _first_sounds(form, judge))
        and matches(form, other, judge)
    ]
    assert clashes == []
