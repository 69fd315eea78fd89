"""The whole state of a game of Timo's Twist: several rounds up to the target score."""

from __future__ import annotations

from dataclasses import dataclass

from tictac.engine import Event, Rng

NOBODY = -1


@dataclass(slots=True)
class State:
    players: int
    # The game's options, fixed at setup.
    stacking: bool
    draw_anytime: bool
    target_score: int
    grace_ms: int
    last_draw_counts: bool
    rng: Rng
    hands: list[list[int]]
    pile: list[int]  # face down; the top card is the last item
    discard: list[int]  # face up; the top card is the last item
    color: int  # the colour to follow (a black card names it)
    turn: int
    direction: int  # 1 clockwise (towards higher seats), -1 after a Twist
    penalty: int  # cards the player to act must draw unless they stack
    drawn: int  # the card the player to act has just drawn and may still play, or NOBODY
    called: list[bool]  # seat has called TIMO for the one card it holds
    exposed: int  # seat with one card, no call, and the next player not yet acted, or NOBODY
    grace_until: int  # now_ms before which the player to act may not act (TIMO grace window)
    scores: list[int]
    dealer: int
    rounds: list[tuple[int, int]]  # (winner, points) of every finished round
    winner: int  # the seat that reached the target score, or NOBODY while the game goes on
    # The events of dealing the current round (`round_started`, the first card's effect) until
    # its first action: `setup` returns no events, so round 1's reach players through the view.
    opening: list[Event]

    def clone(self) -> State:
        return State(
            self.players,
            self.stacking,
            self.draw_anytime,
            self.target_score,
            self.grace_ms,
            self.last_draw_counts,
            self.rng.clone(),
            [hand[:] for hand in self.hands],
            self.pile[:],
            self.discard[:],
            self.color,
            self.turn,
            self.direction,
            self.penalty,
            self.drawn,
            self.called[:],
            self.exposed,
            self.grace_until,
            self.scores[:],
            self.dealer,
            self.rounds[:],
            self.winner,
            self.opening,  # replaced at each deal, never changed in place
        )
