"""The typed-guess checker against tables of realistic guesses and the verdicts a table of
friends gives them (`guess_table.tsv`, `guess_heldout*.tsv`, our own;
docs/rulings.md, "Typed guesses").

guess_table.tsv is split by card into two halves (`half`: a hash of the pack and the card's
name, so every guess at one card falls in the same half). The checker was first tuned on the
development half only and the test half judged once; that run seen, the test half became
development data too. guess_heldout.tsv, written afterwards on cards guess_table.tsv never holds,
was the held-out measure of the next round, judged once, then development data in its turn;
guess_heldout2.tsv, written before the checker changed again, was the held-out measure of the
round after, then development data; guess_heldout3.tsv, written before the checker changed
after that, is the held-out measure of the round after it (tests/times_up/guess_figures.md).
guess_heldout4.tsv, guess_heldout5.tsv and guess_heldout6.tsv are each split by card into
halves like guess_table.tsv: the development half may be read while the checker changes, the
test half is judged once, at the end. guess_heldout7.tsv to guess_heldout10.tsv are split the
same way and judged in test_guess_heldouts.py; guess_heldout11.tsv too, once its first judging
is done (until then only its shape is tested there).
On every table the checker must never accept a guess naming a different person or word, nor an
incomplete name ("Nixon" is not enough for "Richard Nixon"); on guess_table.tsv, both halves,
it must agree with the table on at least DEV_AGREEMENT of the guesses in each language.

    uv run pytest tests/times_up/test_guess_table.py -q -s -k figures

prints the figures by language and kind."""

from __future__ import annotations

import csv
import hashlib
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from tictac.games.times_up.guess import Judge, canonical, matches, sound, variants, words
from tictac.games.times_up.lexicon import TITLES
from tictac.games.times_up.packs import load_pack, pack_ids

TABLE = Path(__file__).with_name("guess_table.tsv")
HELD_OUT = Path(__file__).with_name("guess_heldout.tsv")
HELD_OUT_2 = Path(__file__).with_name("guess_heldout2.tsv")
HELD_OUT_3 = Path(__file__).with_name("guess_heldout3.tsv")
HELD_OUT_4 = Path(__file__).with_name("guess_heldout4.tsv")
HELD_OUT_5 = Path(__file__).with_name("guess_heldout5.tsv")
HELD_OUT_6 = Path(__file__).with_name("guess_heldout6.tsv")
HELD_OUT_7 = Path(__file__).with_name("guess_heldout7.tsv")
HELD_OUT_8 = Path(__file__).with_name("guess_heldout8.tsv")
HELD_OUT_9 = Path(__file__).with_name("guess_heldout9.tsv")
HELD_OUT_10 = Path(__file__).with_name("guess_heldout10.tsv")
HELD_OUT_11 = Path(__file__).with_name("guess_heldout11.tsv")
HELD_OUT_12 = Path(__file__).with_name("guess_heldout12.tsv")
HELD_OUT_13 = Path(__file__).with_name("guess_heldout13.tsv")
HELD_OUT_14 = Path(__file__).with_name("guess_heldout14.tsv")
HELD_OUT_15 = Path(__file__).with_name("guess_heldout15.tsv")
HELD_OUT_16 = Path(__file__).with_name("guess_heldout16.tsv")
HELD_OUT_17 = Path(__file__).with_name("guess_heldout17.tsv")
HELD_OUT_18 = Path(__file__).with_name("guess_heldout18.tsv")
# guess_heldout2.tsv's and guess_heldout3.tsv's people are names a player writes
# ("fr-players"): no pack, no list.
PLAYERS_DECKS = ("fr-players", "en-players")
VERDICTS = ("accept", "part", "other")
ACCEPTED_KINDS = ("form", "short", "phonetic", "slip", "variant", "translit", "epithet",
                  "initials")
KINDS = {**dict.fromkeys(ACCEPTED_KINDS, "accept"), "part": "part", "namesake": "other",
         "suffix": "other", "numeral": "other", "word": "other"}
DEV_AGREEMENT = 0.98
LANGUAGES = ("fr", "en")
HALVES = ("development", "test")
ANY_TITLE = TITLES["fr"] | TITLES["en"]
_OPTIONAL = re.compile(r"\([^()]*\)")


