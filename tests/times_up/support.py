"""Shared set-ups for the Time's Up tests: games on a player-written deck whose names the test
knows, and short ways to play a turn."""

from __future__ import annotations

from typing import Any

from tictac.engine import Event
from tictac.games import times_up as game
from tictac.games.times_up.state import State

TURN_MS = 30_000


def names_for(seat: int, count: int) -> list[str]:
    return [f"Card {chr(65 + seat)}{index}" for index in range(1, count + 1)]


def new_game(players: int = 4, seed: int | str = 1, *, names: int = 3, **options: Any) -> State:
    """A game on a player-written deck, every seat's names written, ready for the first turn.
    Teams are placed as pairs (0,1), (2,3), ... unless the options say otherwise."""
    options.setdefault("pack", "players")
    options["names_per_player"] = names
    if "teams" not in options and "odd_players" not in options and players % 2 == 0:
        options["teams"] = [[seat, seat + 1] for seat in range(0, players, 2)]
    state = game.setup(players, options, seed)
    for seat in range(players):
        game.apply(state, seat, {"type": "write", "names": names_for(seat, names)}, 0)
    return state


def act(state: State, kind: str, now: int, seat: int | None = None, **fields: Any) -> list[Event]:
    """`kind` sent by `seat` (by default the cluegiver) at `now`."""
    who = state.cluegiver() if seat is None else seat
    return game.apply(state, who, {"type": kind, **fields}, now)[1]


def start(state: State, now: int = 0) -> list[Event]:
    return act(state, "start", now)


def name_in_hand(state: State) -> str:
    assert state.in_hand is not None
    return state.faces[state.in_hand].name


def win_round(state: State, now: int = 1) -> list[Event]:
    """The current turn finds every card left, one a millisecond, starting at `now`."""
    events: list[Event] = []
    round_no = state.round
    while state.round == round_no and state.phase == "running":
        events += act(state, "found", now)
        now += 1
    return events


def everyone_ready(state: State, now: int = 0) -> None:
    for seat in range(state.players):
        game.apply(state, seat, {"type": "ready"}, now)


def play_to_round(state: State, round_no: int) -> None:
    """Win whole rounds in single turns until `round_no` is about to start (en: continuing)."""
    now = 0
    while state.round < round_no:
        if state.phase == "waiting":
            start(state, now)
        elif state.phase == "running":
            win_round(state, now + 1)
        elif state.phase == "round_won":
            act(state, "continue", now, seat=state.deciders()[0])
        elif state.phase == "readback":
            everyone_ready(state, now)
        now += 1000
    if state.phase == "round_won":
        act(state, "continue", now, seat=state.deciders()[0])
    if state.phase == "readback":
        everyone_ready(state, now)
