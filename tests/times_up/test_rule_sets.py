"""Each row of the docs/rulings.md table where the `fr` and `en` rule sets differ, both outcomes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictac.games import times_up as game

from .support import TURN_MS, act, everyone_ready, new_game, play_to_round, start, win_round

SEEDS = range(12)


# Row 1: the card in hand when time runs out.


def test_fr_card_in_hand_at_time_up_goes_back_on_top_of_the_deck() -> None:
    state = new_game(rules="fr")
    start(state)
    act(state, "found", 100)
    card, rest = state.in_hand, state.deck[:]
    act(state, "time_up", TURN_MS)
    assert state.deck == [*rest, card]  # the last card is the top


def _card_back(rules: str, seed: int, end_turn: str) -> tuple[list[str], list[str], str]:
    """Start a turn and end it by `end_turn` ("time_up" or "foul"): the deck before (without
    the card in hand), after, and the card that was in hand."""
    state = new_game(rules=rules, seed=seed)
    start(state)
    card, before = state.in_hand, state.deck[:]
    assert card is not None
    if end_turn == "time_up":
        act(state, "time_up", TURN_MS)
    else:
        act(state, "foul", 500, seat=state.timekeeper())
    return before, state.deck[:], card


def assert_shuffled_back(rules: str, end_turn: str) -> None:
    """The card goes back into the deck, the deck is shuffled: the same cards every time, but
    over a dozen games the card is not always on top and the rest not always in order."""
    tops, orders_kept = set(), set()
    for seed in SEEDS:
        before, after, card = _card_back(rules, seed, end_turn)
        assert sorted(after) == sorted([*before, card])
        tops.add(after[-1] == card)
        orders_kept.add([c for c in after if c != card] == before)
    assert False in tops and False in orders_kept


def test_en_card_in_hand_at_time_up_is_shuffled_back_into_the_deck() -> None:
    assert_shuffled_back("en", "time_up")


# Row 2: a foul in round 1 ends the turn; the card is shuffled back (both rule sets: the next
# team has just heard clues about it).


@pytest.mark.parametrize("rules", ["fr", "en"])
def test_round1_foul_ends_the_turn_and_the_card_is_shuffled_back(rules: str) -> None:
    state = new_game(rules=rules)
    team = state.team
    start(state)
    events = act(state, "foul", 500, seat=state.timekeeper())
    assert state.phase == "waiting" and state.team != team
    assert {"type": "turn_ended", "team": team, "reason": "foul"} in events
    assert_shuffled_back(rules, "foul")


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(4, 12), names=st.integers(2, 4))
def test_en_round1_foul_never_leaves_the_card_on_top(seed: int, players: int, names: int) -> None:
    """docs/rulings.md: en, foul in round 1: the card is shuffled back, never left on top for the
    next team, who has just heard clues about it (issue 19, item 3: a plain shuffle left it there
    once in N). The same seed gives the same deck."""
    state = new_game(players, seed, names=names, rules="en", odd_players="uneven_teams")
    start(state)
    card, before = state.in_hand, state.deck[:]
    act(state, "foul", 500, seat=state.timekeeper())
    assert sorted(state.deck) == sorted([*before, card])
    assert state.deck[-1] != card
    again = new_game(players, seed, names=names, rules="en", odd_players="uneven_teams")
    start(again)
    act(again, "foul", 500, seat=again.timekeeper())
    assert again.deck == state.deck


def test_en_round1_foul_still_shuffles_the_card_back_anywhere_but_on_top() -> None:
    places = set()
    for seed in range(60):
        _, after, card = _card_back("en", seed, "foul")
        places.add(after.index(card))
    assert places == set(range(len(after) - 1))


@pytest.mark.parametrize("rules", ["fr", "en"])
def test_round1_foul_may_be_called_by_the_cluegiver_too(rules: str) -> None:
    state = new_game(rules=rules)
    start(state)
    act(state, "foul", 500)
    assert state.phase == "waiting"


# Row 3: the round ends during a turn, with time left.


def test_fr_round_won_mid_turn_next_round_starts_with_the_next_cluegiver() -> None:
    state = new_game(rules="fr")
    team, giver = state.team, state.cluegiver()
    start(state, 0)
    win_round(state, 1)
    assert state.round == 2 and state.phase == "readback"
    everyone_ready(state, 100)
    assert state.team == (team + 1) % len(state.teams)
    assert state.cluegiver() != giver
    start(state, 1000)
    assert state.deadline == 1000 + TURN_MS  # a full timer


def test_en_round_won_mid_turn_same_team_continues_with_the_time_left() -> None:
    state = new_game(rules="en")
    team, giver = state.team, state.cluegiver()
    start(state, 0)
    win_round(state, 1)  # twelve cards won by 12 ms
    assert state.phase == "round_won" and state.time_left == TURN_MS - 12
    assert game.deadline(state) is None  # the clock is paused
    act(state, "continue", 50_000, seat=giver)
    everyone_ready(state, 60_000)
    assert state.team == team and state.cluegiver() == giver
    start(state, 70_000)
    assert state.deadline == 70_000 + TURN_MS - 12


def test_en_round_won_mid_turn_team_may_hand_the_deck_to_the_next_team() -> None:
    state = new_game(rules="en")
    team = state.team
    start(state, 0)
    win_round(state, 1)
    teammate = next(seat for seat in state.teams[team] if seat != state.cluegiver())
    act(state, "hand_over", 20, seat=teammate)
    everyone_ready(state, 30)
    assert state.team == (team + 1) % len(state.teams)
    start(state, 1000)
    assert state.deadline == 1000 + TURN_MS  # a full timer


def test_en_only_the_team_that_won_the_round_decides() -> None:
    state = new_game(rules="en")
    start(state, 0)
    win_round(state, 1)
    other = state.teams[(state.team + 1) % 2][0]
    for kind in ("continue", "hand_over"):
        with pytest.raises(game.IllegalAction) as refused:
            act(state, kind, 20, seat=other)
        assert refused.value.code == "not_your_turn"


def test_fr_has_no_continue_or_hand_over() -> None:
    state = new_game(rules="fr")
    start(state, 0)
    win_round(state, 1)
    with pytest.raises(game.IllegalAction) as refused:
        act(state, "continue", 20)
    assert refused.value.code == "wrong_phase"


def test_en_time_carried_over_rounds_two_to_three_too() -> None:
    state = new_game(rules="en")
    play_to_round(state, 2)
    start(state, 0)
    win_round(state, 1)
    assert state.phase == "round_won" and state.round == 3
    act(state, "continue", 5, seat=state.deciders()[0])
    assert state.phase == "waiting"  # no read-back after round 2


# Row 4: gestures in round 1.


@pytest.mark.parametrize(
    ("rules", "option", "key"),
    [
        ("fr", None, "talk_no_gestures"),
        ("fr", True, "talk"),
        ("en", None, "talk"),
        ("en", False, "talk_no_gestures"),
    ],
)
def test_gestures_in_round1_by_rule_set_and_option(rules: str, option: bool | None,
                                                   key: str) -> None:
    state = new_game(rules=rules, gestures_round1=option)
    view = game.view(state, 0)
    assert view["constraint"]["key"] == f"{rules}.{key}"
    assert view["constraint"]["text"]


# Row 5: what the cluegiver may do follows the rule set, never the pack's language.

# Words that must (or must not) appear in each rule set's constraints, by rule set and kind, in
# either language: en allows rhymes, singing and pointing in round 1; fr bans translations,
# humming in round 3, and its 4th round allows a drawing.
RULE_WORDS = {
    ("en", "talk"): ({"en": ["rhymes", "sing", "point"], "fr": ["rime", "chanter", "montrer"]},
                     {"en": ["translation"], "fr": ["traduction"]}),
    ("en", "talk_no_gestures"): ({"en": ["rhymes", "sing"], "fr": ["rime", "chanter"]},
                                 {"en": ["translation"], "fr": ["traduction"]}),
    ("fr", "talk"): ({"en": ["translation"], "fr": ["traduction"]},
                     {"en": ["sing", "rhymes"], "fr": ["chanter", "rime"]}),
    ("fr", "talk_no_gestures"): ({"en": ["translation"], "fr": ["traduction"]},
                                 {"en": ["sing", "rhymes"], "fr": ["chanter", "rime"]}),
    ("fr", "mime"): ({"en": ["no humming"], "fr": ["sans fredonner"]}, {}),
    ("en", "mime"): ({}, {"en": ["humming"], "fr": ["fredonner"]}),
    ("fr", "one_gesture"): ({"en": ["drawing"], "fr": ["dessin"]}, {}),
    ("en", "one_gesture"): ({}, {"en": ["drawing"], "fr": ["dessin"]}),
}
ROUND_OF = {"talk": 1, "talk_no_gestures": 1, "mime": 3, "one_gesture": 4}


def _says(text: str, word: str) -> bool:
    return re.search(rf"\b{word}", text, re.IGNORECASE) is not None


def says_all(text: str, words: list[str]) -> bool:
    return all(_says(text, word) for word in words)


def says_none(text: str, words: list[str]) -> bool:
    return not any(_says(text, word) for word in words)


@pytest.mark.parametrize(("rules", "kind"), sorted(RULE_WORDS))
@pytest.mark.parametrize("pack", ["fr-words", "en-words", "players"])
def test_round_constraint_is_the_rule_sets_whatever_the_pack(rules: str, kind: str,
                                                             pack: str) -> None:
    options = {"rules": rules, "fourth_round": True, "gestures_round1": kind == "talk"}
    state = (new_game(**options) if pack == "players"
             else game.setup(4, {**options, "pack": pack}, 1))
    state.round = ROUND_OF[kind]
    constraint = game.view(state, 0)["constraint"]
    assert constraint["key"] == f"{rules}.{kind}"
    must, never = RULE_WORDS[rules, kind]
    language = state.settings.language
    assert says_all(constraint["text"], must.get(language, []))
    assert says_none(constraint["text"], never.get(language, []))


TEXTS = Path(__file__).parents[2] / "src/tictac/web/static/texts"  # the game's words, per language


@pytest.mark.parametrize("viewer", ["en", "fr"])
def test_client_catalogs_say_each_rule_sets_constraints_in_the_viewers_language(
        viewer: str) -> None:
    catalog = json.loads((TEXTS / f"times-up.{viewer}.json").read_text())
    for (rules, kind), (must, never) in RULE_WORDS.items():
        text = catalog[f"tu.constraint.{rules}.{kind}"]
        assert says_all(text, must.get(viewer, [])), (rules, kind)
        assert says_none(text, never.get(viewer, [])), (rules, kind)
