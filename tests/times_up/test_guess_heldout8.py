"""guess_heldout8.tsv, the eighth held-out table: written while the checker changed after
guess_heldout7.tsv's runs, by someone who read neither the checker nor the packs' lists of
accepted forms and confusions and never ran the checker on it, on cards that no earlier seeded
draw took.

Like the tables before it, it is split by card into halves (test_guess_table.half): the
development half may be read while the checker changes; the test half is judged once, at the
end (it was, at the end of round ten: guess_figures.md).

    uv run pytest tests/times_up/test_guess_heldout8.py -q -s

prints both halves' figures by language and kind."""

from __future__ import annotations

from .test_guess_heldout7 import drawn_for_heldout7
from .test_guess_table import (
    HALVES,
    HELD_OUT_5_DRAW,
    HELD_OUT_8,
    _judge_held_out_half,
    _pack_names,
    _seeded_draw,
    big_balanced_and_every_kind,
    drawn_for_heldout5,
    drawn_for_heldout6,
    holds_exactly_the_drawn_cards,
    repeated_guesses,
)


def drawn_for_heldout8(pack_id: str) -> list[str]:
    """The seeded draw of guess_heldout8.tsv: the pack's names that none of guess_heldout5.tsv's,
    guess_heldout6.tsv's and guess_heldout7.tsv's draws took, ordered by the SHA-256 of
    "guess_heldout8/<pack>/<name>", the first HELD_OUT_5_DRAW[pack] (as many as the fifth)."""
    taken = {*drawn_for_heldout5(pack_id), *drawn_for_heldout6(pack_id),
             *drawn_for_heldout7(pack_id)}
    names = [name for name in _pack_names(pack_id) if name not in taken]
    return _seeded_draw("guess_heldout8", pack_id, names, HELD_OUT_5_DRAW[pack_id])


def test_the_eighth_held_out_table_holds_exactly_the_drawn_cards() -> None:
    holds_exactly_the_drawn_cards(HELD_OUT_8, drawn_for_heldout8)


def test_the_eighth_held_out_table_is_big_balanced_and_covers_every_kind() -> None:
    big_balanced_and_every_kind(HELD_OUT_8, 780)


def test_the_eighth_held_out_table_repeats_no_guess_of_an_earlier_table() -> None:
    assert repeated_guesses(HELD_OUT_8) == []


# guess_heldout8.tsv's development half, judged once with its test half at the end of round ten
# (guess_figures.md): fr 210/219, en 196/202, five guesses of another word or person accepted.
# Round eleven raised it to fr 212, en 198, round twelve en 199 ("C. Columbus"; guess_figures.md).
# The agreement per language, a floor, and the false accepts, a ceiling.
HELD_OUT_8_DEVELOPMENT = ({"fr": 212, "en": 199}, 5)


def test_the_eighth_held_out_table_development_half() -> None:
    _judge_held_out_half(HELD_OUT_8, HALVES[0], HELD_OUT_8_DEVELOPMENT)


# guess_heldout8.tsv's test half, judged once at the end of round ten (guess_figures.md): fr
# 169/177, en 185/194, ten guesses of another person or word accepted ("Saint Pierre" for "Abbé
# Pierre", "Mike Jagger", "Jackie Chen", "zébré" for "zèbre", "Rodan", "Kent" and "Kanté" for
# Kant, "marks" for Marx, "Gregor Mandel", "miroir" for "mirror"). Round eleven, with this
# table as development data: fr 174, en 187, eight; round twelve en 188 ("Stanley Lee"). The
# agreement per language, a floor, and the false accepts, a ceiling.
HELD_OUT_8_TEST = ({"fr": 174, "en": 188}, 8)


def test_the_eighth_held_out_table_test_half() -> None:
    _judge_held_out_half(HELD_OUT_8, HALVES[1], HELD_OUT_8_TEST)
