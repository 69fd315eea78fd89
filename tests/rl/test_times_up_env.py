"""Time's Up as an environment means something (issue 26, item 4): the guessers are modelled, so
a card is won only by giving clues, which cost time; the clock feature reads the running turn's
time. Seeded, so the counts below are the same at every run."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

pytest.importorskip("pettingzoo")

import numpy as np

from tictac.rl import TimesUpEnv
from tictac.rl.times_up import CLOCK, CLUE, INDEX, NAMED
from tictac.rl.times_up import KNOWN as KNOWN_AT

QUICK = {"deck_size": 10, "turn_seconds": 10}
Policy = Callable[[np.ndarray, np.ndarray, np.random.Generator], int]


def random_policy(observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def always_found(observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
    """Taps `found` whenever it may (the degenerate winner of issue 26), else the first move."""
    return INDEX["found"] if mask[INDEX["found"]] else int(np.flatnonzero(mask)[0])


def clue_then_found(observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
    """Gives clues until the guessers say the name, then marks it found."""
    if not mask[CLUE]:
        return int(np.flatnonzero(mask)[0])
    return INDEX["found"] if observation[NAMED] else CLUE


def wins(policy: Policy, games: int) -> int:
    """Games won by the team playing `policy` against a team playing at random; the teams
    take turns at playing `policy` so that neither the first turn nor a team's draw decides.
    A game still going after 600 decisions (a team that never wins a card makes it long) is
    won by the team with more cards."""
    rng = np.random.default_rng(11)
    env = TimesUpEnv(4, QUICK, max_cycles=600)
    won = 0
    for game in range(games):
        env.reset(seed=game)
        team = game % 2
        ours = set(env.game_state.teams[team])
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            play = policy if env.seats[agent] in ours else random_policy
            env.step(play(observation["observation"], observation["action_mask"], rng))
        scores = env.game_state.team_scores()
        won += scores[team] > scores[1 - team]
    return won


def test_always_tapping_found_no_longer_beats_random_play() -> None:
    games = 60
    # Beyond chance: more than half the games by two standard deviations of a fair coin.
    assert wins(always_found, games) <= games / 2 + 2 * math.sqrt(games / 4)


def test_giving_clues_until_the_name_is_said_beats_random_play() -> None:
    games = 60
    assert wins(clue_then_found, games) > games / 2 + 2 * math.sqrt(games / 4)


def test_the_clock_feature_is_the_running_turn_time_left() -> None:
    """It read the carried-over time, so it was 1.0 all through a running turn."""
    env = TimesUpEnv(4, QUICK, step_ms=1000)
    env.reset(seed=3)
    agent = env.agent_selection
    assert env.observe(agent)["observation"][CLOCK] == 1.0
    env.step(INDEX["start"])
    cluegiver = env.agent_selection
    left = []
    for _ in range(4):
        observation = env.observe(cluegiver)["observation"]
        left.append(round(float(observation[CLOCK]), 3))
        assert observation[KNOWN_AT] > 0, "the cluegiver reads how well the table knows it"
        env.step(CLUE if not observation[NAMED] else INDEX["found"])
    assert left == [0.9, 0.8, 0.7, 0.6]  # a 10-second turn, a second an action


def test_a_found_nobody_said_wins_no_card() -> None:
    env = TimesUpEnv(4, QUICK)
    env.reset(seed=5)
    env.step(INDEX["start"])
    state = env.game_state
    card = state.in_hand
    env.step(INDEX["found"])  # round 1: the timekeeper says no, the card stays in hand
    assert state.in_hand == card and not any(state.found[-1])
