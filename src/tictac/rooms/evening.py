"""An evening in one room: the games a room played since its evening began,
each with the evening points it gave, and the standings they add up to.

The points rule (docs/rulings.md, "The evening scoreboard"): a finished game of N seats gives
each seat 10 × (the seats it finished ahead of + half the other seats it tied with) / (N − 1)
points. The first of a game alone gets 10, the last alone 0, and every game gives out the same
total for its number of seats whatever its length, so one long game weighs no more than a
short one. Seats are ranked by the game's outcome: its winners ahead of the rest, then by
score, higher first; seats equal on both are tied, so a team (whose members share the team's
score and win) shares its place.

Points are kept exact (fractions, stored as "35/3"): rounded per game, 10 + 1.67 against
3.33 + 8.33 would part two players who are both at 35/3. The standings sort on the exact sums
and send each as the float nearest it, so equal sums are equal numbers on every screen.

Rows are keyed by place id, not by name: a rename keeps a row, and the points of a seat a bot
took over mid-game go to the place that held it when the game began (`pids` in the game's
stored setup).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tictac.engine import Outcome
from tictac.rooms.places import Seating
from tictac.rooms.record import RoomRecord

FIRST_POINTS = 10
# The record keeps the evening's latest games one by one, and the points of those before added
# up by place: a room that plays on for days keeps its record small and its summary quick; the
# summary shows its best rows only (messages.FRAME_BOUND).
KEPT_GAMES = 30
SHOWN_ROWS = 50


def points(outcome: Outcome, seats: int) -> list[Fraction]:
    """Each seat's evening points for a game that ended with `outcome` (see the module's
    docstring), exact."""
    if seats < 2:
        return [Fraction(0)] * seats
    scores = list(outcome.scores) if len(outcome.scores) == seats else [0] * seats
    rank = [(seat in outcome.winners, scores[seat]) for seat in range(seats)]
    shares = []
    for seat in range(seats):
        ahead = sum(1 for other in range(seats) if rank[other] < rank[seat])
        tied = sum(1 for other in range(seats) if other != seat and rank[other] == rank[seat])
        shares.append(Fraction(FIRST_POINTS * (2 * ahead + tied), 2 * (seats - 1)))
    return shares


def score_game(record: RoomRecord, index: int, game: str, outcome: Outcome,
               pids: Sequence[int], names: Sequence[str]) -> None:
    """Adds game `index` (of `game`, played by places `pids` named `names` at its start) to the
    evening, once: a restore that finds a finished game already counted leaves it."""
    if any(entry["index"] == index for entry in record.evening):
        return
    given = points(outcome, len(pids))
    record.evening.append({
        "index": index, "game": game,
        "rows": [[pid, names[seat], str(given[seat])] for seat, pid in enumerate(pids)],
        "winners": [names[seat] for seat in outcome.winners if 0 <= seat < len(names)],
    })
    if len(record.evening) > KEPT_GAMES:
        oldest = record.evening.pop(0)
        record.evening_carried = [[pid, row["name"], str(row["points"]), row["games"]]
                                  for pid, row in _totals([oldest], record.evening_carried)]
        record.evening_folded += 1


def end(record: RoomRecord) -> None:
    """The host ended the evening: the TV shows its podium, the next game opens a new one."""
    record.evening_over = True


def new_evening(record: RoomRecord) -> None:
    """The games so far are put away: the next one opens a new evening."""
    record.evening, record.evening_carried = [], []
    record.evening_folded, record.evening_over = 0, False


def standings(record: RoomRecord, seating: Seating) -> list[dict[str, Any]]:
    """The evening's rows, best first: each place's points in total, under its name now (the
    name it last played under if its place is gone, a removed bot's), with its games played."""
    rows = []
    for pid, row in _totals(record.evening, record.evening_carried):
        place = seating.places.get(pid)
        rows.append({"name": place.name if place is not None else row["name"],
                     "points": row["points"], "games": row["games"]})
    rows.sort(key=lambda row: -row["points"])  # exact: tied sums stay tied
    return [{**row, "points": float(row["points"])} for row in rows]


def _exact(value: str | float) -> Fraction:
    """Stored points: "35/3" (or a record's older rounded number, "11.67")."""
    return Fraction(str(value))


def _totals(games: list[dict[str, Any]],
            carried: list[list[Any]]) -> list[tuple[int, dict[str, Any]]]:
    """Each place's points, games and last name: those `carried` over, plus `games`'."""
    totals = {pid: {"name": name, "points": _exact(given), "games": count}
              for pid, name, given, count in carried}
    for entry in games:
        for pid, name, given in entry["rows"]:
            row = totals.setdefault(pid, {"points": Fraction(0), "games": 0})
            row["points"] += _exact(given)
            row["games"] += 1
            row["name"] = name
    return list(totals.items())


def summary(record: RoomRecord, seating: Seating) -> dict[str, Any]:
    """The `room` message's `evening`: its latest games with their winners, the standings, and
    whether the host ended it (the TV shows the podium)."""
    return {"games": [{"index": entry["index"], "game": entry["game"],
                       "winners": entry["winners"]} for entry in record.evening],
            "played": record.evening_folded + len(record.evening),
            "standings": standings(record, seating)[:SHOWN_ROWS],
            "over": record.evening_over}
