"""guess_heldout9.tsv, the ninth held-out table: written while the checker changed after
guess_heldout8.tsv's runs, by someone who read neither the checker nor the packs' lists of
accepted forms and confusions and never ran the checker on it, on cards that no earlier seeded
draw took.

Like the tables before it, it is split by card into halves (test_guess_table.half): the
development half may be read while the checker changes; the test half is judged once, at the
end (it was, at the end of round eleven: guess_figures.md).

    uv run pytest tests/times_up/test_guess_heldout9.py -q -s

prints both halves' figures by language and kind."""

from __future__ import annotations

from .test_guess_heldout7 import drawn_for_heldout7
from .test_guess_heldout8 import drawn_for_heldout8
from .test_guess_table import (
    HALVES,
    HELD_OUT_5_DRAW,
    HELD_OUT_9,
    _judge_held_out_half,
    _pack_names,
    _seeded_draw,
    big_balanced_and_every_kind,
    drawn_for_heldout5,
    drawn_for_heldout6,
    holds_exactly_the_drawn_cards,
    repeated_guesses,
)


def drawn_for_heldout9(pack_id: str) -> list[str]:
    """The seeded draw of guess_heldout9.tsv: the pack's names that none of guess_heldout5.tsv's
    to guess_heldout8.tsv's draws took, ordered by the SHA-256 of
    "guess_heldout9/<pack>/<name>", the first HELD_OUT_5_DRAW[pack] (as many as the fifth)."""
    taken = {*drawn_for_heldout5(pack_id), *drawn_for_heldout6(pack_id),
             *drawn_for_heldout7(pack_id), *drawn_for_heldout8(pack_id)}
    names = [name for name in _pack_names(pack_id) if name not in taken]
    return _seeded_draw("guess_heldout9", pack_id, names, HELD_OUT_5_DRAW[pack_id])


def test_the_ninth_held_out_table_holds_exactly_the_drawn_cards() -> None:
    holds_exactly_the_drawn_cards(HELD_OUT_9, drawn_for_heldout9)


def test_the_ninth_held_out_table_is_big_balanced_and_covers_every_kind() -> None:
    big_balanced_and_every_kind(HELD_OUT_9, 800)


def test_the_ninth_held_out_table_repeats_no_guess_of_an_earlier_table() -> None:
    assert repeated_guesses(HELD_OUT_9) == []


# guess_heldout9.tsv's development half, judged once with its test half at the end of round
# eleven (guess_figures.md): fr 197/214, en 209/229, 15 guesses of another person or word
# accepted; development data since, and after round twelve fr 204, en 218, 14 ("Fred" for
# Freud refused). The agreement per language, a floor, and the false accepts, a ceiling.
HELD_OUT_9_DEVELOPMENT = ({"fr": 204, "en": 218}, 14)


def test_the_ninth_held_out_table_development_half() -> None:
    _judge_held_out_half(HELD_OUT_9, HALVES[0], HELD_OUT_9_DEVELOPMENT)


# guess_heldout9.tsv's test half, judged once at the end of round eleven (guess_figures.md): fr
# 189/200, en 169/185, eight guesses of another person or word accepted ("Anne Cordy",
# "Alfredo Hitchcock", "Princess Diane", "Hugh" for Hugo, "Zhang He", "Dalai Llama",
# "hairdrier" for hairdresser, and "Hitch" alone for Alfred Hitchcock). Development data since:
# after round twelve fr 195, en 180, five ("Alfredo Hitchcock", "Princess Diane", "Hugh"
# refused). The agreement per language, a floor, and the false accepts, a ceiling.
HELD_OUT_9_TEST = ({"fr": 195, "en": 180}, 5)


def test_the_ninth_held_out_table_test_half() -> None:
    _judge_held_out_half(HELD_OUT_9, HALVES[1], HELD_OUT_9_TEST)
