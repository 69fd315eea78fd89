"""Bots behind one interface any game can use.

A bot sees only what its seat may see (the seat's view and its legal actions), never the state,
so a bot can sit in a room exactly where a person would. Each game's bots live in the module
its `GameInfo.bots` names (`tictac.bots.<game module>` for the built-in games) as
`BOTS: dict[str, BotFactory]`; its `GameInfo.levels` names the bot each difficulty a room
offers (easy, normal, hard) plays as.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Protocol

from tictac.engine import Action, Rng, View, get_info


class Bot(Protocol):
    def act(self, view: View, legal: list[Action], must: bool) -> Action | None:
        """Choose an action. `must` is true when the game waits for this seat; otherwise the bot
        may return None and let the game go on (it is only offered optional actions)."""
        ...


BotFactory = Callable[[int, Rng], Bot]


class RandomBot:
    """Plays a uniformly random legal action when it must, and nothing optional."""

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def act(self, view: View, legal: list[Action], must: bool) -> Action | None:
        return self.rng.choice(legal) if must else None


# The difficulties a room offers, easiest first; the web client shows them by friendly name.
LEVELS = ("easy", "normal", "hard")


def bot_kinds(game: str) -> dict[str, BotFactory]:
    """Every bot `make_bot` accepts for `game`: the difficulties first (so the first, the one a
    room picks when none is named, is the easy one), then the bots by their own names."""
    info = get_info(game)
    bots: dict[str, BotFactory] = importlib.import_module(info.bots).BOTS
    # A game may name no difficulties (a plugged-in game with one bot): then its bots alone.
    return {level: bots[info.levels[level]] for level in LEVELS if level in info.levels} | bots


def room_bot_kinds(game: str) -> dict[str, BotFactory]:
    """The bots a room may seat for `game`: none when the game's bots only model a table for
    simulations (its `GameInfo` says `simulation_only`: Time's Up, whose cards are won by
    guessers hearing clues, which no bot can do)."""
    return {} if get_info(game).simulation_only else bot_kinds(game)


def make_bot(game: str, kind: str, seat: int, rng: Rng) -> Bot:
    kinds = bot_kinds(game)
    if kind not in kinds:
        raise KeyError(f"no bot {kind!r} for {game}; known: {', '.join(sorted(kinds))}")
    return kinds[kind](seat, rng)
