"""Rules common to both rule sets: what each round allows, who may do what, set-aside cards,
the end of a turn and of a round, scoring, the read-back, the winner."""

from __future__ import annotations

import pytest

from tictac.engine import IllegalAction
from tictac.games import times_up as game

from .support import (
    TURN_MS,
    act,
    everyone_ready,
    name_in_hand,
    new_game,
    play_to_round,
    start,
    win_round,
)

BOTH = pytest.mark.parametrize("rules", ["fr", "en"])


def refused(state: game.State, kind: str, now: int, seat: int | None = None,
            **fields: object) -> str:
    before = state.clone()
    with pytest.raises(IllegalAction) as caught:
        act(state, kind, now, seat=seat, **fields)
    assert state == before
    return caught.value.code


@BOTH
def test_round1_no_passing(rules: str) -> None:
    state = new_game(rules=rules)
    start(state)
    assert refused(state, "pass", 10) == "not_in_this_round"
    assert {"type": "pass"} not in game.legal_actions(state, state.cluegiver())


@BOTH
def test_round1_unlimited_guesses_a_wrong_one_keeps_the_card(rules: str) -> None:
    state = new_game(rules=rules)
    start(state)
    card = state.in_hand
    guesser = state.guessers()[0]
    for attempt in range(5):
        act(state, "guess", 10 + attempt, seat=guesser, text=f"nobody {attempt}")
    assert state.in_hand == card and state.set_aside == []
    assert refused(state, "wrong", 20) == "not_in_this_round"
    act(state, "guess", 30, seat=guesser, text=name_in_hand(state))
    assert state.found[0][state.team] == [card]


@BOTH
@pytest.mark.parametrize("mark", ["pass", "wrong"])
def test_round2_pass_or_wrong_marked_by_the_cluegiver_sets_the_card_aside(
    rules: str, mark: str
) -> None:
    state = new_game(rules=rules)
    play_to_round(state, 2)
    start(state)
    card = state.in_hand
    act(state, mark, 10)
    assert state.set_aside == [card] and state.in_hand not in (None, card)


@BOTH
def test_round2_one_guess_per_card_the_first_wrong_guess_costs_the_card(rules: str) -> None:
    state = new_game(6, rules=rules, teams=[[0, 1, 2], [3, 4, 5]])
    play_to_round(state, 2)
    start(state)
    card = state.in_hand
    first, second = state.guessers()
    act(state, "guess", 10, seat=first, text="somebody else")
    assert state.set_aside == [card]
    # the teammate's right answer, said just after, is for a card no longer in play
    act(state, "guess", 11, seat=second, text=state.faces[card].name)
    assert card not in state.found[1][state.team]


@BOTH
@pytest.mark.parametrize("round_no", [2, 3])
def test_rounds_2_and_3_a_foul_costs_only_the_card(rules: str, round_no: int) -> None:
    state = new_game(rules=rules)
    play_to_round(state, round_no)
    team = state.team
    start(state)
    card = state.in_hand
    act(state, "foul", 10, seat=state.timekeeper())
    assert state.phase == "running" and state.team == team
    assert state.set_aside == [card]


@BOTH
def test_set_aside_cards_are_shuffled_back_at_the_end_of_the_turn(rules: str) -> None:
    """Both rule books: cards set aside by passes, fouls or wrong guesses are shuffled back into
    the deck at the end of the turn. Over a dozen games the five set-aside cards are back every
    time, and not always stacked in the order they were set aside on the old deck."""
    kept_order = []
    for seed in range(12):
        state = new_game(rules=rules, seed=seed)
        play_to_round(state, 2)
        start(state)
        for now in range(10, 15):
            act(state, "pass", now)
        aside, rest, card = state.set_aside[:], state.deck[:], state.in_hand
        act(state, "time_up", TURN_MS)
        assert state.set_aside == [] and len(state.deck) == 12
        assert sorted(state.deck) == sorted([*rest, *aside, card])
        without_hand = [c for c in state.deck if c != card]
        kept_order.append(without_hand == [*rest, *aside])
    assert not all(kept_order)


