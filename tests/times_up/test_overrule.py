"""The cluegiver overrules a typed guess's verdict during the turn, as the people at a table
would: accept a guess the checker refused, take back one it accepted (docs/rulings.md, "Who judges",
has the game check typed guesses itself; the last word at the table is the project's decision,
docs/games/times-up.md). Logged like any action, so a replay gives the same game."""

from __future__ import annotations

import pytest

from tictac.engine import IllegalAction, LoggedAction, Rng, SetupArgs, replay
from tictac.games import times_up as game
from tictac.games.times_up.state import State
from tictac.games.times_up.turns import CHECK_MS

from .support import TURN_MS, act, name_in_hand, new_game, play_to_round, start


def guess(state: State, text: str, now: int) -> list[dict[str, object]]:
    return act(state, "guess", now, seat=state.guessers()[0], text=text)


def overrule(state: State, index: int, now: int) -> list[dict[str, object]]:
    return act(state, "overrule", now, guess=index)


def refused(state: State, action: dict[str, object], seat: int, now: int = 50) -> str:
    before = state.clone()
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, seat, action, now)
    assert state == before
    return caught.value.code


def test_round1_cluegiver_accepts_a_refused_guess_and_the_card_is_won() -> None:
    state = new_game()
    start(state)
    card = state.in_hand
    guess(state, "Card A one", 10)  # the checker cannot know the table meant "Card A1"
    assert state.in_hand == card and state.guesses[0].right is False
    events = overrule(state, 0, 20)
    assert state.found[-1][0] == [card] and state.in_hand not in (None, card)
    assert events[0] == {"type": "overruled", "seat": 0, "guess": 0, "right": True}
    assert events[1]["type"] == "card_found" and events[1]["card"] == card
    view = game.view(state, None)
    assert view["guesses"][0] == {"index": 0, "seat": 1, "text": "Card A one", "right": True,
                                  "overruled": True}
    assert view["teams"][0]["score"] == 1


def test_round1_cluegiver_takes_back_an_accepted_guess_and_holds_the_card_again() -> None:
    state = new_game()
    start(state)
    card = state.in_hand
    guess(state, name_in_hand(state), 10)
    drawn, deck = state.in_hand, state.deck[:]
    assert state.found[-1][0] == [card]
    events = overrule(state, 0, 20)
    assert events == [{"type": "overruled", "seat": 0, "guess": 0, "right": False}]
    assert state.found[-1][0] == [] and state.in_hand == card
    assert state.deck == [*deck, drawn]  # the card drawn since goes back on top


def test_rounds_2_3_a_refusal_sets_the_card_aside_and_the_overrule_undoes_it() -> None:
    """Rounds 2 and 3: one guess a card, so a refused guess sets the card aside at once; the
    overrule must still be able to win it within the turn."""
    state = new_game()
    play_to_round(state, 2)
    start(state)
    card, team = state.in_hand, state.team
    guess(state, "not quite the name", 10)
    assert state.set_aside == [card] and state.in_hand != card
    in_hand = state.in_hand
    events = overrule(state, 0, 20)
    assert state.set_aside == [] and state.found[-1][team] == [card]
    assert state.in_hand == in_hand  # the cluegiver goes on with the card they hold
    assert events[-1]["type"] == "card_found"


def test_rounds_2_3_taking_back_an_accepted_guess_sets_its_card_aside() -> None:
    state = new_game()
    play_to_round(state, 2)
    start(state)
    card, team = state.in_hand, state.team
    guess(state, name_in_hand(state), 10)
    events = overrule(state, 0, 20)
    assert state.found[-1][team] == [] and state.set_aside == [card]
    assert events[-1] == {"type": "card_set_aside", "reason": "overruled"}


def test_a_verdict_is_overruled_once_and_only_while_its_card_waits() -> None:
    state = new_game()
    start(state)
    guess(state, "nobody", 10)
    act(state, "found", 15)  # the cluegiver moved on: that card is won already
    assert refused(state, {"type": "overrule", "guess": 0}, state.cluegiver()) == \
        "cannot_overrule"
    guess(state, name_in_hand(state), 20)
    overrule(state, 1, 25)
    assert refused(state, {"type": "overrule", "guess": 1}, state.cluegiver()) == \
        "cannot_overrule"


def test_only_the_cluegiver_overrules_during_the_turn_and_bad_input_is_refused() -> None:
    state = new_game()
    start(state)
    guess(state, "nobody", 10)
    giver, guesser, keeper = state.cluegiver(), state.guessers()[0], state.timekeeper()
    for seat in (guesser, keeper):
        assert refused(state, {"type": "overrule", "guess": 0}, seat) == "not_your_turn"
    assert refused(state, {"type": "overrule"}, giver) == "missing_field"
    for bad in (1, -1, True, "0", None):
        assert refused(state, {"type": "overrule", "guess": bad}, giver) == "bad_field"
    assert refused(state, {"type": "overrule", "guess": 0}, giver, TURN_MS) == "time_is_up"
    act(state, "time_up", TURN_MS, seat=keeper)
    assert refused(state, {"type": "overrule", "guess": 0}, giver) == "wrong_phase"


