"""Time's Up model bots: a simulated table, so `tictac simulate times-up` plays whole games.

They are a model of a whole table of guessers, not players: a card is won when the guessers say
its name, and a bot can neither give clues nor hear them, so no room ever seats one (the
game's `GameInfo` says `simulation_only`: the lobby refuses them, and a gone player's turn
passes to a teammate instead; see docs/rulings.md).

The driver gives every action one simulated second. A cluegiver's card is found at `found_rate`
a second: in round 1 the bot guessers spend the other seconds on wrong guesses (free in that
round), in rounds 2+ the cluegiver passes or marks the guess wrong instead. The timekeeper calls
a foul at `foul_rate` a second, never by default.
"""

from __future__ import annotations

from dataclasses import dataclass

from tictac.bots import Bot, BotFactory
from tictac.engine import Action, Rng, View

# With less than this left after winning a round, an en team hands the deck on.
HAND_OVER_BELOW_MS = 8000


@dataclass
class ModelTable:
    seat: int
    rng: Rng
    found_rate: float = 0.5
    pass_share: float = 0.7  # of the cards not found in rounds 2+: passes; the rest wrong guesses
    foul_rate: float = 0.0

    def act(self, view: View, legal: list[Action], must: bool) -> Action | None:
        kinds = {action["type"] for action in legal}
        if "guess" in kinds:
            return self._think_aloud(view)
        if "found" in kinds:
            return self._give_clues(view)
        if kinds == {"foul"}:
            return {"type": "foul"} if self.rng.random() < self.foul_rate else None
        if not must:
            return None
        if "write" in kinds:
            count = view["names_per_player"]
            return {"type": "write", "names": [f"Bot {self.seat} pick {i}" for i in range(count)]}
        if "continue" in kinds:
            left = view["clock"]["time_left_ms"]
            return {"type": "continue" if left >= HAND_OVER_BELOW_MS else "hand_over"}
        return self.rng.choice(legal)

    def _think_aloud(self, view: View) -> Action | None:
        """Round 1 guessers shout wrong names while the card is not yet found."""
        if view["round"] == 1 and self.rng.random() >= self.found_rate:
            return {"type": "guess", "text": f"not it {self.rng.below(1000)}"}
        return None

    def _give_clues(self, view: View) -> Action:
        roll = self.rng.random()
        if roll < self.foul_rate:
            return {"type": "foul"}
        if view["round"] == 1 or roll < self.found_rate:
            return {"type": "found"}
        return {"type": "pass" if self.rng.random() < self.pass_share else "wrong"}


def _table(found_rate: float, foul_rate: float = 0.0) -> BotFactory:
    def make(seat: int, rng: Rng) -> Bot:
        return ModelTable(seat, rng, found_rate=found_rate, foul_rate=foul_rate)

    return make


BOTS: dict[str, BotFactory] = {
    "random": _table(0.5),  # an average table, no fouls called
    "quick": _table(0.8),  # a table that knows the names
    "strict": _table(0.5, foul_rate=0.03),  # a timekeeper (and cluegiver) who call fouls
}
