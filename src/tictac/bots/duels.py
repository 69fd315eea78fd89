"""Bots measured against each other: how often one kind wins a seeded single round of Timo's
Twist against another (the bots' tests and `bench/` use it; no room does)."""

from __future__ import annotations

from tictac.bots import Bot, BotFactory, make_bot
from tictac.bots.driver import next_action
from tictac.engine import Rng
from tictac.games import timos_twist as game


def round_wins(
    challenger: str | BotFactory, opponent: str | BotFactory, rounds: int, players: int = 2
) -> int:
    """How many of `rounds` seeded single rounds a `challenger` bot wins against `opponent`
    bots in the other seats; the challenger's seat moves round by round so nobody always starts.
    A bot is a kind's name or a factory (a search bot with a budget of its own, say)."""
    def make(kind: str | BotFactory, seat: int, rng: Rng) -> Bot:
        return make_bot(game.NAME, kind, seat, rng) if isinstance(kind, str) else kind(seat, rng)

    wins = 0
    for seed in range(rounds):
        seat = seed % players
        kinds = {other: opponent for other in range(players)} | {seat: challenger}
        state = game.setup(players, None, f"duel-{seed}")
        rng = Rng(f"duel-bots-{seed}")
        seats = {s: make(kinds[s], s, rng.fork()) for s in range(players)}
        now = 0
        while not state.rounds:
            entry = next_action(game, state, seats, now)
            game.apply(state, entry.seat, entry.action, entry.now_ms)
            now = entry.now_ms + 1000
        wins += state.rounds[0][0] == seat
    return wins
