"""guess_heldout10.tsv, the tenth held-out table: written after guess_heldout9.tsv's runs, by a
helper who read neither the checker nor the packs' lists of accepted forms and confusions and
never ran the checker on it, on cards that no earlier seeded draw took.

Like the tables before it, it is split by card into halves (test_guess_table.half): the
development half may be read while the checker changes; the test half is judged once, at the
end (both were, once, with round twelve's checker: guess_figures.md, "Round thirteen"); both
are development data since.

    uv run pytest tests/times_up/test_guess_heldout10.py -q -s

prints both halves' figures by language and kind."""

from __future__ import annotations

from .test_guess_heldout7 import drawn_for_heldout7
from .test_guess_heldout8 import drawn_for_heldout8
from .test_guess_heldout9 import drawn_for_heldout9
from .test_guess_table import (
    HALVES,
    HELD_OUT_5_DRAW,
    HELD_OUT_10,
    _judge_held_out_half,
    _pack_names,
    _seeded_draw,
    big_balanced_and_every_kind,
    drawn_for_heldout5,
    drawn_for_heldout6,
    holds_exactly_the_drawn_cards,
    repeated_guesses,
)

# The seeded draws before this one: their cards are not drawn again.
EARLIER_DRAWS = (drawn_for_heldout5, drawn_for_heldout6, drawn_for_heldout7, drawn_for_heldout8,
                 drawn_for_heldout9)


def drawn_for_heldout10(pack_id: str) -> list[str]:
    """The seeded draw of guess_heldout10.tsv: the pack's names that none of EARLIER_DRAWS
    (guess_heldout5.tsv's to guess_heldout9.tsv's) took, ordered by the SHA-256 of
    "guess_heldout10/<pack>/<name>", the first HELD_OUT_5_DRAW[pack] (as many as the fifth)."""
    taken = {name for draw in EARLIER_DRAWS for name in draw(pack_id)}
    names = [name for name in _pack_names(pack_id) if name not in taken]
    return _seeded_draw("guess_heldout10", pack_id, names, HELD_OUT_5_DRAW[pack_id])


def test_the_tenth_held_out_table_holds_exactly_the_drawn_cards() -> None:
    holds_exactly_the_drawn_cards(HELD_OUT_10, drawn_for_heldout10)


def test_the_tenth_held_out_table_is_big_balanced_and_covers_every_kind() -> None:
    big_balanced_and_every_kind(HELD_OUT_10, 800)


def test_the_tenth_held_out_table_repeats_no_guess_of_an_earlier_table() -> None:
    assert repeated_guesses(HELD_OUT_10) == []


# guess_heldout10.tsv's development half, judged blind once with round twelve's checker (the
# blind reading): fr 189/206, en 205/215, 5 guesses of another person, word or incomplete name
# accepted. Development data since: after round thirteen fr 202, en 210, 5. The agreement per
# language, a floor, and the false accepts, a ceiling.
HELD_OUT_10_DEVELOPMENT = ({"fr": 202, "en": 210}, 5)


def test_the_tenth_held_out_table_development_half() -> None:
    _judge_held_out_half(HELD_OUT_10, HALVES[0], HELD_OUT_10_DEVELOPMENT)


# guess_heldout10.tsv's test half, judged blind once with round twelve's checker (the blind
# reading): fr 200/210, en 186/201, 6 accepted ("Jeanne Longo", "Heidi Lamarr", "Chairman
# Mao", "princes", "lampée", "désert"). Development data since: after round thirteen fr 207, en
# 193, 6. The agreement per language, a floor, and the false accepts, a ceiling.
HELD_OUT_10_TEST = ({"fr": 207, "en": 193}, 6)


def test_the_tenth_held_out_table_test_half() -> None:
    _judge_held_out_half(HELD_OUT_10, HALVES[1], HELD_OUT_10_TEST)
