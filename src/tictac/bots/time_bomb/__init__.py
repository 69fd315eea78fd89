"""Time Bomb's bots, in three modules whose imports run one way: `reasoning` (the random and
the reasoning bot) <- `belief` (who plays for whom, as a seat may believe it) <- `search` (the
search bot, built on both)."""

from __future__ import annotations

from tictac.bots import BotFactory
from tictac.bots.time_bomb.reasoning import RandomBot, ReasoningBot
from tictac.bots.time_bomb.search import SearchBot

BOTS: dict[str, BotFactory] = {
    "random": RandomBot, "reasoning": ReasoningBot, "search": SearchBot
}
