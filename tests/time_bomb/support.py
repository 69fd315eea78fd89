"""Helpers for the Time Bomb tests: an all-seeing hand to steer cuts, and random games."""

from __future__ import annotations

from collections.abc import Iterator

from tictac.engine import Action, Event, LoggedAction, Rng
from tictac.games import time_bomb as game
from tictac.games.time_bomb.rules import claims, cuts
from tictac.games.time_bomb.state import State
from tictac.games.time_bomb.table import CUT, KINDS


def cut_of(state: State, kind: str, avoid: tuple[int, ...] = ()) -> Action:
    """A cut by the holder that reveals a wire of `kind`, found by looking at the true rows."""
    wanted = KINDS.index(kind)
    for target, row in enumerate(state.rows):
        if target == state.holder or target in avoid:
            continue
        for position, wire in enumerate(row):
            if wire == wanted:
                return {"type": "cut", "target": target, "position": position}
    raise LookupError(f"no {kind} wire within reach of seat {state.holder}")


def cut(state: State, kind: str, avoid: tuple[int, ...] = ()) -> list[Event]:
    return game.apply(state, state.holder, cut_of(state, kind, avoid), 0)[1]


def hidden_kinds(state: State) -> list[int]:
    return [wire for row in state.rows for wire in row if wire != CUT]


def random_steps(
    players: int, seed: int, claim_chance: float = 0.3
) -> Iterator[tuple[State, LoggedAction, list[Event]]]:
    """A random game, one accepted action at a time (state after it, the action, its events):
    the holder cuts at random, and now and then some seat makes a random claim."""
    state = game.setup(players, None, seed)
    rng = Rng(f"steps-{seed}")
    now = 0
    while game.outcome(state) is None:
        now += 1000
        claimer = rng.below(players) if rng.random() < claim_chance else None
        # A seat that has said its claims of the round (MAX_CLAIMS_PER_ROUND) lets a cut come.
        options = [] if claimer is None else claims(state, claimer)
        if claimer is not None and options:
            seat, action = claimer, rng.choice(options)
        else:
            seat = state.holder
            action = rng.choice(cuts(state, seat))
        _, events = game.apply(state, seat, action, now)
        yield state, LoggedAction(seat, action, now), events
