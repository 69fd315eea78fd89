"""Typed guesses are bounded (issue 20, item 2: one guesser on 4 sockets made 953 guesses in 41 s
and every view carried them all). A rule of the game (docs/rulings.md, "Typed guesses"): a card
takes at most MAX_GUESSES_PER_CARD typed guesses and a turn MAX_GUESSES_PER_TURN, refused with
`too_many_guesses`. Views show the latest GUESS_TAIL guesses and count the rest, except that the
cluegiver still sees every guess whose verdict they may overrule."""

from __future__ import annotations

import json

import pytest

from tictac.engine import IllegalAction, LoggedAction, SetupArgs, replay
from tictac.games import times_up as game
from tictac.games.times_up.errors import TOO_MANY_GUESSES
from tictac.games.times_up.state import State
from tictac.games.times_up.turns import MAX_GUESSES_PER_CARD, MAX_GUESSES_PER_TURN
from tictac.games.times_up.views import GUESS_TAIL

from .support import act, name_in_hand, new_game, start


def guess(state: State, text: str, now: int = 10) -> list[dict[str, object]]:
    return act(state, "guess", now, seat=state.guessers()[0], text=text)


def refused_guess(state: State, text: str = "one more") -> IllegalAction:
    before = state.clone()
    with pytest.raises(IllegalAction) as caught:
        guess(state, text)
    assert state == before
    return caught.value


def guess_kinds(state: State) -> list[str]:
    return [action["type"] for action in game.legal_actions(state, state.guessers()[0])]


def test_a_card_takes_a_bounded_number_of_typed_guesses_then_the_next_card_takes_more() -> None:
    state = new_game(names=10)
    start(state)
    for number in range(MAX_GUESSES_PER_CARD):
        guess(state, f"wrong {number}")
    assert guess_kinds(state) == []  # no guess template: bots and clients stop offering it
    refusal = refused_guess(state)
    assert refusal.code == TOO_MANY_GUESSES and "card" in refusal.message
    act(state, "found", 20)  # the next card takes guesses again
    assert guess_kinds(state) == ["guess"]
    guess(state, "a fresh try")


def test_a_turn_takes_a_bounded_number_of_typed_guesses() -> None:
    state = new_game(names=10)
    start(state)
    while len(state.guesses) < MAX_GUESSES_PER_TURN:
        for number in range(min(MAX_GUESSES_PER_CARD - 1,
                                MAX_GUESSES_PER_TURN - len(state.guesses))):
            guess(state, f"wrong {number}")
        if len(state.guesses) < MAX_GUESSES_PER_TURN:
            act(state, "found", 20)
    assert state.phase == "running"
    refusal = refused_guess(state, name_in_hand(state))  # even the right name: the turn is full
    assert refusal.code == TOO_MANY_GUESSES and "turn" in refusal.message
    act(state, "time_up", 30_000, seat=state.timekeeper())
    start(state, 31_000)  # the next turn starts afresh
    guess(state, "wrong again", 31_010)


def test_views_hold_the_latest_guesses_and_count_the_rest() -> None:
    state = new_game(names=10)
    start(state)
    for number in range(MAX_GUESSES_PER_CARD - 1):
        guess(state, f"first card {number}")
    act(state, "found", 20)
    for number in range(10):
        guess(state, f"second card {number}")
    total = len(state.guesses)
    for seat in [None, *range(state.players)]:
        view = game.view(state, seat)
        if seat == state.cluegiver():
            continue
        assert [entry["index"] for entry in view["guesses"]] == list(
            range(total - GUESS_TAIL, total))
        assert view["earlier_guesses"] == total - GUESS_TAIL
        assert view["guesses"][-1] == {"index": total - 1, "seat": state.guessers()[0],
                                       "text": "second card 9", "right": False,
                                       "overruled": False}


def test_the_cluegiver_still_sees_and_may_overrule_a_verdict_older_than_the_tail() -> None:
    state = new_game(names=10)
    start(state)
    won = state.in_hand
    guess(state, name_in_hand(state))  # guess 0 wins the card: its verdict may be taken back
    for card in range(2):
        for number in range(MAX_GUESSES_PER_CARD - 1):
            guess(state, f"wrong {card} {number}")
        if card == 0:
            act(state, "found", 20)
    giver = game.view(state, state.cluegiver())
    assert len(state.guesses) > GUESS_TAIL + 1
    shown = [entry["index"] for entry in giver["guesses"]]
    assert 0 in shown and 0 not in [e["index"] for e in game.view(state, None)["guesses"]]
    assert set(shown) >= {action["guess"] for action in giver["legal"]
                          if action["type"] == "overrule"}
    assert giver["earlier_guesses"] == len(state.guesses) - len(shown)
    act(state, "overrule", 25, guess=0)  # taken back: the card is in hand again
    assert state.in_hand == won


def test_a_guess_event_carries_the_new_guess_only() -> None:
    state = new_game(names=10)
    start(state)
    for number in range(MAX_GUESSES_PER_CARD - 1):
        guess(state, f"wrong {number}")
    events = guess(state, "the newest")
    assert events == [{"type": "guess", "seat": state.guessers()[0], "text": "the newest",
                       "right": False}]


def test_the_caps_are_rules_a_replay_keeps() -> None:
    """The refusals depend on the game alone, so a game replayed from its log is the same game
    and refuses the same guesses."""
    options = {"pack": "players", "names_per_player": 3, "teams": [[0, 1], [2, 3]]}
    setup = SetupArgs(4, options, 5)
    state = game.setup(4, options, 5)
    log = []
    for seat in range(4):
        action = {"type": "write", "names": [f"Card {seat} {i}" for i in range(3)]}
        game.apply(state, seat, action, 0)
        log.append(LoggedAction(seat, action, 0))
    log.append(LoggedAction(state.cluegiver(), {"type": "start"}, 0))
    game.apply(state, state.cluegiver(), {"type": "start"}, 0)
    for number in range(MAX_GUESSES_PER_CARD):
        action = {"type": "guess", "text": f"wrong {number}"}
        game.apply(state, state.guessers()[0], action, 10)
        log.append(LoggedAction(state.guessers()[0], action, 10))
    again = replay(game, setup, log)
    assert json.dumps(game.view(again, None)) == json.dumps(game.view(state, None))
    with pytest.raises(IllegalAction) as caught:
        game.apply(again, again.guessers()[0], {"type": "guess", "text": "more"}, 20)
    assert caught.value.code == TOO_MANY_GUESSES