def half(pack: str, name: str) -> str:
    """The half of the table a card's guesses belong to: the parity of the first byte of the
    SHA-256 of "pack/name" (the name as the pack prints it). Fixed, so that no card moves
    between halves while the checker is tuned."""
    digest = hashlib.sha256(f"{pack}/{name}".encode()).digest()
    return HALVES[digest[0] % 2]


@dataclass(frozen=True)
class Row:
    pack: str
    name: str
    guess: str
    verdict: str
    kind: str
    note: str

    @property
    def language(self) -> str:
        return self.pack.split("-")[0]

    @property
    def half(self) -> str:
        return half(self.pack, self.name)

    def judged(self) -> bool:
        return _judged(self.pack, self.name, self.guess)

    def agrees(self) -> bool:
        return self.judged() == (self.verdict == "accept")


@cache
def _judged(pack_id: str, name: str, guess: str) -> bool:
    if pack_id in PLAYERS_DECKS:
        return matches(guess, name, Judge(pack_id.split("-")[0]))
    pack = load_pack(pack_id)
    return matches(guess, name, Judge(pack.language, pack.kind == "words"))


@cache
def rows(table: Path = TABLE) -> tuple[Row, ...]:
    lines = [line for line in table.read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    return tuple(Row(*fields) for fields in csv.reader(lines, delimiter="\t"))


def figures(table: list[Row]) -> str:
    """Agreement by language and by kind, and every disagreement, as lines to print."""
    lines = []
    for language in LANGUAGES:
        judged = [row for row in table if row.language == language]
        right = sum(row.agrees() for row in judged)
        lines.append(f"{language}: {right}/{len(judged)} = {right / len(judged):.1%}")
        totals, agreed = Counter(row.kind for row in judged), Counter(
            row.kind for row in judged if row.agrees())
        lines += [f"  {kind:9} {agreed[kind]:4}/{totals[kind]:<4} {agreed[kind] / totals[kind]:.1%}"
                  for kind in KINDS if totals[kind]]
    lines += [f"  disagrees: {row.guess!r} for {row.name!r} ({row.pack}, {row.kind}): "
              f"table says {row.verdict}, {row.note}" for row in table if not row.agrees()]
    return "\n".join(lines)


def _well_formed(table: tuple[Row, ...], size: int) -> None:
    """At least `size` rows, as many French as English, in the four packs, every card in its
    pack, every verdict matching its kind and given a reason, no guess twice at a card."""
    assert len(table) >= size
    per_language = Counter(row.language for row in table)
    assert per_language["fr"] == per_language["en"]
    assert {row.pack for row in table} == {"fr-personalities", "en-personalities", "fr-words",
                                          "en-words"}
    for row in table:
        assert KINDS.get(row.kind) == row.verdict, row
        pack = load_pack(row.pack)
        names = {face.name for card in pack.cards for face in (card.yellow, card.blue)}
        assert row.name in names, row
        assert row.note, row
    assert len({(row.pack, row.name, row.guess.casefold()) for row in table}) == len(table)


def test_the_table_is_big_balanced_and_every_card_is_in_its_pack() -> None:
    table = rows()
    _well_formed(table, 1200)
    for language in LANGUAGES:
        for part in HALVES:
            kinds = {row.kind for row in table if (row.language, row.half) == (language, part)}
            assert kinds == set(KINDS), (language, part, set(KINDS) - kinds)


def test_the_halves_split_by_card_and_are_near_equal() -> None:
    table = rows()
    halves = {(row.pack, row.name): row.half for row in table}
    assert all(halves[row.pack, row.name] == row.half for row in table)
    sizes = Counter(row.half for row in table)
    assert abs(sizes["development"] - sizes["test"]) < 0.1 * len(table)


def _false_accepts(part: str) -> list[Row]:
    return [row for row in rows() if row.half == part and row.verdict != "accept"
            and row.judged()]


def test_development_data_agrees_with_a_fair_table() -> None:
    """Both halves of guess_table.tsv: the test half, once seen, is development data."""
    for part in HALVES:
        print(f"\n{part} half\n" + figures([row for row in rows() if row.half == part]))
    for language in LANGUAGES:
        judged = [row for row in rows() if row.language == language]
        assert sum(row.agrees() for row in judged) >= DEV_AGREEMENT * len(judged), language


# Measured after the test half was seen and its error classes fixed in general rules
# (tests/times_up/guess_figures.md): it still has 5 false accepts (slips and sound-alikes that
# are other names or rare words). An expected failure, so that the number is not tuned away case
# by case; it turns into a failure the day it reaches zero.
TEST_HALF_FALSE_ACCEPTS = 5
TEST_HALF_SHORTFALL = pytest.mark.xfail(
    strict=True, reason=f"{TEST_HALF_FALSE_ACCEPTS} false accepts on the old test half "
                        "(guess_figures.md)")


@pytest.mark.parametrize("part", [HALVES[0], pytest.param(HALVES[1], marks=TEST_HALF_SHORTFALL)])
def test_no_half_accepts_another_person_word_or_incomplete_name(part: str) -> None:
    """Surname-only and wrong-person guesses stay refused in both halves, the test half
    included: the forgiving rules never turn into "close enough"."""
    assert _false_accepts(part) == []


def test_the_test_half_accepts_no_more_than_measured() -> None:
    assert len(_false_accepts(HALVES[1])) <= TEST_HALF_FALSE_ACCEPTS


def _first_sounds(text: str, judge: Judge) -> set[str]:
    """First letters (as spelt and as heard) of the words of `text` as the checker reads it."""
    tokens = canonical(words(text), judge)
    return {token[:1] for token in tokens} | {sound(token)[:1] for token in tokens}


# Some fifty thousand pairs a personalities pack, each judged in full: minutes on a busy machine,
# so the bound that catches a hang is wider than the suite's.
@pytest.mark.timeout(1800)
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
        for sounds in (_first_sounds(form, judge),)  # once a form, not once a pair
        for other in names
        if other != name
        and (heads[other] is None or heads[other] & sounds)
        and matches(form, other, judge)
    ]
    assert clashes == []


