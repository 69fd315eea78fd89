"""Teams: their sizes by player count, drawn or placed by the host, and who plays which role.

Teams of two; of three at 9 and 12 players; a mix at 10 and 11. At 5 and 7 players one player
floats (joins team 1 in round 1, team 2 in round 2, ...) unless the host asks for uneven teams.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tictac.engine import IllegalAction, Rng
from tictac.engine.errors import BAD_OPTION

Teams = tuple[tuple[int, ...], ...]


class Giver(Protocol):
    """A turn played, as the rotation reads it (the state's `Turn`): read in place, so that
    working out whose turn it is never copies the game's list of turns."""

    @property
    def team(self) -> int: ...

    @property
    def cluegiver(self) -> int: ...


TEAM_SIZES: dict[int, tuple[int, ...]] = {
    4: (2, 2),
    5: (3, 2),
    6: (2, 2, 2),
    7: (3, 2, 2),
    8: (2, 2, 2, 2),
    9: (3, 3, 3),
    10: (3, 3, 2, 2),
    11: (3, 3, 3, 2),
    12: (3, 3, 3, 3),
}
# With a floating player, the others pair up.
FLOATING_SIZES: dict[int, tuple[int, ...]] = {5: (2, 2), 7: (2, 2, 2)}


def sizes(players: int, odd_players: str) -> tuple[tuple[int, ...], bool]:
    """The team sizes for `players`, and whether one more player floats between them."""
    if odd_players == "float" and players in FLOATING_SIZES:
        return FLOATING_SIZES[players], True
    return TEAM_SIZES[players], False


def draw(players: int, odd_players: str, rng: Rng) -> tuple[Teams, int | None]:
    """Teams drawn at random, and the floating seat if there is one."""
    seats = list(range(players))
    rng.shuffle(seats)
    team_sizes, floats = sizes(players, odd_players)
    floater = seats.pop() if floats else None
    teams = []
    for size in team_sizes:
        teams.append(tuple(sorted(seats[:size])))
        del seats[:size]
    return tuple(teams), floater


def placed(players: int, odd_players: str, given: Sequence[object]) -> tuple[Teams, int | None]:
    """Teams the host placed: every seat once, teams of two or more, at least two teams; one seat
    left out floats (only with `odd_players` "float")."""
    teams = team_lists(given, players)
    if len(teams) < 2 or min(len(team) for team in teams) < 2:
        raise IllegalAction(BAD_OPTION, "option 'teams': at least two teams of 2+ seats")
    seen = {seat for team in teams for seat in team}
    left = sorted(set(range(players)) - seen)
    if not left:
        return teams, None
    if len(left) == 1 and odd_players == "float":
        return teams, left[0]
    raise IllegalAction(BAD_OPTION, f"option 'teams': seats {left} are in no team")


def team_lists(given: Sequence[object], players: int = max(TEAM_SIZES)) -> Teams:
    """The teams of option `teams`, refused unless lists of seats, each seat an int below
    `players` and in one team only. With the default `players` (the most the game seats) it is
    the option's shape, checked as soon as the host sets it (the lobby's editor may leave a team
    of one on the way); the start checks it again against the seats there are."""
    teams: list[tuple[int, ...]] = []
    seen: set[int] = set()
    for team in given:
        if not isinstance(team, list):
            raise IllegalAction(BAD_OPTION, "option 'teams': each team is a list of seats")
        for seat in team:
            if type(seat) is not int or not 0 <= seat < players:
                raise IllegalAction(BAD_OPTION, f"option 'teams': {seat!r:.40} is not a seat")
            if seat in seen:
                raise IllegalAction(BAD_OPTION, f"option 'teams': seat {seat} is placed twice")
            seen.add(seat)
        teams.append(tuple(team))
    return tuple(teams)


def floater_team(round_no: int, team_count: int) -> int:
    """The team the floating player joins in `round_no` (1-based): the first, then the next."""
    return (round_no - 1) % team_count


def members(teams: Teams, floater: int | None, round_no: int, team: int) -> tuple[int, ...]:
    """The players of `team` in `round_no`, the floating player last when they are with it."""
    if floater is not None and floater_team(round_no, len(teams)) == team:
        return (*teams[team], floater)
    return teams[team]


def team_of(teams: Teams, floater: int | None, round_no: int, seat: int) -> int:
    for index in range(len(teams)):
        if seat in members(teams, floater, round_no, index):
            return index
    raise ValueError(f"seat {seat} is in no team")


def rotation(
    teams: Teams, floater: int | None, round_no: int, team: int, turns: Sequence[Giver]
) -> tuple[int, ...]:
    """The players of `team` in `round_no` in the order they are due to give clues, from
    `turns`, every turn played so far (its team and cluegiver): first those who have not yet
    given clues for this team (in the team's order, the floating player last), then the one whose
    last turn for it is the oldest. So every member, the floating player included while they sit
    with the team, takes a turn before anyone has a second one (docs/rulings.md, Teams), however
    the team's membership changed between rounds. And nobody twice in a row: the cluegiver of
    the game's latest turn, if it was for another team (a floating player whose round ended on
    their turn, now sitting with the team playing first), waits behind the teammates who have
    not played since, though they never gave clues for this team yet."""
    players = members(teams, floater, round_no, team)
    # From the latest turn back, until each member's latest turn for the team is found: a game
    # of many turns (a learning agent's) costs no more than a short one.
    last_turn: dict[int, int] = {}
    for index in range(len(turns) - 1, -1, -1):
        turn = turns[index]
        giver = turn.cluegiver
        if turn.team == team and giver not in last_turn:
            last_turn[giver] = index
            if len(last_turn) == len(players) and all(seat in last_turn for seat in players):
                break
    # sorted() is stable: members who never gave clues for the team keep the team's order.
    order = sorted(players, key=lambda seat: last_turn.get(seat, -1))
    if turns and order[0] == turns[-1].cluegiver:
        # last, not second: a gone teammate's turn passes on to the others first (absence.py)
        order.append(order.pop(0))
    return tuple(order)


def timekeeper(
    teams: Teams,
    floater: int | None,
    round_no: int,
    team: int,
    turns: Sequence[Giver],
    *,
    previous: bool,
) -> int:
    """`previous` (fr): the cluegiver who has just played keeps time, the player to the right
    in turn order: the previous team's latest cluegiver among its players of this round (before
    any of them has played, the one who would have played just before). Otherwise (en) a member
    of the next team: the one who is not its next cluegiver."""
    if previous:
        before = (team - 1) % len(teams)
        return rotation(teams, floater, round_no, before, turns)[-1]
    following = (team + 1) % len(teams)
    return rotation(teams, floater, round_no, following, turns)[1]
