"""The cluegiver rotation and the timekeeper over whole games, the floating player included
(docs/rulings.md, Teams and Who keeps time; issue 19, item 3): every member of a team, the
floating player while they sit with it, takes turns as cluegiver, nobody twice in a row while a
teammate has not had a turn; in `fr` the cluegiver who has just played keeps time."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from tictac.games.times_up.state import State

from .support import TURN_MS, act, everyone_ready, new_game


@dataclass(frozen=True)
class Played:
    round: int
    team: int
    cluegiver: int
    timekeeper: int
    members: tuple[int, ...]
    next_team: tuple[int, ...]  # the players of the team playing after this one, this round
    carried: bool  # en: the same turn going on with the time left from the round before


def play(state: State, finds: list[int], carry: list[bool]) -> list[Played]:
    """Play turns until the game ends or `finds` runs out: turn i wins finds[i] cards (or the
    round, if fewer are left) and ends by time; en, a round won with time left is carried on
    or handed over as `carry` says, in turn."""
    played: list[Played] = []
    now, carried = 0, False
    finds, carry = finds[:], carry[:]
    while state.phase != "over" and finds:
        if state.phase == "waiting":
            keeper = state.timekeeper()
            act(state, "start", now)
            turn = state.turns[-1]
            played.append(Played(turn.round, turn.team, turn.cluegiver, keeper,
                                 state.members(turn.team),
                                 state.members((turn.team + 1) % len(state.teams)), carried))
            carried = False
            round_no = state.round
            for _ in range(finds.pop(0)):
                now += 1
                act(state, "found", now)
                if state.round != round_no or state.phase != "running":
                    break  # the round or the game is over
            if state.phase == "running":
                act(state, "time_up", now + TURN_MS)
        elif state.phase == "round_won":
            carried = carry.pop(0) if carry else False
            act(state, "continue" if carried else "hand_over", now, seat=state.deciders()[0])
        elif state.phase == "readback":
            everyone_ready(state, now)
        now += TURN_MS * 2
    return played


def assert_fair_rotation(played: list[Played]) -> None:
    """Each turn's cluegiver plays for their team of the round, and gives clues for it again
    only once every other member of the team this round has had a turn for it since, but the
    one who gave the clues of the turn just before (for another team: a floater whose round
    ended on their turn), who waits so as not to play twice in a row."""
    for index, turn in enumerate(played):
        assert turn.cluegiver in turn.members
        if turn.carried:
            continue
        before = [p for p in played[:index] if p.team == turn.team]
        mine = [i for i, p in enumerate(before) if p.cluegiver == turn.cluegiver]
        if not mine:
            continue
        since = {p.cluegiver for p in before[mine[-1] + 1:]} | {played[index - 1].cluegiver}
        missing = set(turn.members) - {turn.cluegiver} - since
        assert not missing, f"turn {index}: {turn.cluegiver} again before {missing}"


def assert_timekeepers(played: list[Played], previous_keeps_time: bool) -> None:
    """fr: the cluegiver who has just played keeps time (unless they now sit with the team
    playing); en: a member of the next team. Never a member of the team playing."""
    for index, turn in enumerate(played):
        assert turn.timekeeper not in turn.members
        if not previous_keeps_time:
            assert turn.timekeeper in turn.next_team
        elif index and played[index - 1].cluegiver not in turn.members:
            assert turn.timekeeper == played[index - 1].cluegiver


def test_a_floating_player_gives_clues_for_each_team_they_sit_with_in_turn() -> None:
    """Issue 19's table: 5 players, fr, teams [[0, 1], [2, 3]], seat 4 floats (team 0 in rounds
    1 and 3, team 1 in round 2). Before, team 1's cluegivers went 2, 3, 4, 2, 2 and seat 4 gave
    no clues for team 0 in round 3."""
    state = new_game(5, names=2, teams=[[0, 1], [2, 3]], odd_players="float", rules="fr")
    # cards won by each turn: 10 cards, so 4 turns a round
    played = play(state, [3, 3, 3, 1, 2, 3, 3, 2, 2, 2, 3, 3], [])
    assert [p.round for p in played] == [1] * 4 + [2] * 4 + [3] * 4
    assert [(p.team, p.cluegiver) for p in played] == [
        (0, 0), (1, 2), (0, 1), (1, 3),  # round 1: seat 4 with team 0, not reached yet
        (0, 0), (1, 4), (0, 1), (1, 2),  # round 2: with team 1, due first there
        (0, 4), (1, 3), (0, 0), (1, 2),  # round 3: back with team 0, due first there
    ]
    # fr: the cluegiver who has just played keeps time, across the round boundaries too
    assert [p.timekeeper for p in played][1:] == [p.cluegiver for p in played][:-1]
    assert_fair_rotation(played)


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(4, 12),
    odd_players=st.sampled_from(["float", "uneven_teams"]),
    rules=st.sampled_from(["fr", "en"]),
    seed=st.integers(0, 10_000),
    finds=st.lists(st.integers(0, 4), min_size=1, max_size=60),
    carry=st.lists(st.booleans(), max_size=4),
)
def test_every_member_gives_clues_in_turn_and_the_timekeeper_follows_the_rule_set(
    players: int, odd_players: str, rules: str, seed: int, finds: list[int], carry: list[bool]
) -> None:
    state = new_game(players, seed, names=2, fourth_round=True, odd_players=odd_players,
                     rules=rules)
    played = play(state, finds, carry)
    assert_fair_rotation(played)
    assert_timekeepers(played, rules == "fr")
