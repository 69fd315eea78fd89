"""Bots for Timo's Twist. They see only their seat's view and legal actions.

The heuristic bot sheds its costly coloured cards first, keeps its black cards for when nothing
else fits (or the round is nearly won), names the colour it holds most, hits a nearly-out next
player with its action cards, always stacks rather than draws, calls TIMO and catches others.
`forgetful` and `alert` make it fallible for people to play against.
"""

from __future__ import annotations

from collections import Counter

from tictac.bots import BotFactory, RandomBot
from tictac.bots.timos_twist_search import SearchBot
from tictac.engine import Action, Rng, View
from tictac.games.timos_twist.cards import COLOR, COLORS, IDS, INDEX, IS_BLACK, RANK, SKIP, VALUE

HOLD_BLACK = -100  # a black card is worth keeping while anything else can be played
HIT_NEXT = 40  # an action card against a next player about to go out


class HeuristicBot:
    def __init__(self, seat: int, rng: Rng, *, forgetful: float = 0.0, alert: float = 1.0):
        self.seat = seat
        self.rng = rng
        self.forgetful = forgetful  # chance of not calling TIMO with the play
        self.alert = alert  # chance of noticing a missed TIMO

    def act(self, view: View, legal: list[Action], must: bool) -> Action | None:
        for action in legal:
            if action["type"] == "timo":
                return action
            if action["type"] == "catch" and self.rng.random() < self.alert:
                return action
        if not must:
            return None
        plays = [action for action in legal if action["type"] == "play"]
        if not plays:
            return next(action for action in legal if action["type"] in ("draw", "pass"))
        hand = [INDEX[card_id] for card_id in view["hand"]]
        card = max(
            sorted({INDEX[action["card"]] for action in plays}),
            key=lambda c: self._worth(view, hand, c),
        )
        color = _best_color(hand, card)
        timo = self.rng.random() >= self.forgetful
        chosen = [
            action for action in plays
            if action["card"] == IDS[card] and action.get("color", color) == color
        ]
        return max(chosen, key=lambda action: action.get("timo", False) == timo)

    def _worth(self, view: View, hand: list[int], card: int) -> int:
        if IS_BLACK[card]:
            return VALUE[card] if len(hand) <= 2 else HOLD_BLACK + VALUE[card]
        worth = VALUE[card] + sum(COLOR[other] == COLOR[card] for other in hand)
        players = view["players"]
        next_seat = (self.seat + view["direction"]) % players
        if RANK[card] >= SKIP and view["hand_sizes"][next_seat] <= 2:
            worth += HIT_NEXT
        return worth


def _best_color(hand: list[int], played: int) -> str:
    """The colour this hand holds most of once `played` has left it."""
    counts = Counter(COLOR[card] for card in hand if card != played and not IS_BLACK[card])
    if not counts:
        return COLORS[0]
    return COLORS[counts.most_common(1)[0][0]]


BOTS: dict[str, BotFactory] = {
    "random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot
}
