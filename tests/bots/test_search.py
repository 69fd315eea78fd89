"""The search bots: UCB1 finds the best action, samples agree with the seat's view, and the bots
play only legal moves within their budget."""

from __future__ import annotations

import time

import pytest

from tictac.bots.driver import play_out
from tictac.bots.search import Budget, no_time_for_another, paired_search
from tictac.bots.time_bomb.reasoning import role_claim
from tictac.bots.time_bomb.search import CAUGHT_LYING
from tictac.bots.time_bomb.search import SearchBot as TimeBombSearch
from tictac.bots.time_bomb.search import determinize as time_bomb_sample
from tictac.bots.time_bomb.search import judge as time_bomb_judge
from tictac.bots.timos_twist_search import SearchBot as TimosTwistSearch
from tictac.bots.timos_twist_search import determinize as timos_twist_sample
from tictac.engine import Rng
from tictac.games import time_bomb, timos_twist
from tictac.games.time_bomb.table import BOMB, DEFUSING, KINDS, SAFE, SHERLOCK

QUICK = Budget(iterations=40, ms=None)


def test_paired_search_picks_the_action_best_on_the_same_samples() -> None:
    """Every trial scores every action on one sample: here a sample's luck lifts all actions
    alike, and action 2 is always a little better, which the paired totals show every time."""
    trials = []

    def trial(rng: Rng) -> list[float]:
        luck = rng.random()
        trials.append(luck)
        return [luck, luck + 0.01, luck + 0.02, luck - 0.5]

    assert paired_search(4, trial, Budget(iterations=400, ms=None), Rng(1)) == 2
    assert len(trials) == 100, "a trial spends one iteration of the budget per action"


def test_paired_search_gives_a_tie_to_the_first_action() -> None:
    assert paired_search(3, lambda rng: [0.5, 0.5, 0.5], Budget(iterations=30, ms=None),
                         Rng(1)) == 0


def test_a_time_budget_stops_the_search() -> None:
    def slow(rng: Rng) -> list[float]:
        time.sleep(0.002)
        return [0.5, 0.5, 0.5]

    started = time.perf_counter()
    paired_search(3, slow, Budget(iterations=1_000_000, ms=30), Rng(1))
    assert time.perf_counter() - started < 1.0


def test_the_search_stops_before_an_iteration_would_pass_its_deadline() -> None:
    """Iterations of 100 ms so far: with 50 ms left another would overrun, so the search stops;
    iterations of 1 ms: it goes on. Without a clock (`ms=None`) it never stops early."""
    now = time.perf_counter()
    deadline = now + 0.05
    assert no_time_for_another(deadline, now - 0.1, 1)
    assert not no_time_for_another(deadline, now - 0.1, 100)
    assert not no_time_for_another(None, now - 100.0, 1)


def random_states(game, players: int, seeds: int, options=None):  # type: ignore[no-untyped-def]
    """States along random games, one every few actions."""
    rng = Rng(f"states-{players}")
    for seed in range(seeds):
        state = game.setup(players, options, seed)
        while game.to_act(state):
            yield state
            seat = game.to_act(state)[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)), 10**9)


@pytest.mark.parametrize("players", [2, 4])
def test_timos_twist_sample_shows_the_seat_exactly_its_view(players: int) -> None:
    """Everything the seat sees is kept (hand, top, counts, scores, turn, penalty, drawn card);
    only the TIMO grace window is dropped, since the search has no clock."""
    rng = Rng(2)
    for state in random_states(timos_twist, players, 15, {"timo_grace_ms": 0}):
        seat = state.turn
        view = timos_twist.view(state, seat)
        sample = timos_twist_sample(view, seat, rng)
        assert timos_twist.view(sample, seat) == view
        held = sorted(card for hand in sample.hands for card in hand)
        assert sorted(held + sample.pile + sample.discard) == list(range(54))


@pytest.mark.parametrize("players", [4, 5, 7])
def test_time_bomb_sample_shows_the_seat_exactly_its_view(players: int) -> None:
    rng = Rng(3)
    for state in random_states(time_bomb, players, 15):
        for seat in range(players):
            view = time_bomb.view(state, seat)
            sample, weight = time_bomb_sample(view, seat, rng)
            assert time_bomb.view(sample, seat) == view
            assert 0 < weight <= 1


