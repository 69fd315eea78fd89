"""The AEC environments pass PettingZoo's own tests (API, seeds, render, state space), replay
exactly from a seed, truncate at `max_cycles`, and only ever offer legal moves (issue 26).
Skipped only when the `rl` group (pettingzoo) is not installed."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.test.state_test import test_state_space as check_state_space

from tictac.rl import TictacEnv, TimeBombEnv, TimesUpEnv, TimosTwistEnv

CASES = [
    (TimosTwistEnv, 2, None), (TimosTwistEnv, 4, None),
    (TimeBombEnv, 4, None), (TimeBombEnv, 5, None), (TimeBombEnv, 8, None),
    (TimesUpEnv, 4, None), (TimesUpEnv, 5, {"rules": "en"}),
]
# Every observation layout of every game, on one configuration each.
LAYOUTS = [(env_class, observation) for env_class in (TimosTwistEnv, TimeBombEnv, TimesUpEnv)
           for observation in env_class.ENCODINGS]


@pytest.mark.parametrize(("env_class", "players", "options"), CASES)
def test_env_passes_the_pettingzoo_api_test(
    env_class: type[TictacEnv], players: int, options: dict[str, str] | None
) -> None:
    api_test(env_class(players, options, render_mode="ansi"), num_cycles=300)


@pytest.mark.parametrize(("env_class", "observation"), LAYOUTS)
def test_every_layout_passes_the_api_seed_and_render_tests(
    env_class: type[TictacEnv], observation: str
) -> None:
    api_test(env_class(observation=observation), num_cycles=300)
    seed_test(lambda: env_class(observation=observation), num_cycles=300)
    # Issue 26, item 5: human mode prints the text and returns None; ansi returns it.
    render_test(lambda render_mode=None: env_class(observation=observation,
                                                   render_mode=render_mode))


def test_human_render_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    env = TimosTwistEnv(render_mode="human")
    env.reset(seed=4)
    assert env.render() is None
    assert "cards held" in capsys.readouterr().out


@pytest.mark.parametrize(("env_class", "observation"), LAYOUTS)
def test_state_is_every_seat_observation_in_the_state_space(
    env_class: type[TictacEnv], observation: str
) -> None:
    """Issue 26, item 5: `state()` no longer hidden by an attribute. PettingZoo's own
    `test_state` samples actions without the mask, which these games refuse; this walks
    masked random play instead, with its checks."""
    env = env_class(observation=observation)
    check_state_space(env)
    rng = np.random.default_rng(2)
    env.reset(seed=2)
    for _agent in env.agent_iter(400):
        state = env.state()
        assert state.dtype == np.float32 and env.state_space.contains(state)
        assert np.array_equal(state, np.concatenate(
            [env.observe(other)["observation"] for other in env.possible_agents]))
        observation_, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else
                 int(rng.choice(np.flatnonzero(observation_["action_mask"]))))


@pytest.mark.parametrize("env_class", [TimosTwistEnv, TimeBombEnv, TimesUpEnv])
def test_max_cycles_truncates_every_agent(env_class: type[TictacEnv]) -> None:
    """Issue 26, item 5: after `max_cycles` decisions every agent is truncated (the game not
    over, no reward) and steps None once to leave."""
    env = env_class(max_cycles=7)
    rng = np.random.default_rng(1)
    env.reset(seed=1)
    decisions, left = 0, []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if truncated:
            assert not terminated and reward == 0.0 and not observation["action_mask"].any()
            left.append(agent)
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        decisions += 1
    assert decisions == 7 and env.game.outcome(env.game_state) is None
    assert sorted(left) == sorted(env.possible_agents) and env.agents == []


def test_a_bad_option_of_the_environment_is_refused() -> None:
    with pytest.raises(ValueError, match="no observation"):
        TimeBombEnv(observation="history-v9")
    with pytest.raises(ValueError, match="max_cycles"):
        TimosTwistEnv(max_cycles=0)
    with pytest.raises(ValueError, match="render mode"):
        TimosTwistEnv(render_mode="rgb_array")


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
    assert env.game.outcome(env.game_state) is not None
    winners = set(env.game.outcome(env.game_state).winners)
    # As the OpenSpiel games: Timo's Twist zero-sum (each loser -1/(players - 1)), the team
    # games +1/-1 a seat.
    loss = -1.0 / (players - 1) if env_class is TimosTwistEnv else -1.0
    for seat, agent in enumerate(env.possible_agents):
        assert rewards[agent] == (1.0 if seat in winners else loss) or len(winners) == players


def test_timos_twist_observation_shows_the_hand_and_top_card() -> None:
    env = TimosTwistEnv(2)
    env.reset(seed=3)
    view = env.game.view(env.game_state, 0)
    observation = env.observe("player_0")["observation"]
    held = {int(i) for i in np.flatnonzero(observation[:54])}
    from tictac.games.timos_twist.cards import INDEX

    assert held == {INDEX[card] for card in view["hand"]}
    assert observation[54 + INDEX[view["top"]]] == 1.0


def test_time_bomb_round_opens_with_a_claiming_turn_for_every_seat() -> None:
    env = TimeBombEnv(5)
    env.reset(seed=1)
    holder = env.game_state.holder
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
    before = env.game_state.clone()
    with pytest.raises(ValueError):
        env.step(illegal)
    assert env.game_state == before


def test_times_up_refuses_the_player_written_deck() -> None:
    with pytest.raises(ValueError):
        TimesUpEnv(4, {"pack": "players"})


def test_timos_twist_play_that_leaves_one_card_calls_timo() -> None:
    env = TimosTwistEnv(2)
    env.reset(seed=11)
    seat = env.possible_agents.index(env.agent_selection)
    state = env.game_state
    hand = state.hands[seat]
    card = next(card for card in hand if card < 52 and card in env.legal(seat))
    other = next(c for c in hand if c != card)
    state.pile.extend(c for c in hand if c not in (card, other))  # every card stays in play
    state.hands[seat] = [card, other]
    env._legal = None  # the hand was changed behind the environment's back
    env.step(card)
    assert state.called[seat] is True and state.hands[seat] == [other]


@pytest.mark.parametrize(("env_class", "observation"), LAYOUTS)
def test_a_copied_or_pickled_env_plays_on_as_the_original(
    env_class: type[TictacEnv], observation: str
) -> None:
    """A search over copies of the table, or environments sent to worker processes, needs
    `copy.deepcopy` and `pickle`: both failed on the game module the environment holds. Taken
    mid-game, each copy then gives what the original gives, step by step, to the end."""
    import copy
    import pickle

    env = env_class(observation=observation, max_cycles=400)
    env.reset(seed=11)
    rng = np.random.default_rng(5)
    for _ in range(7):  # a few decisions in
        observation_now, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(observation_now["action_mask"]))))
    copies = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    for agent in env.agent_iter():
        mine = env.last()
        for other in copies:
            assert other.agent_selection == agent
            theirs = other.last()
            assert np.array_equal(theirs[0]["observation"], mine[0]["observation"])
            assert np.array_equal(theirs[0]["action_mask"], mine[0]["action_mask"])
            assert theirs[1:4] == mine[1:4]
        done = mine[2] or mine[3]
        action = None if done else int(rng.choice(np.flatnonzero(mine[0]["action_mask"])))
        for table in (env, *copies):
            table.step(action)
    assert all(not other.agents for other in copies)
    assert all(other.game is env.game for other in copies)
