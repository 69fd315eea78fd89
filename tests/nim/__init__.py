"""Nim, a fourth game kept outside tictac's sources: heaps of matches; on your turn take any
number (at least one) from one heap. Whoever takes the last match wins, or, in the misère game,
loses. Two to four players take turns round the table.

This package is the whole game for the server: the rules (the game contract), its bots (`BOTS`),
its audience's ballot and `GAME_INFO`, its descriptor, which names this package for both, the
bots' difficulties, the ballot, this folder for the web client (`client.js`) and no terminal
front end (`tictac play` does not offer it). It is
registered like any installed plug-in, by an entry point of the `tictac.games` group:
`nim = "nim:GAME_INFO"` (tests/plugins.py writes that entry point for the tests' processes)."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import reduce
from operator import xor
from pathlib import Path
from typing import Any

from tictac.bots import BotFactory, RandomBot
from tictac.engine import Action, Event, GameInfo, IllegalAction, Outcome, Rng, View
from tictac.engine.audience import AudienceBallot, Ballot, NameOf, Votes
from tictac.engine.errors import NOT_YOUR_TURN
from tictac.engine.fields import int_field
from tictac.engine.options import Option, check_players, resolve
from tictac.engine.prologue import check_action, check_viewer

NAME = "nim"
TITLE = "Nim"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
# The rows of matches a game starts with, by the name the host picks.
LAYOUTS = {"1-3-5-7": (1, 3, 5, 7), "3-4-5": (3, 4, 5), "2-5-8": (2, 5, 8)}
OPTIONS: Sequence[Option] = (
    Option("heaps", "choice", "1-3-5-7", "the heaps of matches at the start",
           choices=tuple(LAYOUTS)),
    Option("misere", "bool", False, "whoever takes the last match loses"),
)
EMPTY_HEAP = "empty_heap"  # a take from a heap with no match left


@dataclass
class State:
    players: int
    heaps: list[int]
    misere: bool
    turn: int = 0
    taken: list[tuple[int, int, int]] = field(default_factory=list)  # (seat, heap, matches)

    def clone(self) -> State:
        return State(self.players, list(self.heaps), self.misere, self.turn, list(self.taken))


def setup(players: int, options: Mapping[str, Any] | None, seed: int | str,
          stacked: Sequence[Any] | None = None) -> State:
    """Nim hides nothing and draws nothing: the seed and `stacked` change no deal."""
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    chosen = resolve(OPTIONS, options)
    return State(players, list(LAYOUTS[chosen["heaps"]]), chosen["misere"])


def _over(state: State) -> bool:
    return not any(state.heaps)


def to_act(state: State) -> list[int]:
    return [] if _over(state) else [state.turn]


def legal_actions(state: State, seat: int) -> list[Action]:
    if _over(state) or seat != state.turn:
        return []
    return [{"type": "take", "heap": heap, "n": n}
            for heap, left in enumerate(state.heaps) for n in range(1, left + 1)]


def apply(state: State, seat: int, action: Action, now_ms: int) -> tuple[State, list[Event]]:
    check_action(action, {"take"}, seat, state.players, _over(state))
    if seat != state.turn:
        raise IllegalAction(NOT_YOUR_TURN, "wait for your turn")
    heap = int_field(action, "heap", 0, len(state.heaps) - 1)
    if not state.heaps[heap]:
        raise IllegalAction(EMPTY_HEAP, f"heap {heap} has no match left")
    n = int_field(action, "n", 1, state.heaps[heap])
    state.heaps[heap] -= n
    state.taken.append((seat, heap, n))
    if not _over(state):
        state.turn = (state.turn + 1) % state.players
    return state, [{"type": "took", "seat": seat, "heap": heap, "n": n, "left": state.heaps[heap]}]


def outcome(state: State) -> Outcome | None:
    """The seat that took the last match wins; in the misère game every other seat does."""
    if not _over(state):
        return None
    last = state.turn
    winners = [seat for seat in range(state.players) if (seat == last) != state.misere]
    return Outcome(winners=winners,
                   scores=[int(seat in winners) for seat in range(state.players)])


def view(state: State, seat: int | None) -> View:
    check_viewer(seat, state.players)
    result = outcome(state)
    return {"game": NAME, "seat": seat, "to_act": to_act(state),
            "legal": legal_actions(state, seat) if seat is not None else [],
            "over": result is not None, "outcome": result.to_json() if result else None,
            "heaps": list(state.heaps), "misere": state.misere, "turn": state.turn,
            "taken": [list(entry) for entry in state.taken]}


def deadline(state: State) -> int | None:
    return None


def timeout_action(state: State) -> tuple[int, Action] | None:
    return None


def auto_action(state: State, seat: int, rng: Rng) -> Action | None:
    """A room's turn timer takes one match from the largest heap: the take that changes the
    game least."""
    if seat not in to_act(state):
        return None
    return {"type": "take", "heap": state.heaps.index(max(state.heaps)), "n": 1}


def winning_take(heaps: Sequence[int], misere: bool) -> tuple[int, int] | None:
    """(heap, matches) that leaves the next player lost in the two-player game, or None when
    every take loses against best play. Normal play: leave heaps whose XOR ("nim-sum") is 0.
    Misère: the same, except when the take would leave only heaps of one match: then leave an
    odd number of them."""
    big = [heap for heap, left in enumerate(heaps) if left > 1]
    if misere and len(big) <= 1:
        ones = sum(1 for left in heaps if left == 1)
        if not big:  # only single matches: the player who faces an odd count of them loses
            if ones % 2 or not ones:
                return None
            return heaps.index(1), 1
        # Empty the big heap or leave one match in it, whichever leaves an odd count of ones.
        heap = big[0]
        return heap, heaps[heap] - (0 if ones % 2 else 1)
    total = reduce(xor, heaps, 0)
    if not total:
        return None
    heap = next(heap for heap, left in enumerate(heaps) if left ^ total < left)
    return heap, heaps[heap] - (heaps[heap] ^ total)


class PerfectBot:
    """Plays the winning take of the two-player game when there is one, else one match from the
    largest heap (to leave its opponents the most room to err)."""

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat

    def act(self, view: View, legal: list[Action], must: bool) -> Action | None:
        if not must:
            return None
        heaps: list[int] = view["heaps"]
        take = winning_take(heaps, view["misere"])
        heap, n = take or (max(range(len(heaps)), key=heaps.__getitem__), 1)
        return {"type": "take", "heap": heap, "n": n}


BOTS: dict[str, BotFactory] = {"random": RandomBot, "perfect": PerfectBot}
# The audience's vote: who takes the last match, open until a heap is emptied.
def ballot(state: State) -> Ballot | None:
    if not all(state.heaps):
        return None
    return Ballot("last-match", "last_match",
                  [{"id": seat, "seat": seat} for seat in range(state.players)])


def results(state: State, votes: Votes, name_of: NameOf) -> dict[str, Any]:
    """Who took the last match, and how many of the audience said so."""
    cast = votes.get("last-match", {})
    taker = state.taken[-1][0]
    return {"kind": "last_match", "taker": taker, "votes": len(cast),
            "right": sum(1 for choice in cast.values() if choice == taker)}


GAME_INFO: GameInfo[State] = GameInfo(
    rules=sys.modules[__name__], bots=__name__, client_folder=Path(__file__).parent,
    levels={"easy": "random", "hard": "perfect"}, audience=AudienceBallot(ballot, results),
)
