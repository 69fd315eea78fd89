"""The checks every game makes before its own rules, in one order, so a bad request gets the same
code whatever the game: first the action's shape and type (`malformed_action`,
`unknown_action`), then the seat (`bad_seat`), then whether the game is over (`game_over`).

A seat is an `int` in range; booleans and other int look-alikes are not seats (`True` is not
seat 1). The test is written out in each function because they run on every action and view.
"""

from __future__ import annotations

from collections.abc import Collection

from tictac.engine.errors import BAD_SEAT, GAME_OVER, IllegalAction
from tictac.engine.fields import action_type


def is_seat(seat: object, players: int) -> bool:
    """Whether `seat` is one of the game's seats (`legal_actions` of anything else is empty)."""
    return type(seat) is int and 0 <= seat < players


def check_viewer(seat: object, players: int) -> int | None:
    """Who asks for a view: a seat, or None for a spectator; anything else is `bad_seat`."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise _no_seat(seat, players)
    return seat


def check_action(
    action: object, known: Collection[str], seat: object, players: int, over: bool
) -> str:
    """The start of every game's `apply`: the action's type once the request passed the checks
    every game shares. The game's own checks (turn, fields, rules) come after."""
    # The usual well-formed action takes two lookups; anything else gets its precise code.
    kind = action.get("type") if type(action) is dict else None
    if type(kind) is not str or kind not in known:
        kind = action_type(action, known)
    if type(seat) is not int or not 0 <= seat < players:
        raise _no_seat(seat, players)
    if over:
        raise IllegalAction(GAME_OVER, "the game is over")
    return kind


def _no_seat(seat: object, players: int) -> IllegalAction:
    return IllegalAction(BAD_SEAT, f"there is no seat {seat!r} in a game of {players}")
