"""Invariants over random games of both rule sets: every card in exactly one place at every
moment, a round ends exactly when every card is won, the card in hand reaches no view but the
cluegiver's, and a replay of the log gives the same game."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from tictac.engine import LoggedAction, SetupArgs, replay
from tictac.games import times_up as game
from tictac.games.times_up.state import State
from tictac.games.times_up.stats import turn_finds

MAX_STEPS = 300


def places(state: State) -> Counter[str]:
    """Every card, counted once for each place it is found in."""
    found = [card for cards in state.found[-1] for card in cards]
    held = [] if state.in_hand is None else [state.in_hand]
    everywhere = [card for cards in state.dealt.values() for card in cards]
    everywhere += [card for cards in state.discards.values() for card in cards]
    return Counter(everywhere + state.deck + held + state.set_aside + found)


def moves(state: State) -> list[tuple[int, dict[str, Any]]]:
    """Every move of every seat; the cluegiver's "found" three times, so rounds do end."""
    out = []
    for seat in range(state.players):
        for action in game.legal_actions(state, seat):
            copies = 3 if action["type"] == "found" else 1
            out += [(seat, action)] * copies
    return out


def filled(state: State, seat: int, action: dict[str, Any], right: bool) -> dict[str, Any]:
    if action["type"] == "write":
        count = state.settings.names_per_player
        return {"type": "write", "names": [f"Player {seat} name {i}" for i in range(count)]}
    if action["type"] == "rewrite":  # a name of its own: the card's number and the time
        card = action["card"].replace("-", " ")
        return {**action, "name": f"Player {seat} {card} at {state.now_ms} {len(state.faces)}"}
    if action["type"] == "guess":
        assert state.in_hand is not None
        return {"type": "guess", "text": state.faces[state.in_hand].name if right else "nobody"}
    return action


def check_screening(state: State) -> None:
    """While the names are screened, a name reaches the screener's view alone, and its writer's
    when it was sent back to them."""
    screening = state.screening
    if screening is None:
        return
    for seat in [*range(state.players), None]:
        text = json.dumps(game.view(state, seat))
        for card, face in state.faces.items():
            shown = (seat == screening.screener and screening.pending[:1] == (card,)) or (
                card in screening.sent_back and card in state.dealt.get(seat, ()))
            assert (json.dumps(face.name) in text) == shown, (seat, card)


def check_views(state: State) -> None:
    check_screening(state)
    giver = state.cluegiver() if state.phase == "running" else None
    for seat in [*range(state.players), None]:
        view = game.view(state, seat)
        if seat is not None and seat == giver:
            assert view["card"]["id"] == state.in_hand
            continue
        assert view["card"] is None
        if state.in_hand is not None and state.round == 1:
            # nothing about a card is public before it is won once (its name may still occur
            # inside other text, say a word in a note, but never as a value of its own)
            text = json.dumps(view)
            assert state.in_hand not in text
            # ...unless a guesser typed it: guesses are public, as spoken ones are (a right
            # guess the cluegiver took back puts its card in hand again)
            said = {g.text for g in state.guesses if g.card == state.in_hand}
            if state.faces[state.in_hand].name not in said:
                assert json.dumps(state.faces[state.in_hand].name) not in text


@settings(max_examples=40)
@given(
    data=st.data(),
    rules=st.sampled_from(["fr", "en"]),
    players=st.integers(4, 7),
    pack=st.sampled_from(["players", "en-words", "fr-personalities"]),
    seed=st.integers(0, 2**32),
)
def test_random_games_keep_every_invariant(
    data: st.DataObject, rules: str, players: int, pack: str, seed: int
) -> None:
    options = {"rules": rules, "pack": pack, "names_per_player": 2, "deck_size": 10,
               "fourth_round": data.draw(st.booleans()),
               "screen_names": data.draw(st.sampled_from(["off", *range(players)]))}
    args = SetupArgs(players=players, options=options, seed=seed)
    state = game.setup(players, options, seed)
    log: list[LoggedAction] = []
    now = 0
    screened = False
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None:
            break
        now += data.draw(st.integers(0, 4_000))
        deadline = game.deadline(state)
        timeout = game.timeout_action(state)
        if deadline is not None and now >= deadline and timeout is not None:
            seat, action = timeout
        else:
            seat, action = data.draw(st.sampled_from(moves(state)))
            action = filled(state, seat, action, data.draw(st.booleans()))
        round_before, deck_size = state.round, len(state.game_deck())
        game.apply(state, seat, action, now)
        log.append(LoggedAction(seat, action, now))

        assert places(state) == Counter(state.faces.keys())  # each card exactly once
        if state.round != round_before or state.phase == "over":
            won = sum(len(cards) for cards in state.found[round_before - 1])
            assert won == deck_size == len(state.game_deck())
        elif state.phase != "last_card":  # there, the last card waits for the cluegiver
            assert sum(len(cards) for cards in state.found[-1]) < max(deck_size, 1)
        check_views(state)
        screened = screened or state.phase == "screen"
    event(f"reached round {state.round}, {state.phase}")
    event("screened the written names" if screened else "no screening")
    # the turns recorded (the end-of-game figures) replay too, and share out every card found
    assert replay(game, args, log) == state
    finds = [turn["found"] for turn in turn_finds(state)]
    assert min(finds, default=0) >= 0
    assert sum(finds) == sum(len(cards) for by_team in state.found for cards in by_team)