def test_the_held_out_table_is_balanced_and_on_cards_the_table_never_holds() -> None:
    """guess_heldout.tsv: written after the tuning, on cards guess_table.tsv has no row for."""
    held_out = rows(HELD_OUT)
    _well_formed(held_out, 400)
    tuned = {(row.pack, row.name) for row in rows()}
    assert not {(row.pack, row.name) for row in held_out} & tuned
    for language in LANGUAGES:
        kinds = {row.kind for row in held_out if row.language == language}
        assert {"form", "short", "phonetic", "slip", "variant", "epithet", "initials", "part",
                "namesake", "suffix", "word"} <= kinds, language


# Each held-out table was judged once, after the last change to the checker before it was
# judged (guess_figures.md); once judged, each became development data for the next round, and
# its figures here are those after the last round, ten (guess_heldout4.tsv's below). Per table: the
# agreement per
# language (a floor, never a target) and the false accepts (a ceiling). Zero false accepts is
# the goal: an expected failure per table states the count, so that it is not tuned away on the
# table itself; it turns into a failure the day it reaches zero.
HELD_OUT_MEASURED = {
    # Round twenty-one lowers en to 309 (the one exception to "floors only rise": the product
    # owner's ruling that a word of the other language at a words card is that word): "tigre",
    # "pilote", "magicien", "enveloppe", "croisant" (a French verb's form) at English cards,
    # which this table forgave, are refused; so is "hôspital" ("hospital") at "hôpital" (fr
    # 307 to 306, the floor).
    HELD_OUT.name: ({"fr": 306, "en": 309}, 1),
    # Round nineteen: "Michael Bubble", "Tim Cock" refused (a word every player knows).
    HELD_OUT_2.name: ({"fr": 380, "en": 376}, 3),
    HELD_OUT_3.name: ({"fr": 363, "en": 370}, 3),
}
HELD_OUT_TABLES = {table.name: table for table in (HELD_OUT, HELD_OUT_2, HELD_OUT_3)}


def _held_out_false_accepts(table: str) -> list[Row]:
    return [row for row in rows(HELD_OUT_TABLES[table]) if row.verdict != "accept"
            and row.judged()]


@pytest.mark.parametrize("table", [
    pytest.param(table, marks=pytest.mark.xfail(
        strict=True, reason=f"{count} false accepts on {table}, measured once (guess_figures.md)"))
    for table, (_, count) in HELD_OUT_MEASURED.items()])
def test_the_held_out_tables_accept_no_other_person_word_or_incomplete_name(table: str) -> None:
    assert _held_out_false_accepts(table) == []


