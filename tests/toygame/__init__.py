"""Count Up, a toy game that proves a new game needs only its own folder: the players take turns
adding 1 or 2 to a shared count; whoever brings it to the target wins.

This module is the whole game for the server (the game contract, its `BOTS`, and `GAME_INFO`,
its descriptor, naming this module for both and this folder for the client); `client.js` beside
it is the whole game for the web client. `tictac serve --games count-up=toygame` plays it (with this
folder's parent on PYTHONPATH)."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tictac.bots import BotFactory, RandomBot
from tictac.engine import Action, Event, GameInfo, IllegalAction, Outcome, Rng, View
from tictac.engine.errors import BAD_SEAT, GAME_OVER, NOT_YOUR_TURN
from tictac.engine.fields import action_type, int_field
from tictac.engine.options import Option, check_players, resolve

NAME = "count-up"
TITLE = "Count Up"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
OPTIONS: Sequence[Option] = (
    Option("target", "int", 10, "the count that wins", low=5, high=30),
)


@dataclass
class State:
    players: int
    target: int
    count: int = 0
    turn: int = 0
    said: list[tuple[int, int]] = field(default_factory=list)  # (seat, count reached)

    def clone(self) -> State:
        return State(self.players, self.target, self.count, self.turn, list(self.said))


def setup(players: int, options: Mapping[str, Any] | None, seed: int | str,
          stacked: Sequence[Any] | None = None) -> State:
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    return State(players, resolve(OPTIONS, options)["target"])


def _over(state: State) -> bool:
    return state.count >= state.target


def legal_actions(state: State, seat: int) -> list[Action]:
    if _over(state) or seat != state.turn:
        return []
    return [{"type": "add", "n": n} for n in (1, 2) if state.count + n <= state.target]


def apply(state: State, seat: int, action: Action, now_ms: int) -> tuple[State, list[Event]]:
    action_type(action, {"add"})
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalAction(BAD_SEAT, f"no seat {seat!r}")
    if _over(state):
        raise IllegalAction(GAME_OVER, "the game is over")
    if seat != state.turn:
        raise IllegalAction(NOT_YOUR_TURN, "wait for your turn")
    n = int_field(action, "n", 1, min(2, state.target - state.count))
    state.count += n
    state.said.append((seat, state.count))
    if not _over(state):
        state.turn = (state.turn + 1) % state.players
    return state, [{"type": "added", "seat": seat, "n": n, "count": state.count}]


def outcome(state: State) -> Outcome | None:
    if not _over(state):
        return None
    return Outcome(winners=[state.turn], scores=[int(seat == state.turn)
                                                for seat in range(state.players)])


def view(state: State, seat: int | None) -> View:
    if seat is not None and (isinstance(seat, bool) or not 0 <= seat < state.players):
        raise IllegalAction(BAD_SEAT, f"no seat {seat!r}")
    result = outcome(state)
    return {"game": NAME, "seat": seat, "to_act": to_act(state),
            "legal": legal_actions(state, seat) if seat is not None else [],
            "over": result is not None, "outcome": result.to_json() if result else None,
            "count": state.count, "target": state.target, "turn": state.turn,
            "said": [list(entry) for entry in state.said]}


def to_act(state: State) -> list[int]:
    return [] if _over(state) else [state.turn]


def deadline(state: State) -> int | None:
    return None


def timeout_action(state: State) -> tuple[int, Action] | None:
    return None


def auto_action(state: State, seat: int, rng: Rng) -> Action | None:
    legal = legal_actions(state, seat)
    return legal[0] if legal else None


BOTS: dict[str, BotFactory] = {"random": RandomBot}
GAME_INFO: GameInfo[State] = GameInfo(
    rules=sys.modules[__name__], bots=__name__, client_folder=Path(__file__).parent
)
