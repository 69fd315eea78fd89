"""Gone players, in the game itself (issue 19, item 1; docs/rulings.md, "Gone players"): a card
is won when the guessers say the name (fr "Dès que le nom et le prénom sont trouvés", en "If
the Guessers call out the correct name"), so nothing is ever won for a gone player: their turn
passes to the next teammate in the rotation ("each member in turn"), a team with nobody here is
skipped, and the deck is made from the names written."""

from __future__ import annotations

import pytest

from tictac.engine import IllegalAction, LoggedAction, Rng, SetupArgs, replay
from tictac.games import times_up as game
from tictac.games.times_up.stats import turn_finds

from .support import TURN_MS, act, new_game, start

# Teams of three, so a turn can pass on twice: team 1 is seats 0, 1, 2; team 2 seats 3, 4, 5.
TRIOS = {"teams": [[0, 1, 2], [3, 4, 5]]}


def refused(state: game.State, seat: int, action: dict[str, object]) -> str:
    before = state.clone()
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, seat, action, 0)
    assert state == before
    return caught.value.code


def test_a_gone_cluegivers_turn_passes_to_the_next_present_teammate() -> None:
    state = new_game(6, **TRIOS)
    assert state.cluegiver() == 0
    # Seat 1, next in turn, is gone too: the room passes to seat 2.
    action = game.absent_action(state, 0, {2, 3, 4, 5}, Rng(0))
    assert action == {"type": "pass_turn", "to": 2}
    events = act(state, "pass_turn", 0, to=2)
    assert events == [{"type": "turn_passed", "team": 0, "from": 0, "to": 2}]
    assert state.cluegiver() == 2 and state.phase == "waiting"
    assert game.view(state, 3)["absence"] == {"kind": "passed", "team": 0, "from": 0, "to": 2}
    # The rotation goes on from the one who played: next time team 1 plays, seat 0 gives clues.
    start(state)
    act(state, "found", 10)
    act(state, "time_up", TURN_MS, seat=state.timekeeper())
    assert game.view(state, 3)["absence"] is None  # the news is over with the turn
    start(state, TURN_MS)
    act(state, "time_up", 2 * TURN_MS, seat=state.timekeeper())
    assert state.team == 0 and state.cluegiver() == 0
    assert sum(state.team_scores()) == 1  # the one card seat 2's guessers found


def test_a_running_turn_passes_on_with_its_card_and_its_clock() -> None:
    state = new_game(6, **TRIOS)
    start(state)
    card, deadline = state.in_hand, state.deadline
    act(state, "pass_turn", 1000, to=1)
    assert (state.phase, state.in_hand, state.deadline) == ("running", card, deadline)
    assert game.view(state, 1)["card"] is not None and game.view(state, 0)["card"] is None
    act(state, "found", 2000)
    # The end story credits the card to the cluegiver who gave the clues for it.
    assert [(turn["seat"], turn["found"]) for turn in turn_finds(state)] == [(0, 0), (1, 1)]


def test_a_team_with_nobody_here_is_skipped_and_nothing_is_won() -> None:
    state = new_game(4)
    start(state)
    in_deck = len(state.deck) + 1
    assert game.absent_action(state, 0, {2, 3}, Rng(0)) == {"type": "skip_team"}
    events = act(state, "skip_team", 5000)
    assert events == [{"type": "turn_ended", "team": 0, "reason": "skipped"}]
    assert state.phase == "waiting" and state.team == 1 and len(state.deck) == in_deck
    assert state.team_scores() == [0, 0]
    assert game.view(state, 2)["absence"] == {"kind": "skipped", "team": 0, "from": 0}


def test_a_gone_timekeeper_or_guesser_changes_nothing() -> None:
    state = new_game(4)
    start(state)
    for seat in (state.timekeeper(), *state.guessers()):
        assert game.absent_action(state, seat, {0}, Rng(0)) is None


def test_only_the_cluegivers_turn_passes_and_only_to_a_teammate() -> None:
    state = new_game(4)
    assert refused(state, 1, {"type": "pass_turn", "to": 0}) == "not_your_turn"
    assert refused(state, 0, {"type": "pass_turn", "to": 2}) == "bad_field"
    assert refused(state, 0, {"type": "pass_turn", "to": True}) == "bad_field"
    assert refused(state, 0, {"type": "pass_turn"}) == "missing_field"
    assert "pass_turn" not in {action["type"] for action in game.legal_actions(state, 0)}


def test_writing_closes_on_the_names_written_and_makes_none_up() -> None:
    state = game.setup(4, {"pack": "players", "names_per_player": 2}, 1)
    assert refused(state, 0, {"type": "close_writing"}) == "nothing_written"
    game.apply(state, 0, {"type": "write", "names": ["Ada Lovelace", "Alan Turing"]}, 0)
    assert game.view(state, 1)["names_written"] == 2
    # Seat 1 is still here to write: the room waits for them.
    assert game.absent_action(state, 2, {0, 1}, Rng(0)) is None
    assert game.absent_action(state, 2, {0}, Rng(0)) == {"type": "close_writing"}
    events = game.apply(state, 0, {"type": "close_writing"}, 0)[1]
    assert events[0] == {"type": "writing_closed", "missing": [1, 2, 3]}
    assert state.phase == "waiting"
    assert sorted(state.faces[card].name for card in state.deck) == ["Ada Lovelace",
                                                                   "Alan Turing"]


def test_the_room_moves_replay_to_the_same_state() -> None:
    setup = SetupArgs(6, {"pack": "players", "names_per_player": 2, **TRIOS}, 7)
    state = game.setup(setup.players, setup.options, setup.seed)
    log = [LoggedAction(seat, {"type": "write", "names": [f"Name {seat} {i}" for i in (1, 2)]},
                        0) for seat in (0, 3, 4)]
    log += [LoggedAction(0, {"type": "close_writing"}, 0),
            LoggedAction(0, {"type": "pass_turn", "to": 1}, 10),
            LoggedAction(1, {"type": "start"}, 20),
            LoggedAction(1, {"type": "skip_team"}, 30)]
    for entry in log:
        game.apply(state, entry.seat, entry.action, entry.now_ms)
    assert replay(game, setup, log) == state
    assert state.team == 1 and state.team_scores() == [0, 0]