@pytest.mark.parametrize("table", HELD_OUT_MEASURED)
def test_held_out_false_accepts_are_no_more_than_measured(table: str) -> None:
    assert len(_held_out_false_accepts(table)) <= HELD_OUT_MEASURED[table][1]


@pytest.mark.parametrize("table", HELD_OUT_MEASURED)
def test_held_out_agreement_is_no_lower_than_measured(table: str) -> None:
    """Prints the held-out figures; the agreement measured once is a floor, never a target."""
    held_out = rows(HELD_OUT_TABLES[table])
    print(f"\n{table}\n" + figures(list(held_out)))
    for language, measured in HELD_OUT_MEASURED[table][0].items():
        judged = [row for row in held_out if row.language == language]
        assert sum(row.agrees() for row in judged) >= measured, language


# Each later held-out table and the tables written before it.
LATER_HELD_OUT = {HELD_OUT_2: (TABLE, HELD_OUT), HELD_OUT_3: (TABLE, HELD_OUT, HELD_OUT_2)}


@pytest.mark.parametrize("table", LATER_HELD_OUT, ids=lambda table: table.name)
def test_a_later_held_out_table_is_balanced_and_on_cards_no_earlier_table_held(
        table: Path) -> None:
    """guess_heldout2.tsv and guess_heldout3.tsv: each written before the checker changed after
    the run of the table before it, on word cards no earlier table holds and on people of no
    pack as the packs were then (written names; Gérard Depardieu and Boris Eltsine became cards
    when the packs grew, `drawable_names`)."""
    held_out = rows(table)
    assert len(held_out) >= 600
    assert Counter(row.language for row in held_out) == {"fr": len(held_out) // 2,
                                                          "en": len(held_out) // 2}
    assert {row.pack for row in held_out} == {*PLAYERS_DECKS, "fr-words", "en-words"}
    earlier = {row.name for before in LATER_HELD_OUT[table] for row in rows(before)}
    # The people of the packs as they were when guess_heldout3.tsv was written.
    people = {name for pack_id in ("fr-personalities", "en-personalities")
              for name in drawable_names(3, pack_id)}
    for row in held_out:
        assert KINDS.get(row.kind) == row.verdict and row.note, row
        assert row.name not in earlier, row
        if row.pack in PLAYERS_DECKS:
            assert row.name not in people, row
        else:
            pack = load_pack(row.pack)
            assert row.name in {face.name for card in pack.cards
                                for face in (card.yellow, card.blue)}, row
    assert len({(row.pack, row.name, row.guess.casefold()) for row in held_out}) == len(held_out)



# guess_heldout4.tsv: cards of the packs that no earlier table holds, every such person and words
# drawn with a fixed seed (its header). How many words of each words pack were drawn.
HELD_OUT_4_WORDS = {"fr-words": 60, "en-words": 28}
EARLIER_TABLES = (TABLE, HELD_OUT, HELD_OUT_2, HELD_OUT_3)


# The personalities packs grew after guess_heldout12.tsv was drawn (issue 40: thirty cards each
# for the thirteenth table on), again after guess_heldout13.tsv was drawn (thirty en and twenty
# fr cards for the fourteenth on), after guess_heldout14.tsv was drawn (twenty-four en and
# twenty fr cards for the fifteenth on), after guess_heldout15.tsv was drawn (twenty-four en
# and twenty fr cards for the sixteenth on), after guess_heldout16.tsv was drawn (twenty-four en
# and twenty fr cards for the seventeenth on) and after guess_heldout17.tsv was drawn
# (twenty-four en and twenty fr cards for the eighteenth on), and a table holds the cards its
# draw gave when it was written: per growth, the last table drawn before it and each pack's last
# card then. A table's draw is over each pack's cards up to the last card of the first growth
# after it, a table drawn after every growth over the whole pack.
PACKS_BEFORE_THEY_GREW = (
    (12, {"en-personalities": "en-p-244", "fr-personalities": "fr-p-306",
          "en-words": "en-w-238", "fr-words": "fr-w-265"}),
    (13, {"en-personalities": "en-p-274", "fr-personalities": "fr-p-336",
          "en-words": "en-w-238", "fr-words": "fr-w-265"}),
    (14, {"en-personalities": "en-p-304", "fr-personalities": "fr-p-356",
          "en-words": "en-w-238", "fr-words": "fr-w-265"}),
    (15, {"en-personalities": "en-p-328", "fr-personalities": "fr-p-376",
          "en-words": "en-w-238", "fr-words": "fr-w-265"}),
    (16, {"en-personalities": "en-p-352", "fr-personalities": "fr-p-396",
          "en-words": "en-w-238", "fr-words": "fr-w-265"}),
    (17, {"en-personalities": "en-p-376", "fr-personalities": "fr-p-416",
          "en-words": "en-w-238", "fr-words": "fr-w-265"}),
)


def drawable_names(number: int, pack_id: str) -> list[str]:
    """The names of a pack, in pack order, that the draw of guess_heldout<number>.tsv was over."""
    cards = load_pack(pack_id).cards
    last_cards = next((last for table, last in PACKS_BEFORE_THEY_GREW if number <= table), None)
    if last_cards is not None:
        cards = cards[:[card.id for card in cards].index(last_cards[pack_id]) + 1]
    return [face.name for card in cards for face in (card.yellow, card.blue)]


def unused_names(pack_id: str) -> list[str]:
    """The names of a pack that no table before guess_heldout4.tsv holds, in pack order."""
    earlier = {row.name for table in EARLIER_TABLES for row in rows(table) if row.pack == pack_id}
    return [name for name in drawable_names(4, pack_id) if name not in earlier]


def _seeded_draw(table: str, pack_id: str, names: list[str], count: int) -> list[str]:
    """`names` ordered by the SHA-256 of "<table>/<pack>/<name>" (hex), the first `count`: a
    draw anyone can repeat, fixed before the table is written."""
    return sorted(set(names), key=lambda name: hashlib.sha256(
        f"{table}/{pack_id}/{name}".encode()).hexdigest())[:count]


def drawn_for_heldout4(pack_id: str, count: int) -> list[str]:
    """The seeded draw of guess_heldout4.tsv: the unused names ordered by the SHA-256 of
    "guess_heldout4/<pack>/<name>", the first `count`."""
    return _seeded_draw("guess_heldout4", pack_id, unused_names(pack_id), count)


def test_the_fourth_held_out_table_holds_the_drawn_cards_and_no_earlier_one() -> None:
    held_out = rows(HELD_OUT_4)
    per_language = Counter(row.language for row in held_out)
    assert per_language["fr"] >= 300 and per_language["en"] >= 300
    for row in held_out:
        assert KINDS.get(row.kind) == row.verdict and row.note, row
    assert len({(row.pack, row.name, row.guess.casefold()) for row in held_out}) == len(held_out)
    cards = {pack_id: {row.name for row in held_out if row.pack == pack_id}
             for pack_id in pack_ids()}
    for pack_id in ("fr-personalities", "en-personalities"):
        assert cards[pack_id] == set(unused_names(pack_id)), pack_id
    for pack_id, count in HELD_OUT_4_WORDS.items():
        assert cards[pack_id] == set(drawn_for_heldout4(pack_id, count)), pack_id


# guess_heldout4.tsv's halves, each judged before any change to the checker of round five
# (fr 150/157 and en 137/151, 1 false accept, on the development half; fr 163/174 and en
# 163/185, 4 false accepts, on the test half), then after it, the test half once (fr 165/174,
# en 163/185, 4 false accepts; guess_figures.md, round five). The development half was read
# while the checker changed; the test half is development data since that run, and one of its
# false accepts was fixed after it ("princes" for "princess"), two more in round ten ("lamp",
# "carrot": English words at a French table). Per half, as measured last: the
# agreement per language (a floor) and the false accepts (a ceiling).
HELD_OUT_4_MEASURED = {
    # Round twenty-one: fr 155, "barb" for "barbe" (an English word) refused, as ruled.
    "development": ({"fr": 155, "en": 148}, 0),
    "test": ({"fr": 172, "en": 174}, 1),
}


def _fourth_held_out_false_accepts(part: str) -> list[Row]:
    return [row for row in rows(HELD_OUT_4) if row.half == part and row.verdict != "accept"
            and row.judged()]


@pytest.mark.parametrize("part", [HALVES[0], pytest.param(HALVES[1], marks=pytest.mark.xfail(
    strict=True, reason="1 false accept on guess_heldout4.tsv's test half (guess_figures.md)"))])
def test_the_fourth_held_out_table_accepts_no_other_word_or_person(part: str) -> None:
    assert _fourth_held_out_false_accepts(part) == []


@pytest.mark.parametrize("part", HALVES)
def test_the_fourth_held_out_table_agrees_no_less_than_measured(part: str) -> None:
    """Prints each half's figures; the agreement is a floor, the false accepts a ceiling."""
    table = [row for row in rows(HELD_OUT_4) if row.half == part]
    print(f"\n{HELD_OUT_4.name}, {part} half\n" + figures(table))
    agreed, false_accepts = HELD_OUT_4_MEASURED[part]
    for language, measured in agreed.items():
        assert sum(row.agrees() for row in table if row.language == language) >= measured, language
    assert len(_fourth_held_out_false_accepts(part)) <= false_accepts


# guess_heldout5.tsv: written before the checker changed after guess_heldout4.tsv's runs (per-card
# accepted forms and known confusions in the packs), on cards drawn with a fixed seed over all
# the names of each pack (its header): how many of each pack.
HELD_OUT_5_DRAW = {"fr-personalities": 70, "en-personalities": 70, "fr-words": 25, "en-words": 25}


def drawn_for_heldout5(pack_id: str) -> list[str]:
    """The seeded draw of guess_heldout5.tsv: all the pack's names (`drawable_names`) ordered
    by the SHA-256 of "guess_heldout5/<pack>/<name>", the first HELD_OUT_5_DRAW[pack]."""
    return _seeded_draw("guess_heldout5", pack_id, drawable_names(5, pack_id),
                        HELD_OUT_5_DRAW[pack_id])


def drawn_for_heldout6(pack_id: str) -> list[str]:
    """The seeded draw of guess_heldout6.tsv: all the pack's names (`drawable_names`) ordered
    by the SHA-256 of "guess_heldout6/<pack>/<name>", the first HELD_OUT_5_DRAW[pack] (as many
    as the fifth)."""
    return _seeded_draw("guess_heldout6", pack_id, drawable_names(6, pack_id),
                        HELD_OUT_5_DRAW[pack_id])


# The tables whose cards are a seeded draw over all the names of each pack, and their draws.
SEEDED_TABLES = {HELD_OUT_5: drawn_for_heldout5, HELD_OUT_6: drawn_for_heldout6}
# Every table, in the order they were written.
WRITTEN_IN_ORDER = (*EARLIER_TABLES, HELD_OUT_4, HELD_OUT_5, HELD_OUT_6, HELD_OUT_7, HELD_OUT_8,
                    HELD_OUT_9, HELD_OUT_10, HELD_OUT_11, HELD_OUT_12, HELD_OUT_13,
                    HELD_OUT_14, HELD_OUT_15, HELD_OUT_16, HELD_OUT_17, HELD_OUT_18)


def repeated_guesses(table: Path) -> list[Row]:
    """The rows of `table` whose guess at a card a table written before it holds for that card:
    such a guess measures nothing new."""
    earlier = {(row.pack, row.name, row.guess.casefold())
               for before in WRITTEN_IN_ORDER[:WRITTEN_IN_ORDER.index(table)]
               for row in rows(before)}
    return [row for row in rows(table) if (row.pack, row.name, row.guess.casefold()) in earlier]


def big_balanced_and_every_kind(table: Path, size: int) -> None:
    """A held-out table is well formed, with at least `size` rows and every kind in each
    language."""
    held_out = rows(table)
    _well_formed(held_out, size)
    for language in LANGUAGES:
        kinds = {row.kind for row in held_out if row.language == language}
        assert kinds == set(KINDS), (language, set(KINDS) - kinds)


def holds_exactly_the_drawn_cards(table: Path, draw: Callable[[str], list[str]]) -> None:
    """Each pack's cards in `table` are exactly those `draw` gives for that pack."""
    held_out = rows(table)
    for pack_id in pack_ids():
        cards = {row.name for row in held_out if row.pack == pack_id}
        assert cards == set(draw(pack_id)), pack_id


@pytest.mark.parametrize("table", SEEDED_TABLES, ids=lambda table: table.name)
def test_a_seeded_held_out_table_is_big_balanced_and_covers_every_kind(table: Path) -> None:
    big_balanced_and_every_kind(table, 700)


@pytest.mark.parametrize("table", SEEDED_TABLES, ids=lambda table: table.name)
def test_a_seeded_held_out_table_holds_exactly_the_drawn_cards(table: Path) -> None:
    holds_exactly_the_drawn_cards(table, SEEDED_TABLES[table])


@pytest.mark.parametrize("table", SEEDED_TABLES, ids=lambda table: table.name)
def test_a_seeded_held_out_table_repeats_no_guess_of_an_earlier_table(table: Path) -> None:
    assert repeated_guesses(table) == []


def _judge_held_out_half(held_out: Path, part: str, measured: tuple[dict[str, int], int]) -> None:
    """Prints the half's figures by language and kind; per language, the guesses the checker
    agrees on are at least the floor, and the guesses it accepts that the table does not are
    no more than the ceiling."""
    table = [row for row in rows(held_out) if row.half == part]
    print(f"\n{held_out.name}, {part} half\n" + figures(table))
    floors, ceiling = measured
    agreed = {language: sum(row.agrees() for row in table if row.language == language)
              for language in LANGUAGES}
    assert all(agreed[language] >= floor for language, floor in floors.items()), agreed
    false_accepts = [row for row in table if row.verdict != "accept" and row.judged()]
    assert len(false_accepts) <= ceiling, false_accepts


# guess_heldout5.tsv's development half: the checker of the day the table was written judged it
# fr 158/166, en 175/185, with "Vernet" for "(Jules) Verne" and "zèbre" for "zebra" accepted
# (guess_figures.md); after round six's per-card lists, fr 161, en 181, "zèbre" still accepted;
# after round seven's general rules, fr 166, en 183, none. The agreement per language, a
# floor, and the false accepts, a ceiling.
HELD_OUT_5_DEVELOPMENT = ({"fr": 166, "en": 183}, 0)


def test_the_fifth_held_out_table_development_half() -> None:
    _judge_held_out_half(HELD_OUT_5, HALVES[0], HELD_OUT_5_DEVELOPMENT)


# guess_heldout5.tsv's test half, judged once at the end of round six (guess_figures.md): fr
# 176/184, en 161/165, two guesses of another person or word accepted ("Franklin" for
# "(André) Franquin", "Galilee" for "Galileo (Galilei)"), short of the goal of 98 % and none.
# Development data since: after round seven's general rules, fr 181, en 165, none. The
# agreement per language, a floor, and the false accepts, a ceiling.
HELD_OUT_5_TEST = ({"fr": 183, "en": 165}, 0)


def test_the_fifth_held_out_table_test_half() -> None:
    _judge_held_out_half(HELD_OUT_5, HALVES[1], HELD_OUT_5_TEST)


# guess_heldout6.tsv's development half, judged by the checker of the day the table was written
# (b005eec), before any change made with the table in hand: fr 178/182, en 162/172, with
# "Dantes" for "Dante (Alighieri)", "fries" for "frite" and "banane" for "banana" accepted
# (guess_figures.md); after round seven's last rules, fr 179, en 164, "Dantes" and "banane"
# and "fries" still accepted; after round eight's English name key, en 169, and its accepted
# forms cut after the card's name, en 170, and a final mute "e" silent in its English key, fr
# 180; after round nine (no slip onto a rare word or name, Dante's card refusing Dantès), fr
# 182, en 172, none. The agreement per language, a floor, and the false accepts, a ceiling.
HELD_OUT_6_DEVELOPMENT = ({"fr": 182, "en": 172}, 0)


def test_the_sixth_held_out_table_development_half() -> None:
    _judge_held_out_half(HELD_OUT_6, HALVES[0], HELD_OUT_6_DEVELOPMENT)


# guess_heldout6.tsv's test half (265 fr, 275 en guesses): judged once, at the end of round
# eight: fr 258 = 97.4 %, en 268 = 97.5 %, 6 false accepts (the goal: 98 % in each language and
# no false accept). Development data since: after round nine's rules, fr 264, en 273, none.
HELD_OUT_6_TEST = ({"fr": 264, "en": 273}, 0)


def test_the_sixth_held_out_table_test_half() -> None:
    _judge_held_out_half(HELD_OUT_6, HALVES[1], HELD_OUT_6_TEST)