@BOTH
def test_emptying_the_deck_ends_the_turn_without_going_back_to_set_aside_cards(
    rules: str,
) -> None:
    state = new_game(rules=rules)
    play_to_round(state, 2)
    team = state.team
    start(state)
    act(state, "pass", 10)
    events = []
    now = 11
    while state.phase == "running":
        events += act(state, "found", now)
        now += 1
    assert {"type": "turn_ended", "team": team, "reason": "deck_empty"} in events
    assert state.round == 2 and state.team != team
    assert len(state.deck) == 1 and state.in_hand is None


@BOTH
def test_the_round_ends_when_every_card_is_won(rules: str) -> None:
    state = new_game(rules=rules)
    start(state)
    events = win_round(state, 1)
    assert {"type": "round_ended", "round": 1, "scores": [12, 0]} in events
    assert state.round == 2


@BOTH
def test_the_same_deck_every_round_reshuffled(rules: str) -> None:
    state = new_game(rules=rules)
    first = state.deck[:]
    play_to_round(state, 2)
    second = state.deck[:]
    play_to_round(state, 3)
    assert sorted(first) == sorted(second) == sorted(state.deck)
    assert first != second or second != state.deck


@BOTH
def test_time_up_in_round1_keeps_what_was_found(rules: str) -> None:
    state = new_game(rules=rules)
    start(state)
    act(state, "found", 10)
    act(state, "found", 20)
    act(state, "time_up", TURN_MS)
    assert len(state.found[0][0]) == 2 and len(state.deck) == 10


@BOTH
def test_scoring_one_point_a_card_a_round(rules: str) -> None:
    state = new_game(rules=rules)
    start(state)
    for now in range(1, 4):
        act(state, "found", now)
    act(state, "time_up", TURN_MS)
    assert state.team_scores() == [3, 0]
    start(state, TURN_MS + 1)
    win_round(state, TURN_MS + 2)
    assert state.team_scores() == [3, 9]


@BOTH
def test_fouls_passes_and_wrong_guesses_never_cost_points(rules: str) -> None:
    """One point a card, never negative: a turn of fouls, passes and wrong guesses leaves
    every team's score exactly what it was, and the next card found adds one."""
    state = new_game(rules=rules)
    start(state)
    act(state, "found", 5)
    act(state, "foul", 10, seat=state.timekeeper())  # round 1: ends the turn
    play_to_round(state, 2)
    before = state.team_scores()
    start(state)
    team = state.team
    for now, kind in enumerate(["foul", "pass", "wrong", "foul", "pass"], start=10):
        act(state, kind, now, seat=state.timekeeper() if kind == "foul" else None)
    assert state.team_scores() == before
    assert [t["score"] for t in game.view(state, None)["teams"]] == before
    act(state, "found", 20)
    assert state.team_scores() == [s + (t == team) for t, s in enumerate(before)]


@BOTH
def test_readback_after_round1_everyone_confirms_before_round2(rules: str) -> None:
    state = new_game(rules=rules)
    start(state)
    win_round(state, 1)
    if rules == "en":
        act(state, "continue", 5, seat=state.deciders()[0])
    assert state.phase == "readback"
    view = game.view(state, 3)
    assert view["readback"] is True
    read = {view["known"][card]["name"] for team in view["history"][0] for card in team}
    assert len(read) == 12
    for seat in range(3):
        game.apply(state, seat, {"type": "ready"}, 10)
        assert state.phase == "readback"
        with pytest.raises(IllegalAction) as again:
            game.apply(state, seat, {"type": "ready"}, 10)
        assert again.value.code == "already_done"
    assert refused(state, "start", 11) == "wrong_phase"
    game.apply(state, 3, {"type": "ready"}, 12)
    assert state.phase == "waiting" and state.round == 2


