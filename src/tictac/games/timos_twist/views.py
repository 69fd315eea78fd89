"""What each seat may see, the outcome, and what the room's clock needs to know."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from tictac.engine import Action, Outcome, Rng, View
from tictac.engine.prologue import check_viewer
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
    # Built for every seat after every action (the server's hot path) and by every agent that
    # observes the table at each step: the keys are copied in order from a blank view (a dict
    # copy is far cheaper than building a dict of this size) and the values set in one pass,
    # with no helper calls for what the state holds directly.
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.players):
        check_viewer(seat, state.players)
    shown = _BLANK.copy()
    shown["seat"] = seat
    if state.winner == NOBODY:
        turn = state.turn
        shown["to_act"] = [turn]
        shown["turn"] = turn
        shown["round"] = len(state.rounds) + 1
    else:
        shown["to_act"] = []
        shown["over"] = True
        shown["outcome"] = outcome(state).to_json()  # type: ignore[union-attr]
        shown["round"] = len(state.rounds)
    if seat is not None:
        shown.update(_own(state, seat))
    else:
        shown["legal"] = []
    shown["players"] = state.players
    shown["hand_sizes"] = list(map(len, state.hands))
    shown["timo"] = state.called[:]
    if state.exposed != NOBODY:
        shown["catchable"] = state.exposed
    if state.grace_until:
        shown["grace_until"] = state.grace_until
    shown["top"] = IDS[state.discard[-1]]
    shown["color"] = COLORS[state.color]
    shown["direction"] = state.direction
    shown["penalty"] = state.penalty
    shown["pile_size"] = len(state.pile)
    shown["discard_size"] = len(state.discard)
    shown["dealer"] = state.dealer
    shown["opening"] = state.opening[:]
    shown["rounds"] = [{"winner": winner, "points": points} for winner, points in state.rounds]
    shown["scores"] = state.scores[:]
    shown["target_score"] = state.target_score
    shown["options"] = _options(state, None)
    return shown


def seat_view(state: State, seat: int) -> View:
    """What `seat` sees that a spectator does not (engine/extras.py): its hand, its moves."""
    if type(seat) is not int or not 0 <= seat < state.players:
        check_viewer(seat, state.players)
    return {"seat": seat, **_own(state, seat)}


def _own(state: State, seat: int) -> View:
    return {"legal": legal_actions(state, seat), "hand": _hand(state, seat),
            "drawn": _drawn(state, seat)}


# Every key of a view in its order, with the value it has unless `view` sets another (a
# spectator's hand, no drawn card, nobody catchable, the game going on).
_BLANK: dict[str, Any] = {
    "game": NAME, "seat": None, "to_act": None, "legal": None, "over": False, "outcome": None,
    "players": None, "hand": None, "drawn": None, "hand_sizes": None, "timo": None,
    "catchable": None, "grace_until": None, "top": None, "color": None, "direction": None,
    "penalty": None, "pile_size": None, "discard_size": None, "turn": None, "dealer": None,
    "round": None, "opening": None, "rounds": None, "scores": None, "target_score": None,
    "options": None,
}


class LazyView(Mapping[str, Any]):
    """The same keys and values as `view(state, seat)`, each worked out when read: for a caller
    that reads a few keys at every step (a bot's choice, a learning agent's observation) and
    would waste most of a full view. It reads the live state, so it holds only until the next
    action is applied, and works a value out again at each read; `dict(lazy)` keeps a copy."""

    __slots__ = ("_seat", "_state")

    def __init__(self, state: State, seat: int | None) -> None:
        if seat is not None and (type(seat) is not int or not 0 <= seat < state.players):
            check_viewer(seat, state.players)
        self._state = state
        self._seat = seat

    def __getitem__(self, key: str) -> Any:
        return _KEYS[key](self._state, self._seat)

    def __iter__(self) -> Iterator[str]:
        return iter(_KEYS)

    def __len__(self) -> int:
        return len(_KEYS)


def _over(state: State) -> bool:
    return state.winner != NOBODY


def _outcome_json(state: State, seat: int | None) -> dict[str, Any] | None:
    result = outcome(state)
    return None if result is None else result.to_json()


def _legal(state: State, seat: int | None) -> list[Action]:
    return [] if seat is None else legal_actions(state, seat)


def _hand(state: State, seat: int | None) -> list[str] | None:
    return None if seat is None else [IDS[card] for card in state.hands[seat]]


def _drawn(state: State, seat: int | None) -> str | None:
    """The card the player to act drew and may still play, seen by that player alone."""
    if seat is None or seat != state.turn or state.drawn == NOBODY:
        return None
    return IDS[state.drawn]


def _options(state: State, seat: int | None) -> dict[str, Any]:
    return {"stacking": state.stacking, "draw_anytime": state.draw_anytime,
            "target_score": state.target_score, "timo_grace_ms": state.grace_ms,
            "last_draw_counts": state.last_draw_counts}


# One reader per key of `view`, in its order; tests/timos_twist/test_lazy_view.py holds the two
# to the same values.
_KEYS: dict[str, Callable[[State, int | None], Any]] = {
    "game": lambda state, seat: NAME,
    "seat": lambda state, seat: seat,
    "to_act": lambda state, seat: to_act(state),
    "legal": _legal,
    "over": lambda state, seat: _over(state),
    "outcome": _outcome_json,
    "players": lambda state, seat: state.players,
    "hand": _hand,
    "drawn": _drawn,
    "hand_sizes": lambda state, seat: list(map(len, state.hands)),
    "timo": lambda state, seat: state.called[:],
    "catchable": lambda state, seat: None if state.exposed == NOBODY else state.exposed,
    "grace_until": lambda state, seat: state.grace_until or None,
    "top": lambda state, seat: IDS[state.discard[-1]],
    "color": lambda state, seat: COLORS[state.color],
    "direction": lambda state, seat: state.direction,
    "penalty": lambda state, seat: state.penalty,
    "pile_size": lambda state, seat: len(state.pile),
    "discard_size": lambda state, seat: len(state.discard),
    "turn": lambda state, seat: None if _over(state) else state.turn,
    "dealer": lambda state, seat: state.dealer,
    "round": lambda state, seat: len(state.rounds) + (0 if _over(state) else 1),
    "opening": lambda state, seat: state.opening[:],
    "rounds": lambda state, seat: [{"winner": w, "points": p} for w, p in state.rounds],
    "scores": lambda state, seat: state.scores[:],
    "target_score": lambda state, seat: state.target_score,
    "options": _options,
}
