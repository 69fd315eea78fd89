"""The AEC environments pass PettingZoo's own API test, replay exactly from a seed, and only
ever offer legal moves. Skipped only when the `rl` group (pettingzoo) is not installed."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test

from tictac.rl import TictacEnv, TimeBombEnv, TimesUpEnv, TimosTwistEnv

CASES = [
    (TimosTwistEnv, 2, None), (TimosTwistEnv, 4, None),
    (TimeBombEnv, 4, None), (TimeBombEnv, 5, None), (TimeBombEnv, 8, None),
    (TimesUpEnv, 4, None), (TimesUpEnv, 5, {"rules": "en"}),
]


@pytest.mark.parametrize(("env_class", "players", "options"), CASES)
def test_env_passes_the_pettingzoo_api_test(
    env_class: type[TictacEnv], players: int, options: dict[str, str] | None
) -> None:
    api_test(env_class(players, options, render_mode="ansi"), num_cycles=300)


def random_episode(env: TictacEnv, seed: int) -> tuple[list[int], dict[str, float]]:
    """Play one episode choosing uniformly among the masked actions; the actions and rewards."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    actions: list[int] = []
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(100_000):
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        action = None
        if not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            actions.append(action)
        env.step(action)
    return actions, totals


@pytest.mark.parametrize(("env_class", "players", "options"), CASES)
def test_same_seed_same_episode_and_the_winners_score(
    env_class: type[TictacEnv], players: int, options: dict[str, str] | None
) -> None:
    env = env_class(players, options)
    first, rewards = random_episode(env, 7)
    assert random_episode(env_class(players, options), 7) == (first, rewards)
    assert env.game.outcome(env.state) is not None
    winners = set(env.game.outcome(env.state).winners)
    for seat, agent in enumerate(env.possible_agents):
        assert rewards[agent] == (1.0 if seat in winners else -1.0) or len(winners) == players


def test_timos_twist_observation_shows_the_hand_and_top_card() -> None:
    env = TimosTwistEnv(2)
    env.reset(seed=3)
    view = env.game.view(env.state, 0)
    observation = env.observe("player_0")["observation"]
    held = {int(i) for i in np.flatnonzero(observation[:54])}
    from tictac.games.timos_twist.cards import INDEX

    assert held == {INDEX[card] for card in view["hand"]}
    assert observation[54 + INDEX[view["top"]]] == 1.0


def test_time_bomb_round_opens_with_a_claiming_turn_for_every_seat() -> None:
    env = TimeBombEnv(5)
    env.reset(seed=1)
    holder = env.state.holder
    asked = []
    for _ in range(5):
        asked.append(env.possible_agents.index(env.agent_selection))
        mask = env.observe(env.agent_selection)["action_mask"]
        assert mask[47] == 1 and not mask[:35].any(), "claim or stay silent, no cut"
        env.step(47)
    assert asked == [(holder + k) % 5 for k in range(5)]
    mask = env.observe(env.agent_selection)["action_mask"]
    assert env.agent_selection == f"player_{holder}" and mask[:35].any() and not mask[35:].any()


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = TimosTwistEnv(2)
    env.reset(seed=5)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.state.clone()
    with pytest.raises(ValueError):
        env.step(illegal)
    assert env.state == before


def test_times_up_refuses_the_player_written_deck() -> None:
    with pytest.raises(ValueError):
        TimesUpEnv(4, {"pack": "players"})


def test_timos_twist_play_that_leaves_one_card_calls_timo() -> None:
    env = TimosTwistEnv(2)
    env.reset(seed=11)
    seat = env.possible_agents.index(env.agent_selection)
    hand = env.state.hands[seat]
    card = next(card for card in hand if card < 52 and card in env.legal(seat))
    other = next(c for c in hand if c != card)
    env.state.pile.extend(c for c in hand if c not in (card, other))  # every card stays in play
    env.state.hands[seat] = [card, other]
    env.step(card)
    assert env.state.called[seat] is True and env.state.hands[seat] == [other]