@BOTH
def test_no_readback_after_round2(rules: str) -> None:
    state = new_game(rules=rules)
    play_to_round(state, 2)
    start(state)
    win_round(state, 1)
    if rules == "en":
        act(state, "continue", 5, seat=state.deciders()[0])
    assert state.phase == "waiting" and state.round == 3


@BOTH
def test_the_winner_after_round3(rules: str) -> None:
    state = new_game(rules=rules)
    play_to_round(state, 3)
    assert game.outcome(state) is None
    start(state)
    events = win_round(state, 1)
    result = game.outcome(state)
    assert result is not None and state.phase == "over"
    assert events[-1]["type"] == "game_over"
    scores = state.team_scores()
    best = max(scores)
    assert result.winners == sorted(s for t, team in enumerate(state.teams)
                                    if scores[t] == best for s in team)
    assert result.detail["team_scores"] == scores and sum(scores) == 36


@BOTH
def test_the_fourth_round_option_adds_a_one_gesture_round(rules: str) -> None:
    state = new_game(rules=rules, fourth_round=True)
    play_to_round(state, 4)
    assert game.outcome(state) is None
    assert game.view(state, 0)["constraint"]["key"] == f"{rules}.one_gesture"
    start(state)
    act(state, "pass", 10)  # passing allowed as in rounds 2 and 3
    win_round(state, 11)  # the deck runs out: the passed card waits for the next turn
    assert state.phase == "waiting"
    start(state, 100)
    win_round(state, 101)
    assert state.phase == "over" and sum(state.team_scores()) == 48


def test_a_tie_shares_the_win() -> None:
    state = new_game(names=2)  # 8 cards
    for _ in range(3):
        start(state, 0)
        for now in (1, 2, 3, 4):
            act(state, "found", now)
        act(state, "time_up", TURN_MS)
        start(state, TURN_MS)
        win_round(state, TURN_MS + 1)
        if state.phase == "readback":
            everyone_ready(state, TURN_MS + 10)
    result = game.outcome(state)
    assert result is not None
    assert state.team_scores() == [12, 12]
    assert result.winners == [0, 1, 2, 3] and result.detail["team"] == "team 1 & team 2"


def test_the_floating_player_has_their_own_total_beside_the_teams() -> None:
    state = new_game(5, names=2, teams=[[0, 1], [2, 3]], odd_players="float")
    # each round the team playing first wins all 10 cards; rounds 1 and 3 go to team 1
    for _ in range(3):
        start(state, 0)
        win_round(state, 1)
        if state.phase == "readback":
            everyone_ready(state, 10)
    result = game.outcome(state)
    assert result is not None
    assert state.team_scores() == [20, 10]
    # the floater was with team 1 in round 1 (10), team 2 in round 2 (10), team 1 in round 3 (10)
    assert result.detail["floater"] == 4 and result.detail["floater_score"] == 30
    # docs/rulings.md, winners with a floater: the best team always wins; the floater too (30 >= 20)
    assert result.winners == [0, 1, 4] and result.scores[4] == 30
    assert result.detail["winning_teams"] == [0] and result.detail["team"] == "team 1 & floater"


def _finished(found: list[list[int]]) -> game.State:
    """A 5-player game (teams [0, 1], [2, 3], seat 4 floating) over, with `found[r][t]` cards
    won by team t in round r + 1."""
    state = new_game(5, names=2, teams=[[0, 1], [2, 3]], odd_players="float")
    state.found = [[[f"won-{r}-{t}-{i}" for i in range(count)] for t, count in enumerate(row)]
                   for r, row in enumerate(found)]
    state.phase = "over"
    return state


