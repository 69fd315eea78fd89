"""The two rule sets (docs/rulings.md: `fr` follows the French walk-through, `en` the English sheet)
and what each round allows."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleSet:
    key: str
    # Card in hand at time-up: back on top of the deck (fr) or shuffled into it (en).
    hand_on_top_at_time_up: bool
    # A round won with time left: the next cluegiver starts afresh (fr), or the clock pauses and
    # the team may carry its time into the next round or hand the deck on (en).
    carry_time_into_next_round: bool
    gestures_round1: bool
    # Who keeps time: the cluegiver who has just played, the player to the right (fr), or a
    # member of the next team (en).
    previous_cluegiver_keeps_time: bool
    # A foul in round 1: the card is shuffled back into the deck (fr), never left on top, where
    # the next team would draw the card it has just heard clues for (en).
    fouled_card_never_on_top: bool


RULE_SETS = {
    "fr": RuleSet("fr", True, False, False, True, False),
    "en": RuleSet("en", False, True, True, False, True),
}


def passing_allowed(round_no: int) -> bool:
    return round_no >= 2


def one_guess_per_card(round_no: int) -> bool:
    """Round 1: guess as often as you like; later rounds: the team's first guess is final."""
    return round_no >= 2


def foul_ends_turn(round_no: int) -> bool:
    """Round 1: a foul stops the turn; later rounds it only costs the card."""
    return round_no == 1


# What the cluegiver may do, by rule set then round kind, said in each language. The two texts
# differ: en allows singing, humming, pointing and "rhymes with" in round 1 and only bans parts,
# variants and letters; fr also bans translations, bans humming in round 3, and its house 4th
# round allows a drawing.
_CONSTRAINTS: dict[str, dict[str, dict[str, str]]] = {
    "en": {
        "talk": {
            "en": "Say or do almost anything: describe, sing, hum, point, mime; \"rhymes with\" "
            "is fine without saying the rhyming word. Never a part or variant of the name, no "
            "spelling or letters. No passing.",
            "fr": "Presque tout est permis : décrire, chanter, fredonner, montrer, mimer ; "
            "« ça rime avec » sans dire le mot qui rime. Jamais une partie ou une variante du "
            "nom, ni épeler ni donner de lettres. On ne passe pas.",
        },
        "talk_no_gestures": {
            "en": "Say almost anything: describe, sing, hum; \"rhymes with\" is fine without "
            "saying the rhyming word. No gestures, never a part or variant of the name, no "
            "spelling or letters. No passing.",
            "fr": "Presque tout se dit : décrire, chanter, fredonner ; « ça rime avec » sans "
            "dire le mot qui rime. Sans mimer, jamais une partie ou une variante du nom, ni "
            "épeler ni donner de lettres. On ne passe pas.",
        },
        "one_word": {
            "en": "One word per card (repeat it at will), plus sounds and mime; one guess per "
            "card; passing allowed.",
            "fr": "Un seul mot par carte (répétable), plus bruitages et mimes ; une seule "
            "proposition par carte ; on peut passer.",
        },
        "mime": {
            "en": "No words at all: sounds and mime only; one guess per card; passing allowed.",
            "fr": "Aucun mot : bruitages et mimes seulement ; une seule proposition par carte ; "
            "on peut passer.",
        },
        "one_gesture": {
            "en": "A single gesture, silent and still; one guess per card; passing allowed.",
            "fr": "Un seul geste, muet et immobile ; une seule proposition par carte ; on peut "
            "passer.",
        },
    },
    "fr": {
        "talk": {
            "en": "Say anything but the name: no part of it or nickname, no translation, no "
            "letters. No passing.",
            "fr": "Tout sauf le nom : ni une partie ni un diminutif, ni traduction, ni lettres. "
            "On ne passe pas.",
        },
        "talk_no_gestures": {
            "en": "Say anything but the name (no part of it or nickname, no translation, no "
            "letters), without miming. No passing.",
            "fr": "Tout sauf le nom (ni une partie ni un diminutif, ni traduction, ni lettres), "
            "sans mimer. On ne passe pas.",
        },
        "one_word": {
            "en": "One word per card (repeat it at will), plus mime and sound effects; one "
            "guess per card; passing allowed.",
            "fr": "Un seul mot par carte (répétable), plus mimes et bruitages ; une seule "
            "proposition par carte ; on peut passer.",
        },
        "mime": {
            "en": "No words: mime and sound effects only, no humming, no pointing at things; "
            "one guess per card; passing allowed.",
            "fr": "Aucun mot : mimes et bruitages seulement, sans fredonner ni montrer d'objet ; "
            "une seule proposition par carte ; on peut passer.",
        },
        "one_gesture": {
            "en": "A single gesture, silent and still, or a drawing; one guess per card; "
            "passing allowed.",
            "fr": "Un seul geste, muet et immobile, ou un dessin ; une seule proposition par "
            "carte ; on peut passer.",
        },
    },
}


def constraint_key(round_no: int, gestures_round1: bool) -> str:
    if round_no == 1:
        return "talk" if gestures_round1 else "talk_no_gestures"
    return {2: "one_word", 3: "mime"}.get(round_no, "one_gesture")


def constraint(rules: str, round_no: int, gestures_round1: bool, language: str) -> dict[str, str]:
    """What the cluegiver may do this round under `rules`: a key (`<rules>.<kind>`, which
    clients translate into their reader's language) and the words in `language`."""
    kind = constraint_key(round_no, gestures_round1)
    return {"key": f"{rules}.{kind}", "text": _CONSTRAINTS[rules][kind][language]}
