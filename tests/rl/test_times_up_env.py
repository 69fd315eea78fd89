"""Time's Up as an environment means something: the guessers are modelled, so a card is won only
by giving clues, which cost time, and a card the table knows badly gets harder each round, so
passing it can pay; the clock feature reads the running turn's time; every policy's episode ends.
Seeded, so the counts below are the same at every run."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

pytest.importorskip("pettingzoo")

import numpy as np

from tictac.rl import TimesUpEnv
from tictac.rl.base import MAX_CYCLES
from tictac.rl.times_up import CLOCK, CLUE, DECK, INDEX, NAMED
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


def first_legal(observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(np.flatnonzero(mask)[0])


def always_pass(observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
    """Passes every card it may, else gives a clue: never wins a card after round 1."""
    if mask[INDEX["pass"]]:
        return INDEX["pass"]
    return CLUE if mask[CLUE] else int(np.flatnonzero(mask)[0])


def always_clue(observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
    return CLUE if mask[CLUE] else int(np.flatnonzero(mask)[0])


def pass_hard_cards(observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
    """As `clue_then_found`, but passes a card one clue has little chance of getting named while
    the deck still holds a quarter of the cards (passing sets the card aside for the turn; once
    the deck is empty, the turn ends)."""
    if mask[CLUE] and not observation[NAMED] and mask[INDEX["pass"]] \
            and observation[KNOWN_AT] < 0.15 and observation[DECK] > 0.25:
        return INDEX["pass"]
    return clue_then_found(observation, mask, rng)


def wins(policy: Policy, games: int, against: Policy = random_policy,
         options: dict[str, object] = QUICK) -> int:
    """Games won by the team playing `policy` against a team playing `against`; the teams
    take turns at playing `policy` so that neither the first turn nor a team's draw decides.
    A game still going after 600 decisions of the quick game (a team that never wins a card
    makes it long), or the default limit of a whole one, is won by the team with more cards."""
    rng = np.random.default_rng(11)
    env = TimesUpEnv(4, options, max_cycles=600 if options is QUICK else None)
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
            play = policy if env.seats[agent] in ours else against
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


@pytest.mark.parametrize("rules", ["fr", "en"])
def test_passing_hard_cards_beats_giving_clues_until_the_name_is_said(rules: str) -> None:
    """Each clue's chance falls with the round, so from round 2 a card the table knows badly
    can eat a turn: the simple rule that was unbeaten (clues until the name, then found)
    loses to one that passes such cards."""
    games = 60  # whole games (40 cards, 30-second turns): the quick ones leave little to pass
    won = wins(pass_hard_cards, games, clue_then_found, {"rules": rules})
    assert won > games / 2 + 2 * math.sqrt(games / 4)


@pytest.mark.parametrize("rules", ["fr", "en"])
@pytest.mark.parametrize("policy", [random_policy, first_legal, always_found, always_pass,
                                    always_clue, clue_then_found])
def test_every_policy_ends_its_episode_by_default(rules: str, policy: Policy) -> None:
    """A team that never wins a card never ends a round: with no limit given, the episode is
    truncated after MAX_CYCLES decisions, so a training loop cannot hang."""
    env = TimesUpEnv(4, {"rules": rules})
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    ended = set()
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            ended.add(agent)
            env.step(None)
        else:
            env.step(policy(observation["observation"], observation["action_mask"], rng))
    assert ended == set(env.possible_agents)
    assert env.decisions <= MAX_CYCLES


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
