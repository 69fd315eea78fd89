"""A new game: options, role cards and wires dealt, the first holder of the pliers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tictac.engine import IllegalAction, Option, Rng, resolve
from tictac.engine.errors import BAD_OPTION, BAD_SETUP
from tictac.engine.options import check_players
from tictac.games.time_bomb.state import State, deal
from tictac.games.time_bomb.table import (
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TEAMS,
    WIRES_EACH,
    role_cards,
    wire_cards,
)

RANDOM = "random"
OPTIONS: Sequence[Option] = (
    Option(
        "first_holder",
        "choice",
        RANDOM,
        "who holds the pliers first: a seat number, or random",
        choices=(RANDOM, *range(MAX_PLAYERS)),
        seats=True,
    ),
)


def setup(
    players: int,
    options: Mapping[str, Any] | None,
    seed: int | str,
    stacked: Sequence[Any] | None = None,
) -> State:
    """`stacked` fixes the role cards (one per seat, then the set-aside card at 4 and 7 players)
    and the wires of the first deal (seat 0's five first, then seat 1's, …), by name."""
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, "Time Bomb")
    chosen = resolve(OPTIONS, options)
    rng = Rng(seed)
    roles, wires = role_cards(players), wire_cards(players)
    if stacked is None:
        rng.shuffle(roles)
        rng.shuffle(wires)
    else:
        roles, wires = _read_stacked(stacked, roles, wires)
    return State(
        roles=roles[:players],
        set_aside=roles[players] if len(roles) > players else None,
        rows=deal(wires, players, 1),
        holder=_first_holder(chosen["first_holder"], players, rng),
        rng=rng,
    )


def _first_holder(choice: object, players: int, rng: Rng) -> int:
    if choice == RANDOM:
        return rng.below(players)
    if isinstance(choice, bool) or not isinstance(choice, int) or choice >= players:
        raise IllegalAction(BAD_OPTION, f"first_holder must be random or a seat below {players}")
    return choice


def _read_stacked(
    stacked: Sequence[Any], roles: list[str], wires: list[int]
) -> tuple[list[str], list[int]]:
    """The stacked names, checked to be exactly the cards of the set-up table."""
    if isinstance(stacked, str | bytes) or len(stacked) != len(roles) + len(wires):
        raise IllegalAction(
            BAD_SETUP,
            f"stacked lists {len(roles)} role cards then {len(wires)} wires "
            f"({WIRES_EACH} a seat)",
        )
    given_roles = list(stacked[: len(roles)])
    given_names = list(stacked[len(roles) :])
    if not all(isinstance(r, str) and r in TEAMS for r in given_roles) or Counter(
        given_roles
    ) != Counter(roles):
        raise IllegalAction(BAD_SETUP, f"stacked roles must be exactly {sorted(roles)}")
    if not all(isinstance(w, str) and w in KINDS for w in given_names):
        raise IllegalAction(BAD_SETUP, f"stacked wires are named {', '.join(KINDS)}")
    given_wires = [KINDS.index(name) for name in given_names]
    if Counter(given_wires) != Counter(wires):
        counts = Counter(KINDS[w] for w in wires)
        raise IllegalAction(BAD_SETUP, f"stacked wires must be exactly {dict(counts)}")
    return given_roles, given_wires