def test_winners_with_a_floater_the_best_team_wins_even_when_the_floater_scores_more() -> None:
    """The issue's game: team 2 (17) beat team 1 (13); the floater made 19 with team 1 in
    rounds 1 and 3 and team 2 in round 2. docs/rulings.md: the team with the most points always
    wins; the floater also wins, their 19 being at least 17."""
    state = _finished([[5, 4], [3, 9], [5, 4]])
    result = game.outcome(state)
    assert result is not None
    assert result.detail["team_scores"] == [13, 17] and result.detail["floater_score"] == 19
    assert result.winners == [2, 3, 4]
    assert result.detail["winning_teams"] == [1]
    assert result.scores == [13, 13, 17, 17, 19]


def test_winners_with_a_floater_below_the_best_team_only_the_team_wins() -> None:
    state = _finished([[2, 4], [1, 9], [2, 4]])  # teams 5 and 17, floater 2 + 9 + 2 = 13
    result = game.outcome(state)
    assert result is not None and result.detail["floater_score"] == 13
    assert result.winners == [2, 3] and result.detail["team"] == "team 2"


def test_winners_with_a_floater_tied_teams_share_the_win_and_a_tying_floater_joins() -> None:
    state = _finished([[5, 5], [5, 5], [5, 5]])  # 15 each, floater 15
    result = game.outcome(state)
    assert result is not None
    assert result.winners == [0, 1, 2, 3, 4] and result.detail["winning_teams"] == [0, 1]


@BOTH
def test_who_may_do_what_during_a_turn(rules: str) -> None:
    state = new_game(rules=rules)
    play_to_round(state, 2)
    start(state)
    giver, keeper = state.cluegiver(), state.timekeeper()
    guesser = state.guessers()[0]
    other = next(s for s in range(4) if s not in (giver, keeper, guesser))
    for seat in (guesser, keeper, other):
        for kind in ("found", "pass", "wrong"):
            assert refused(state, kind, 5, seat=seat) == "not_your_turn"
    for seat in (guesser, other):
        assert refused(state, "foul", 5, seat=seat) == "not_your_turn"
    for seat in (giver, keeper, other):
        assert refused(state, "guess", 5, seat=seat, text="Card A1") == "not_your_turn"
    assert refused(state, "start", 5) == "wrong_phase"


@BOTH
def test_the_cluegiver_or_the_timekeeper_starts_the_turn(rules: str) -> None:
    state = new_game(rules=rules)
    guesser = state.guessers()[0]
    assert refused(state, "start", 0, seat=guesser) == "not_your_turn"
    act(state, "start", 0, seat=state.timekeeper())
    assert state.phase == "running"


def test_marks_outside_a_turn_are_refused() -> None:
    state = new_game()
    for kind in ("found", "pass", "foul", "wrong", "time_up"):
        assert refused(state, kind, 0) == "wrong_phase"
    assert refused(state, "ready", 0) == "wrong_phase"


def test_nothing_after_the_game_is_over() -> None:
    state = new_game()
    play_to_round(state, 3)
    start(state)
    win_round(state, 1)
    assert refused(state, "start", 100) == "game_over"
    assert all(game.legal_actions(state, seat) == [] for seat in range(4))
    assert game.to_act(state) == []


def test_a_guess_needs_text() -> None:
    state = new_game()
    start(state)
    guesser = state.guessers()[0]
    assert refused(state, "guess", 1, seat=guesser) == "missing_field"
    assert refused(state, "guess", 1, seat=guesser, text=5) == "bad_field"
    assert refused(state, "guess", 1, seat=guesser, text=" ... ") == "bad_field"
    assert refused(state, "guess", 1, seat=guesser, text="x" * 101) == "bad_field"


def test_bad_seats_and_unknown_actions() -> None:
    state = new_game()
    for seat in (-1, 4, True):
        with pytest.raises(IllegalAction) as caught:
            game.apply(state, seat, {"type": "start"}, 0)
        assert caught.value.code == "bad_seat"
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, 0, {"type": "skip"}, 0)
    assert caught.value.code == "unknown_action"
