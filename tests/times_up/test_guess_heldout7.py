"""The typed-guess checker against guess_heldout7.tsv, the seventh held-out table: written before
the checker changed after guess_heldout6.tsv's runs, by someone who read neither the checker nor
the packs' lists of accepted forms and confusions, on cards that no earlier seeded draw took.

Like the tables before it, it is split by card into halves (test_guess_table.half): the
development half may be read while the checker changes; the test half is judged once, at the
end (it was, at the end of round nine: guess_figures.md).

    uv run pytest tests/times_up/test_guess_heldout7.py -q -s

prints both halves' figures by language and kind."""

from __future__ import annotations

from .test_guess_table import (
    HALVES,
    HELD_OUT_5_DRAW,
    HELD_OUT_7,
    _judge_held_out_half,
    _pack_names,
    _seeded_draw,
    big_balanced_and_every_kind,
    drawn_for_heldout5,
    drawn_for_heldout6,
    holds_exactly_the_drawn_cards,
    repeated_guesses,
)


def drawn_for_heldout7(pack_id: str) -> list[str]:
    """The seeded draw of guess_heldout7.tsv: the pack's names that neither guess_heldout5.tsv's
    nor guess_heldout6.tsv's draw took, ordered by the SHA-256 of
    "guess_heldout7/<pack>/<name>", the first HELD_OUT_5_DRAW[pack] (as many as the fifth)."""
    taken = {*drawn_for_heldout5(pack_id), *drawn_for_heldout6(pack_id)}
    names = [name for name in _pack_names(pack_id) if name not in taken]
    return _seeded_draw("guess_heldout7", pack_id, names, HELD_OUT_5_DRAW[pack_id])


def test_the_seventh_held_out_table_holds_exactly_the_drawn_cards() -> None:
    holds_exactly_the_drawn_cards(HELD_OUT_7, drawn_for_heldout7)


def test_the_seventh_held_out_table_is_big_balanced_and_covers_every_kind() -> None:
    big_balanced_and_every_kind(HELD_OUT_7, 700)


def test_the_seventh_held_out_table_repeats_no_guess_of_an_earlier_table() -> None:
    assert repeated_guesses(HELD_OUT_7) == []


# guess_heldout7.tsv's development half, judged by the checker of the day the table was written
# (dc5ec24), before any change made with the table in hand: fr 203/209, en 219/223, with "Klint"
# for "(Gustav) Klimt", "Autriche" for "autruche", "broccolini" for "broccoli" and "danseur" for
# "dancer" accepted. The agreement per language, a floor, and the false accepts, a ceiling. Only
# this half may be read while the checker changes. After round ten (guess_figures.md): en 220,
# "broccolini" refused. After round twelve: fr 204 ("Aliénor Aquitaine"), en 222 ("Froyd").
HELD_OUT_7_DEVELOPMENT = ({"fr": 204, "en": 222}, 2)


def test_the_seventh_held_out_table_development_half() -> None:
    _judge_held_out_half(HELD_OUT_7, HALVES[0], HELD_OUT_7_DEVELOPMENT)


# guess_heldout7.tsv's test half, judged once at the end of round nine (guess_figures.md): fr
# 175/177, en 160/163, four guesses of another person or word accepted ("Angela" for "Angèle",
# "Chancer" for "(Geoffrey) Chaucer", "Zelenska" for "(Volodymyr) Zelensky", "Darwen" for
# "(Charles) Darwin"); development data since, and after round ten fr 177/177, en 163/163, none
# (guess_figures.md). The agreement per language, a floor, and the false accepts, a ceiling.
HELD_OUT_7_TEST = ({"fr": 177, "en": 163}, 0)


def test_the_seventh_held_out_table_test_half() -> None:
    _judge_held_out_half(HELD_OUT_7, HALVES[1], HELD_OUT_7_TEST)
