"""Timo's Twist's search bot: flat Monte Carlo over determinized rounds.

What the seat cannot see is the other hands, the pile and the discard pile under its top card:
the cards not in its own hand and not on top, shuffled and dealt out in the sizes the view shows.
Each candidate move is played on such a sample and the round finished by a quick default policy
for every seat; the move that wins the round most often is chosen. Rounds, not the game, are what
it plays for: a round won is what scores.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tictac.bots.search import Budget, paired_search
from tictac.engine import Action, Rng, View
from tictac.games.timos_twist.cards import (
    COLOR,
    COLOR_INDEX,
    COLORS,
    DECK_SIZE,
    DRAWS,
    INDEX,
    IS_BLACK,
    MATCHING,
    RANK,
    SKIP,
    TWIST,
)
from tictac.games.timos_twist.moves import apply, legal_actions
from tictac.games.timos_twist.state import NOBODY, State

# A playout stops after this many moves; the round is then judged by the hand sizes, each card
# more than the shortest other hand counting as CARD_WEIGHT against.
PLAYOUT_DEPTH = 12
CARD_WEIGHT = 0.6


@dataclass(frozen=True)
class Reads:
    """What the bot has gathered from the table beyond its current view: the cards it saw on
    top that now lie under it in the discard pile, and (heads-up) the cards the opponent's hand
    held none of when it drew with nothing to play, less its `fresh` cards taken since."""

    played: frozenset[int] = frozenset()
    lacks: frozenset[int] = frozenset()
    fresh: int = 0


class SearchBot:
    def __init__(self, seat: int, rng: Rng, budget: Budget | None = None) -> None:
        self.seat = seat
        self.rng = rng
        self.budget = budget or Budget()
        self.reads = Reads()
        # The table as this bot last saw it (round, discard size, top card) and, when the
        # opponent acts next, as its move left it (round, top, colour, opponent's hand size).
        self._seen: tuple[int, int, int] | None = None
        self._left: tuple[int, str, str, int] | None = None

    def act(self, view: View, legal: list[Action], must: bool) -> Action | None:
        for action in legal:  # calling TIMO and catching cost nothing and never hurt
            if action["type"] in ("timo", "catch"):
                return action
        if not must:
            return None
        played = self._read_the_discard(view)
        lacks, fresh = self._read_the_draws(view)
        reads = self.reads = Reads(played, lacks, fresh)
        candidates = moves_worth_trying(legal)
        seat = self.seat

        def trial(rng: Rng) -> list[float]:
            sample = determinize(view, seat, rng, reads)
            rounds = len(sample.rounds)
            luck = rng.next64()
            rewards = []
            for move in candidates:
                state = sample.clone()
                apply(state, seat, move, 0)
                rewards.append(play_round_out(state, Rng(raw=luck), seat, rounds))
            return rewards

        chosen = candidates[paired_search(len(candidates), trial, self.budget, self.rng)]
        self._left = _table_left(view, chosen)
        self._seen = (view["round"], view["discard_size"], INDEX[view["top"]])
        if chosen["type"] == "play":
            self.reads = Reads(played | {INDEX[view["top"]]}, lacks, fresh)
            self._seen = (view["round"], view["discard_size"] + 1, INDEX[chosen["card"]])
        return chosen

    def _read_the_discard(self, view: View) -> frozenset[int]:
        """The cards seen on top this round that lie under the top now; none after the discard
        pile has been shuffled into a new draw pile."""
        size, top = view["discard_size"], INDEX[view["top"]]
        seen, played = self._seen, self.reads.played
        if seen is None or seen[0] != view["round"] or size < seen[1]:
            return frozenset()
        if seen[2] != top:
            played = played | {seen[2]}
        return played if len(played) < size else frozenset()

    def _read_the_draws(self, view: View) -> tuple[frozenset[int], int]:
        """Heads-up only: an opponent who drew one card and passed on the very table this bot
        left it had nothing to play on it (unless drawing is always allowed)."""
        left, self._left = self._left, None
        if view["players"] != 2 or view["options"]["draw_anytime"]:
            return frozenset(), 0
        size = view["hand_sizes"][1 - self.seat]
        if left is None or left[0] != view["round"]:
            return frozenset(), 0
        _, top, color, size_then = left
        if size == size_then + 1 and (view["top"], view["color"]) == (top, color):
            return MATCHING[COLOR_INDEX[color] * 16 + RANK[INDEX[top]]], 1
        fresh = min(size, self.reads.fresh + max(0, size - size_then))
        return self.reads.lacks, fresh


def _table_left(view: View, move: Action) -> tuple[int, str, str, int] | None:
    """The round, top card, colour and opponent's hand size this move leaves the opponent
    to act on; None when the opponent does not simply act next (a penalty, a skip)."""
    top, color = view["top"], view["color"]
    if move["type"] == "play":
        card = INDEX[move["card"]]
        if DRAWS[card] or RANK[card] in (SKIP, TWIST):
            return None
        top, color = move["card"], move["color"] if IS_BLACK[card] else COLORS[COLOR[card]]
    elif move["type"] == "draw" or view["penalty"]:
        return None  # a drawn card this bot may still play, or a penalty taken
    return view["round"], top, color, view["hand_sizes"][1 - view["seat"]]


def moves_worth_trying(legal: list[Action]) -> list[Action]:
    """The legal moves but a play without TIMO where the same play with TIMO is legal: calling
    it is free and not calling it only risks a catch."""
    with_timo = {(a["card"], a.get("color")) for a in legal if a.get("timo")}
    return [
        a for a in legal
        if a.get("timo") or a["type"] != "play" or (a["card"], a.get("color")) not in with_timo
    ]


def determinize(view: View, seat: int, rng: Rng, reads: Reads = Reads()) -> State:
    """A full state that agrees with `view`: the unseen cards shuffled into the other hands, the
    pile and the discard pile under the top card, in the sizes the view shows; the cards `reads`
    saw played lie in the discard pile, and (heads-up) the opponent's hand but its `fresh` cards
    holds none of `lacks` when the unseen cards allow."""
    hand = [INDEX[card_id] for card_id in view["hand"]]
    top = INDEX[view["top"]]
    seen = {*hand, top, *reads.played}
    unseen = [card for card in range(DECK_SIZE) if card not in seen]
    rng.shuffle(unseen)
    hands: list[list[int]] = []
    lacks, fresh = reads.lacks, reads.fresh
    for other, size in enumerate(view["hand_sizes"]):
        if other == seat:
            hands.append(hand)
            continue
        old = size - fresh
        allowed = [card for card in unseen if card not in lacks] if lacks else unseen
        if lacks and len(allowed) >= old:
            taken = set(allowed[:old])
            rest = [card for card in unseen if card not in taken]
            hands.append([*allowed[:old], *rest[len(rest) - fresh:]])
            unseen = rest[: len(rest) - fresh]
        else:
            hands.append(unseen[len(unseen) - size:])
            del unseen[len(unseen) - size:]
    pile = unseen[: view["pile_size"]]
    discard = [*reads.played, *unseen[view["pile_size"]:], top]
    options = view["options"]
    drawn = view["drawn"]
    catchable = view["catchable"]
    return State(
        view["players"], options["stacking"], options["draw_anytime"], options["target_score"],
        0, options["last_draw_counts"], rng.fork(), hands, pile, discard,
        COLOR_INDEX[view["color"]], view["turn"], view["direction"], view["penalty"],
        NOBODY if drawn is None else INDEX[drawn],
        list(view["timo"]), NOBODY if catchable is None else catchable, 0, list(view["scores"]),
        view["dealer"], [(r["winner"], r["points"]) for r in view["rounds"]], NOBODY,
        list(view["opening"]),
    )


def play_round_out(state: State, rng: Rng, seat: int, rounds: int) -> float:
    """Play the round (the one after the `rounds` finished ones: the move just tried may have
    ended it, and the game) on with `default_move` for every seat for at most `PLAYOUT_DEPTH`
    moves: 1 if `seat` won it, 0 if another seat did, else a guess from the hand sizes."""
    moves = 0
    while len(state.rounds) == rounds and moves < PLAYOUT_DEPTH:
        turn = state.turn
        apply(state, turn, default_move(state, legal_actions(state, turn), rng), 0)
        moves += 1
    if len(state.rounds) > rounds:
        return 1.0 if state.rounds[rounds][0] == seat else 0.0
    own = len(state.hands[seat])
    fewest = min(len(hand) for other, hand in enumerate(state.hands) if other != seat)
    return 1.0 / (1.0 + math.exp(CARD_WEIGHT * (own - fewest)))


def default_move(state: State, legal: list[Action], rng: Rng) -> Action:
    """A quick policy that plays rather than draws, a coloured card rather than a black one,
    names the colour it holds most, and always calls TIMO: close to how people play, at a
    fraction of a bot's cost."""
    plays = [a for a in legal if a["type"] == "play"]
    if not plays:
        return legal[-1]  # the draw, or the pass after a draw (a catch never comes last)
    plays = [a for a in plays if a.get("timo")] or plays
    coloured = [a for a in plays if not IS_BLACK[INDEX[a["card"]]]]
    if coloured:
        return rng.choice(coloured)
    counts = [0] * len(COLORS)
    for card in state.hands[state.turn]:
        if not IS_BLACK[card]:
            counts[COLOR[card]] += 1
    color = COLORS[counts.index(max(counts))]
    return next(a for a in plays if a["color"] == color)