def test_time_bomb_sample_deals_a_sherlock_the_row_it_claimed() -> None:
    """Unless the claims cannot all be true (the sample then weighs next to nothing), a player
    sampled as Sherlock holds what a Sherlock with that claim would hold."""
    state = time_bomb.setup(5, {"first_holder": 0}, 1)
    for seat in range(1, 5):
        time_bomb.apply(state, seat, {"type": "claim", "defusing": 1, "bomb": False}, 0)
    view = time_bomb.view(state, 0)
    rng = Rng(4)
    checked = 0
    for _ in range(300):
        sample, weight = time_bomb_sample(view, 0, rng)
        if weight <= CAUGHT_LYING:
            continue
        for owner in range(1, 5):
            if sample.roles[owner] == SHERLOCK:
                counts = dict.fromkeys(KINDS, 0)
                for kind in sample.rows[owner]:
                    counts[KINDS[kind]] += 1
                said = role_claim(SHERLOCK, counts, 0)
                assert (said["defusing"], said["bomb"]) == (1, False)
                checked += 1
    assert checked > 100


def test_time_bomb_sherlock_would_rather_hand_the_pliers_to_whoever_holds_the_bomb() -> None:
    """Nobody cuts their own row, so the cut after the pliers reach the bomb's holder cannot
    find it: of two safe cuts handing the pliers to a Sherlock, the one to the bomb's holder is
    judged better for Sherlock's team."""
    state = time_bomb.setup(5, {"first_holder": 0}, 1)
    state.roles = [SHERLOCK, SHERLOCK, SHERLOCK, "moriarty", "moriarty"]
    state.rows = [[SAFE] * 5, [BOMB, SAFE, SAFE, SAFE, SAFE], [SAFE] * 5,
                  [DEFUSING] * 3 + [SAFE] * 2, [DEFUSING] * 2 + [SAFE] * 3]
    judged = []
    for target in (1, 2):
        trial = state.clone()
        time_bomb.apply(trial, 0, {"type": "cut", "target": target, "position": 4}, 0)
        judged.append(time_bomb_judge(trial, SHERLOCK))
    to_the_bomb_holder, to_another = judged
    assert to_the_bomb_holder > to_another


def test_timos_twist_search_bot_goes_out_when_it_can() -> None:
    state = timos_twist.setup(2, {"timo_grace_ms": 0}, 5)
    seat = state.turn
    state.hands[seat] = [0]  # blue-0
    state.discard.append(1)  # blue-1 on top
    state.color = 0
    bot = TimosTwistSearch(seat, Rng(1), QUICK)
    action = bot.act(timos_twist.view(state, seat), timos_twist.legal_actions(state, seat), True)
    assert action == {"type": "play", "card": "blue-0"}


def test_timos_twist_search_bot_counts_a_round_won_by_the_move_it_tries() -> None:
    """Going out ends the round (here the game) within the move tried: the samples score it as
    won, rather than playing on into the next round (or past the end of the game)."""
    state = timos_twist.setup(2, {"timo_grace_ms": 0, "draw_anytime": True, "target_score": 50}, 5)
    seat = state.turn
    state.hands[seat] = [0]  # blue-0
    state.scores[seat] = 49
    state.discard.append(1)  # blue-1 on top
    state.color = 0
    bot = TimosTwistSearch(seat, Rng(1), QUICK)
    legal = timos_twist.legal_actions(state, seat)
    assert {"type": "draw"} in legal
    action = bot.act(timos_twist.view(state, seat), legal, True)
    assert action == {"type": "play", "card": "blue-0"}


def test_search_bots_play_whole_games_with_legal_moves_only() -> None:
    for seed in range(2):
        state = timos_twist.setup(3, {"target_score": 50}, seed)
        seats = {s: TimosTwistSearch(s, Rng(s), QUICK) for s in range(3)}
        assert play_out(timos_twist, state, seats) > 0  # type: ignore[arg-type]
    for players in (4, 6, 8):
        state = time_bomb.setup(players, None, players)
        bots = {s: TimeBombSearch(s, Rng(s), QUICK) for s in range(players)}
        assert play_out(time_bomb, state, bots, max_actions=500) > 0
        assert time_bomb.outcome(state) is not None

