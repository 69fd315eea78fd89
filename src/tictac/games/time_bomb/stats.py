"""End-of-game figures for Time Bomb, read from the finished state: each seat's role, what it
cut and what was cut from its row (by kind), its claims, and every round's cuts in order."""

from __future__ import annotations

from typing import Any

from tictac.games.time_bomb.state import State
from tictac.games.time_bomb.table import KINDS


def game_stats(state: State) -> dict[str, Any]:
    cut = [dict.fromkeys(KINDS, 0) for _ in range(state.players)]
    lost = [dict.fromkeys(KINDS, 0) for _ in range(state.players)]
    rounds: dict[int, list[dict[str, Any]]] = {}
    for round_, _number, cutter, target, _position, kind in state.revealed:
        cut[cutter][KINDS[kind]] += 1
        lost[target][KINDS[kind]] += 1
        rounds.setdefault(round_, []).append(
            {"cutter": cutter, "target": target, "kind": KINDS[kind]}
        )
    claims = [0] * state.players
    for seat, *_ in state.claims:
        claims[seat] += 1
    return {
        "seats": [
            {
                "seat": seat,
                "role": state.roles[seat],
                "cut": cut[seat],
                "lost": lost[seat],
                "claims": claims[seat],
            }
            for seat in range(state.players)
        ],
        "rounds": [{"round": number, "cuts": cuts} for number, cuts in sorted(rounds.items())],
    }
