"""The two rule sets (docs/rulings.md: `fr` follows the French walk-through, `en` the English sheet)
and what each round allows."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleSet:
    key: str
    # Card in hand at time-up: back on top of the deck (fr) or shuffled into it (en).
    hand_on_top_at_time_up: bool
    # A round-1 foul puts the card back and the deck is shuffled (fr) or not (en: on top).
    round1_foul_shuffles: bool
    # A round won with time left: the next cluegiver starts afresh (fr), or the clock pauses and
    # the team may carry its time into the next round or hand the deck on (en).
    carry_time_into_next_round: bool
    gestures_round1: bool


RULE_SETS = {
    "fr": RuleSet("fr", True, True, False, False),
    "en": RuleSet("en", False, False, True, True),
}


def passing_allowed(round_no: int) -> bool:
    return round_no >= 2


def one_guess_per_card(round_no: int) -> bool:
    """Round 1: guess as often as you like; later rounds: the team's first guess is final."""
    return round_no >= 2


def foul_ends_turn(round_no: int) -> bool:
    """Round 1: a foul stops the turn; later rounds it only costs the card."""
    return round_no == 1


_CONSTRAINTS = {
    "en": {
        "talk": "Say anything but the name: no part or variant of it, no translation, no "
        "spelling or letters, no passing.",
        "talk_no_gestures": "Say anything but the name (no part or variant, no translation, "
        "no spelling or letters), with no gestures and no passing.",
        "one_word": "One word per card (repeat it at will), plus gestures and sounds; "
        "one guess per card; passing allowed.",
        "mime": "No words at all: mime and sounds only, no humming; one guess per card; "
        "passing allowed.",
        "one_gesture": "A single gesture, silent and still; one guess per card; "
        "passing allowed.",
    },
    "fr": {
        "talk": "Tout sauf le nom : ni une partie ni un diminutif, ni traduction, ni lettres ; "
        "on ne passe pas.",
        "talk_no_gestures": "Tout sauf le nom (ni une partie ni un diminutif, ni traduction, "
        "ni lettres), sans mimer ; on ne passe pas.",
        "one_word": "Un seul mot par carte (répétable), plus mimes et bruitages ; une seule "
        "proposition par carte ; on peut passer.",
        "mime": "Aucun mot : mimes et bruitages seulement, sans fredonner ; une seule "
        "proposition par carte ; on peut passer.",
        "one_gesture": "Un seul geste, muet et immobile ; une seule proposition par carte ; "
        "on peut passer.",
    },
}


def constraint_key(round_no: int, gestures_round1: bool) -> str:
    if round_no == 1:
        return "talk" if gestures_round1 else "talk_no_gestures"
    return {2: "one_word", 3: "mime"}.get(round_no, "one_gesture")


def constraint(round_no: int, gestures_round1: bool, language: str) -> dict[str, str]:
    """What the cluegiver may do this round, as a key and in words for the table."""
    key = constraint_key(round_no, gestures_round1)
    return {"key": key, "text": _CONSTRAINTS[language][key]}
