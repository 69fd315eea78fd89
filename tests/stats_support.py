"""Whole games played by bots, for the end-of-game figures' tests."""

from __future__ import annotations

from typing import Any

from tictac.bots import bot_kinds, make_bot
from tictac.bots.driver import play_out
from tictac.engine import Rng
from tictac.engine.contract import Game


def finished(game: Game, players: int, seed: int, **options: Any) -> Any:
    state = game.setup(players, options, seed)
    kind = next(iter(bot_kinds(game.NAME)))
    rng = Rng(seed)
    bots = {seat: make_bot(game.NAME, kind, seat, rng.fork()) for seat in range(players)}
    play_out(game, state, bots, max_actions=20_000)
    return state
