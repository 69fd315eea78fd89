"""The sheet's set-up table: role cards and wires for each player count, and the names of things."""

from __future__ import annotations

SHERLOCK = "sherlock"
MORIARTY = "moriarty"
TEAMS = (SHERLOCK, MORIARTY)

# Wire kinds are small ints in the state (cheap to copy and compare); views use the names.
SAFE, DEFUSING, BOMB = 0, 1, 2
KINDS = ("safe", "defusing", "bomb")
CUT = -1  # a slot of this round's row whose wire has been cut and revealed

WIRES_EACH = 5
ROUNDS = 4
MIN_PLAYERS = 4
MAX_PLAYERS = 8

# players -> (Sherlock cards, Moriarty cards); at 4 and 7 one card more than players is taken
# and the extra one is set aside unseen.
ROLE_CARDS = {4: (3, 2), 5: (3, 2), 6: (4, 2), 7: (5, 3), 8: (5, 3)}


def role_cards(players: int) -> list[str]:
    sherlocks, moriarties = ROLE_CARDS[players]
    return [SHERLOCK] * sherlocks + [MORIARTY] * moriarties


def wire_cards(players: int) -> list[int]:
    """As many defusing wires as players, one bomb, and safe wires to make five a player."""
    safe = WIRES_EACH * players - players - 1
    return [SAFE] * safe + [DEFUSING] * players + [BOMB]


def wires_each(round_: int) -> int:
    """5 wires a player in round 1, then one fewer each round."""
    return WIRES_EACH + 1 - round_
