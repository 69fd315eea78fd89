"""What each seat may see, the outcome, and what the room's clock needs to know."""

from __future__ import annotations

from tictac.engine import Action, IllegalAction, Outcome, Rng, View
from tictac.engine.errors import BAD_SEAT
from tictac.games.timos_twist.cards import COLORS, IDS
from tictac.games.timos_twist.moves import has_playable, legal_actions
from tictac.games.timos_twist.state import NOBODY, State
from tictac.games.timos_twist.stats import game_stats

NAME = "timos-twist"


def to_act(state: State) -> list[int]:
    return [] if state.winner != NOBODY else [state.turn]


def outcome(state: State) -> Outcome | None:
    if state.winner == NOBODY:
        return None
    detail = {"rounds": len(state.rounds), "stats": game_stats(state)}
    return Outcome([state.winner], state.scores[:], detail)


def deadline(state: State) -> int | None:
    """The end of a TIMO grace window: the player to act may act from then on. Nothing is
    applied at that time (no timeout action): the room only wakes the player up."""
    return state.grace_until if state.exposed != NOBODY and state.grace_until else None


def timeout_action(state: State) -> tuple[int, Action] | None:
    return None


def auto_action(state: State, seat: int, rng: Rng) -> Action | None:
    """A turn timer's move: take a pending penalty, pass on a drawn card, else draw; a player
    who must play (drawing is refused while holding a playable card) plays one at random,
    calling TIMO for them if it leaves one card."""
    if state.winner != NOBODY or seat != state.turn:
        return None
    if state.penalty:
        return {"type": "draw"}
    if state.drawn != NOBODY:
        return {"type": "pass"}
    hand = state.hands[seat]
    if state.draw_anytime or not has_playable(state, hand):
        return {"type": "draw"}
    timo = len(hand) == 2
    plays = [
        action
        for action in legal_actions(state, seat)
        if action["type"] == "play" and action.get("timo", False) == timo
    ]
    return rng.choice(plays)


def view(state: State, seat: int | None) -> View:
    # Built for every seat after every action (the server's hot path): one pass, no helper
    # calls for what the state holds directly.
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.players):
        raise IllegalAction(BAD_SEAT, f"there is no seat {seat!r}")
    over = state.winner != NOBODY
    result = outcome(state) if over else None
    legal: list[Action] = []
    hand = drawn = None
    if seat is not None:
        legal = legal_actions(state, seat)
        hand = [IDS[card] for card in state.hands[seat]]
        if seat == state.turn and state.drawn != NOBODY:
            drawn = IDS[state.drawn]
    return {
        "game": NAME,
        "seat": seat,
        "to_act": [] if over else [state.turn],
        "legal": legal,
        "over": over,
        "outcome": result.to_json() if result else None,
        "players": state.players,
        "hand": hand,
        "drawn": drawn,
        "hand_sizes": list(map(len, state.hands)),
        "timo": state.called[:],
        "catchable": None if state.exposed == NOBODY else state.exposed,
        "grace_until": state.grace_until or None,
        "top": IDS[state.discard[-1]],
        "color": COLORS[state.color],
        "direction": state.direction,
        "penalty": state.penalty,
        "pile_size": len(state.pile),
        "discard_size": len(state.discard),
        "turn": None if over else state.turn,
        "dealer": state.dealer,
        "round": len(state.rounds) + (0 if over else 1),
        "rounds": [{"winner": winner, "points": points} for winner, points in state.rounds],
        "scores": state.scores[:],
        "target_score": state.target_score,
        "options": {
            "stacking": state.stacking,
            "draw_anytime": state.draw_anytime,
            "target_score": state.target_score,
            "timo_grace_ms": state.grace_ms,
        },
    }
