"""The bots: random only cuts; reasoning claims once a round and plays its role."""

from __future__ import annotations

from collections import Counter

import pytest

from tictac.bots import make_bot
from tictac.bots.driver import play_out
from tictac.bots.time_bomb.reasoning import ReasoningBot, estimate_rows
from tictac.engine import Rng
from tictac.games import time_bomb as game
from tictac.games.time_bomb.state import State
from tictac.games.time_bomb.table import MORIARTY, SHERLOCK

ROLES = [SHERLOCK, MORIARTY, SHERLOCK, MORIARTY, SHERLOCK]
# seat 0: bomb + 4 defusing; seat 1: 1 defusing + 4 safe; seats 2-4: safe.
WIRES = ["bomb"] + ["defusing"] * 5 + ["safe"] * 19


def stacked(roles: list[str] = ROLES, holder: int = 2) -> State:
    return game.setup(5, {"first_holder": holder}, 1, roles + WIRES)


def ask(state: State, seat: int, must: bool, kind: str = "reasoning") -> dict[str, object] | None:
    bot = make_bot(game.NAME, kind, seat, Rng(seat))
    return bot.act(game.view(state, seat), game.legal_actions(state, seat), must)


def claim(state: State, seat: int, defusing: int, bomb: bool = False) -> None:
    game.apply(state, seat, {"type": "claim", "defusing": defusing, "bomb": bomb}, 0)


def test_random_bot_only_cuts_never_claims_and_reaches_every_wire() -> None:
    state = stacked()
    assert ask(state, 4, must=False, kind="random") is None
    bot = make_bot(game.NAME, "random", 2, Rng("random-cuts"))
    view, legal = game.view(state, 2), game.legal_actions(state, 2)
    cuts = [(a["target"], a["position"]) for a in legal if a["type"] == "cut"]
    assert len(cuts) == 20 and len(legal) > len(cuts), "claims were on offer too"
    chosen = Counter()
    for _ in range(400):
        action = bot.act(view, legal, True)
        assert action is not None and action["type"] == "cut"
        chosen[action["target"], action["position"]] += 1
    # Uniform over 20 cuts: each about 20 times in 400; a bot stuck on a few would miss most.
    assert set(chosen) == set(cuts)
    assert max(chosen.values()) < 45


def test_reasoning_sherlock_claims_the_truth_once_a_round() -> None:
    state = stacked(roles=[MORIARTY, SHERLOCK, SHERLOCK, MORIARTY, SHERLOCK])
    assert ask(state, 1, must=False) == {"type": "claim", "defusing": 1, "bomb": False}
    claim(state, 1, 1)
    assert ask(state, 1, must=False) is None, "one claim a round"


def test_reasoning_sherlock_holding_the_bomb_keeps_it_quiet() -> None:
    state = stacked(roles=[SHERLOCK, MORIARTY, SHERLOCK, MORIARTY, SHERLOCK])
    assert ask(state, 0, must=False) == {"type": "claim", "defusing": 0, "bomb": False}


def test_reasoning_moriarty_denies_its_defusing_wires_and_its_bomb() -> None:
    state = stacked(roles=[MORIARTY, MORIARTY, SHERLOCK, SHERLOCK, SHERLOCK])
    assert ask(state, 1, must=False) == {"type": "claim", "defusing": 0, "bomb": False}
    said = ask(state, 0, must=False)
    assert said is not None and said["bomb"] is False and 1 <= said["defusing"] <= 4


def test_sherlock_cuts_where_claims_promise_defusing_wires() -> None:
    state = stacked(holder=2)
    for seat, defusing in [(0, 4), (1, 1), (3, 0), (4, 0), (2, 0)]:
        claim(state, seat, defusing)
    bot = make_bot(game.NAME, "reasoning", 2, Rng("sherlock-cuts"))
    view, legal = game.view(state, 2), game.legal_actions(state, 2)
    cuts = [bot.act(view, legal, True) for _ in range(40)]
    assert {cut["target"] for cut in cuts if cut is not None} == {0}
    # The position in the chosen row is left to chance: the owner shuffled it unseen.
    assert len({cut["position"] for cut in cuts if cut is not None}) == 5


def test_sherlock_avoids_a_row_said_to_hold_the_bomb() -> None:
    state = stacked(holder=2)
    for seat, defusing, bomb in [(0, 1, True), (1, 1, False), (3, 0, False), (4, 0, False)]:
        claim(state, seat, defusing, bomb)
    claim(state, 2, 0)
    assert ask(state, 2, must=True)["target"] == 1  # type: ignore[index]


def test_moriarty_cuts_towards_a_row_said_to_hold_the_bomb() -> None:
    state = stacked(roles=[SHERLOCK, SHERLOCK, SHERLOCK, MORIARTY, MORIARTY], holder=3)
    for seat, defusing, bomb in [(0, 1, True), (1, 1, False), (2, 0, False), (4, 0, False)]:
        claim(state, seat, defusing, bomb)
    claim(state, 3, 0)
    assert ask(state, 3, must=True)["target"] == 0  # type: ignore[index]


def test_a_claim_the_cuts_prove_false_makes_its_owner_a_suspect() -> None:
    state = stacked(holder=2)
    claim(state, 1, 0)  # seat 1 holds a defusing wire at position 0
    view = game.view(state, 4)
    trusting = estimate_rows(view, 4)[1]
    game.apply(state, 2, {"type": "cut", "target": 1, "position": 0}, 0)
    caught = estimate_rows(game.view(state, 4), 4)[1]
    assert trusting.suspicion < 1.0 and caught.suspicion == 1.0


def test_a_cut_against_the_claims_raises_suspicion() -> None:
    state = stacked(holder=3)
    for seat, defusing in [(0, 4), (1, 1), (2, 0), (4, 0)]:
        claim(state, seat, defusing)
    before = estimate_rows(game.view(state, 2), 2)[3].suspicion
    game.apply(state, 3, {"type": "cut", "target": 4, "position": 0}, 0)
    after = estimate_rows(game.view(state, 2), 2)[3].suspicion
    assert after > before


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_reasoning_bots_play_whole_games_at_every_player_count(players: int) -> None:
    for seed in range(5):
        state = game.setup(players, None, seed)
        rng = Rng(seed)
        seats = {s: ReasoningBot(s, rng.fork()) for s in range(players)}
        assert play_out(game, state, seats, max_actions=500) > 0
        assert game.outcome(state) is not None


def sherlock_wins(sherlock_kind: str, games: int) -> int:
    wins = 0
    rng = Rng("versus")
    for index in range(games):
        state = game.setup(5, None, index)
        seats = {
            s: make_bot(game.NAME, sherlock_kind if role == SHERLOCK else "random", s, rng.fork())
            for s, role in enumerate(state.roles)
        }
        play_out(game, state, seats)
        wins += state.team == SHERLOCK
    return wins


def test_reasoning_sherlocks_win_more_often_than_random_ones() -> None:
    assert sherlock_wins("reasoning", 150) > 2 * sherlock_wins("random", 150)
