"""The names of the game contract a game module may leave out, read once per game. Asking a
module for a name it lacks raises, and formats, an AttributeError each time: four such misses
on every action of a game that has none of them were a thirtieth of the server's instructions
per action (docs/server.md, "Benchmark")."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from tictac.engine.contract import Action, Game, SeatRate, View
from tictac.engine.rng import Rng

# A game's `absent_action(state, seat, present, rng)`: its move for a gone seat (Time's Up).
AbsentAction = Callable[[Any, int, Collection[int], Rng], Action | None]
# A game's `seat_view(state, seat)`: the keys of `view(state, seat)` whose values differ from a
# spectator's, and nothing else, so that `{**view(state, None), **seat_view(state, seat)}` is
# `view(state, seat)` (tests/test_every_game.py). The server then builds and encodes
# what everyone sees once per action, not once per seat (`tictac.rooms.messages.Views`).
SeatView = Callable[[Any, int], View]


@dataclass(frozen=True)
class Extras:
    room_actions: frozenset[str]  # `ROOM_ACTIONS`: the moves only the room makes
    written: Mapping[str, str]  # `WRITTEN`: action type -> its field others will read
    seat_rates: Mapping[str, SeatRate]  # `SEAT_RATES`: action type -> how often a seat may
    absent_action: AbsentAction | None  # what the game does itself for a gone seat
    seat_view: SeatView | None  # what a seat sees beyond what a spectator does
    # `SEEN_MOVES`: the moves that answer what the seat was shown (Time's Up's `found` marks the
    # card in hand): sent with the version of the view they answer, refused once it is stale
    seen_moves: frozenset[str]


# id(game) -> the game (kept, so that its id is never another object's) and its extras
_READ: dict[int, tuple[Game, Extras]] = {}


def extras(game: Game) -> Extras:
    known = _READ.get(id(game))
    if known is None:
        known = _READ[id(game)] = (game, Extras(
            room_actions=frozenset(getattr(game, "ROOM_ACTIONS", ())),
            written=getattr(game, "WRITTEN", {}), seat_rates=getattr(game, "SEAT_RATES", {}),
            absent_action=getattr(game, "absent_action", None),
            seat_view=getattr(game, "seat_view", None),
            seen_moves=frozenset(getattr(game, "SEEN_MOVES", ()))))
    return known[1]
