"""The clock belongs to the game state: a deadline from `start`, nothing counts from the
deadline on, `time_up` only once it has passed."""

from __future__ import annotations

import pytest

from tictac.engine import IllegalAction, Rng
from tictac.games import times_up as game

from .support import TURN_MS, act, new_game, play_to_round, start

START = 5_000
DEADLINE = START + TURN_MS


def running(round_no: int = 1, **options: object) -> game.State:
    state = new_game(**options)
    play_to_round(state, round_no)
    start(state, START)
    return state


def test_start_sets_the_deadline_from_now() -> None:
    state = running()
    assert state.deadline == DEADLINE
    assert game.deadline(state) == DEADLINE
    view = game.view(state, None)
    assert view["clock"]["deadline_ms"] == DEADLINE
    assert view["clock"]["now_ms"] == START


def test_no_deadline_while_no_turn_runs() -> None:
    state = new_game()
    assert game.deadline(state) is None
    assert game.timeout_action(state) is None


def test_timeout_action_is_time_up_called_by_the_timekeeper() -> None:
    state = running()
    assert game.timeout_action(state) == (state.timekeeper(), {"type": "time_up"})


def test_found_one_ms_before_the_deadline_counts() -> None:
    state = running()
    card = state.in_hand
    act(state, "found", DEADLINE - 1)
    assert state.found[0][state.team] == [card]


@pytest.mark.parametrize("late", [DEADLINE, DEADLINE + 1, DEADLINE + 500])
def test_found_at_or_after_the_deadline_is_refused_time_is_up(late: int) -> None:
    state = running()
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        act(state, "found", late)
    assert refused.value.code == "time_is_up"
    assert state == before


def test_a_typed_guess_one_ms_late_does_not_count_even_if_right() -> None:
    state = running()
    assert state.in_hand is not None
    name = state.faces[state.in_hand].name
    guesser = state.guessers()[0]
    with pytest.raises(IllegalAction) as refused:
        act(state, "guess", DEADLINE + 1, seat=guesser, text=name)
    assert refused.value.code == "time_is_up"
    act(state, "guess", DEADLINE - 1, seat=guesser, text=name)
    assert len(state.found[0][state.team]) == 1


@pytest.mark.parametrize("kind", ["pass", "wrong", "foul"])
def test_round2_marks_one_ms_late_are_refused_one_ms_early_accepted(kind: str) -> None:
    state = running(round_no=2)
    with pytest.raises(IllegalAction) as refused:
        act(state, kind, DEADLINE + 1)
    assert refused.value.code == "time_is_up"
    act(state, kind, DEADLINE - 1)
    assert len(state.set_aside) == 1


def test_time_up_before_the_deadline_is_refused_too_early() -> None:
    state = running()
    with pytest.raises(IllegalAction) as refused:
        act(state, "time_up", DEADLINE - 1, seat=state.timekeeper())
    assert refused.value.code == "too_early"
    act(state, "time_up", DEADLINE + 1, seat=state.timekeeper())
    assert state.phase == "waiting"
    assert game.deadline(state) is None


def test_turn_length_option_in_five_second_steps() -> None:
    state = new_game(turn_seconds=45)
    start(state, 0)
    assert state.deadline == 45_000
    with pytest.raises(IllegalAction) as refused:
        new_game(turn_seconds=42)
    assert refused.value.code == "bad_option"


@pytest.mark.parametrize(
    ("pack", "seconds"),
    [("fr-personalities", 30), ("en-personalities", 30), ("fr-words", 45), ("en-words", 45),
     ("players", 30)],
)
def test_default_turn_length_by_pack(pack: str, seconds: int) -> None:
    state = game.setup(4, {"pack": pack}, 1)
    assert state.settings.turn_ms == seconds * 1000


def test_auto_actions_for_the_rooms_turn_timers() -> None:
    rng = Rng(1)
    written = game.setup(4, {"pack": "players"}, 1)
    assert game.auto_action(written, 0, rng) is None  # nobody's names are invented
    dealt = game.setup(4, {"pack": "en-words"}, 1)
    pick = game.auto_action(dealt, 2, rng)
    assert pick is not None and pick["type"] == "discard"
    game.apply(dealt, 2, pick, 0)
    assert game.auto_action(dealt, 2, rng) is None  # already discarded
    state = new_game(rules="en")
    assert game.auto_action(state, state.cluegiver(), rng) == {"type": "start"}
    assert game.auto_action(state, state.guessers()[0], rng) is None
    start(state)
    assert game.auto_action(state, state.cluegiver(), rng) is None  # the game's own clock
    while state.phase == "running":
        act(state, "found", 10)
    assert game.auto_action(state, state.deciders()[1], rng) == {"type": "continue"}
    act(state, "continue", 20, seat=state.deciders()[0])
    assert game.auto_action(state, 3, rng) == {"type": "ready"}