def test_the_cluegiver_is_offered_each_verdict_that_can_still_be_overruled() -> None:
    state = new_game()
    start(state)
    guess(state, "nobody", 10)
    guess(state, "somebody", 11)
    giver = state.cluegiver()
    offered = [a for a in game.legal_actions(state, giver) if a["type"] == "overrule"]
    assert offered == [{"type": "overrule", "guess": 0}, {"type": "overrule", "guess": 1}]
    assert all(a["type"] != "overrule" for a in game.legal_actions(state, state.guessers()[0]))


def test_a_game_with_overrules_replays_to_the_same_state() -> None:
    args = SetupArgs(players=4, options={"pack": "fr-personalities", "rules": "en"}, seed=7)
    state = game.setup(args.players, args.options, args.seed)
    log: list[LoggedAction] = []

    def send(seat: int, action: dict[str, object], now: int) -> None:
        game.apply(state, seat, action, now)
        log.append(LoggedAction(seat, action, now))

    for seat in range(4):
        send(seat, {"type": "discard", "cards": state.dealt[seat][:2]}, 0)
    send(state.cluegiver(), {"type": "start"}, 100)
    guesser = state.guessers()[0]
    send(guesser, {"type": "guess", "text": "quelqu'un"}, 200)
    send(state.cluegiver(), {"type": "overrule", "guess": 0}, 300)
    assert state.in_hand is not None
    send(guesser, {"type": "guess", "text": state.faces[state.in_hand].name}, 400)
    send(state.cluegiver(), {"type": "overrule", "guess": 1}, 500)
    assert replay(game, args, log) == state
    assert sum(len(cards) for cards in state.found[-1]) == 1


# The deck's last card (issue 19, item 3; docs/rulings.md, "Who judges"): a typed verdict that
# empties the deck does not end the turn or the round at once; the clock stops in "last_card"
# until the cluegiver confirms it or overrules it, as on any other card.


def to_the_last_card(state: State, now: int = 10) -> int:
    """The cluegiver taps every card found but the last: the time of the last tap."""
    while len(state.deck) > 0:
        act(state, "found", now)
        now += 10
    return now


def test_round1_an_accepted_last_card_waits_and_the_cluegiver_takes_it_back() -> None:
    state = new_game()
    start(state)
    now = to_the_last_card(state)
    card = state.in_hand
    events = guess(state, name_in_hand(state), now)
    assert state.phase == "last_card" and state.round == 1
    assert events[-1] == {"type": "last_card", "deadline": now + CHECK_MS}
    assert game.to_act(state) == [state.cluegiver()]
    assert game.legal_actions(state, state.cluegiver()) == [
        {"type": "confirm"}, {"type": "overrule", "guess": 0}]
    assert game.legal_actions(state, state.guessers()[0]) == []
    assert refused(state, {"type": "guess", "text": "x"}, state.guessers()[0]) == "wrong_phase"
    left = TURN_MS - now
    overrule(state, 0, now + 5_000)  # five seconds to think: the clock stood still
    assert state.phase == "running" and state.in_hand == card
    assert state.deadline == now + 5_000 + left
    assert card not in state.found[-1][0]


def test_round1_a_confirmed_last_card_ends_the_round() -> None:
    state = new_game()
    start(state)
    now = to_the_last_card(state)
    guess(state, name_in_hand(state), now)
    events = act(state, "confirm", now + 1000)
    assert events[0] == {"type": "confirmed", "seat": 0}
    assert {"type": "round_ended", "round": 1, "scores": [12, 0]} in events
    assert state.phase == "readback"


def test_round2_a_refused_last_card_is_counted_by_the_cluegiver_and_the_round_ends() -> None:
    state = new_game()
    play_to_round(state, 2)
    start(state, 0)
    now = to_the_last_card(state)
    guess(state, "not the card", now)
    assert state.phase == "last_card" and state.set_aside
    events = overrule(state, 0, now + 2000)
    assert {"type": "round_ended", "round": 2, "scores": [0, 12]} in events  # team 1's turn
    assert state.round == 3


def test_the_verdicts_stand_when_the_cluegiver_lets_the_check_time_pass() -> None:
    """The room sends the game's timeout action: the cluegiver's confirm, never an overrule
    (nor does a stand-in's automatic move overrule: only the cluegiver judges)."""
    state = new_game(rules="en")
    start(state)
    now = to_the_last_card(state)
    guess(state, name_in_hand(state), now)
    assert game.deadline(state) == now + CHECK_MS
    assert game.auto_action(state, state.cluegiver(), Rng(1)) == {"type": "confirm"}
    seat, action = game.timeout_action(state)
    assert (seat, action) == (state.cluegiver(), {"type": "confirm"})
    game.apply(state, seat, action, now + CHECK_MS)
    # en: the team carries the time it had when the last card was won, not less
    assert state.phase == "round_won" and state.time_left == TURN_MS - now


def test_without_typed_guesses_the_last_card_ends_the_round_at_once() -> None:
    state = new_game()
    start(state)
    now = to_the_last_card(state)
    act(state, "found", now)
    assert state.phase == "readback"
