"""The single-agent Gymnasium environment (issue 26, item 6; docs/rl.md, "A single-agent
environment"): Gymnasium's own checker, masks that are the seat's legal moves by the engine,
seeded episodes, and the bots in the other seats."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env

from tictac.games import time_bomb, timos_twist
from tictac.games.timos_twist.cards import COLOR_INDEX, INDEX, IS_BLACK
from tictac.rl.single_agent import SingleAgentEnv

CONFIGS = [
    {"game": "timos-twist", "players": 2, "opponents": "random"},
    {"game": "timos-twist", "players": 4, "opponents": "heuristic", "seat": 2},
    {"game": "time-bomb", "players": 5, "opponents": "reasoning", "seat": 1},
]


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_gymnasium_check_env_passes(config) -> None:
    check_env(SingleAgentEnv(**config), skip_render_check=True)


def timos_twist_numbers(state, seat: int) -> set[int]:
    """The engine's legal moves for `seat` numbered as docs/rl.md's table has them."""
    numbers = set()
    for action in timos_twist.legal_actions(state, seat):
        if action["type"] == "draw":
            numbers.add(60)
        elif action["type"] == "pass":
            numbers.add(61)
        elif action["type"] == "play":
            card = INDEX[action["card"]]
            numbers.add(52 + 4 * (card - 52) + COLOR_INDEX[action["color"]]
                        if IS_BLACK[card] else card)
    return numbers


def time_bomb_numbers(env: SingleAgentEnv) -> set[int]:
    """Cuts as `5 * (k - 1) + position` of the row k seats on, or claims and silence in a
    claiming turn (docs/rl.md's table)."""
    inner = env.env
    state, seat, players = inner.game_state, env.seat, inner.players
    if inner.claiming:
        return {35 + 2 * a["defusing"] + a["bomb"] for a in time_bomb.legal_actions(state, seat)
                if a["type"] == "claim"} | {47}
    return {5 * ((a["target"] - seat) % players - 1) + a["position"]
            for a in time_bomb.legal_actions(state, seat) if a["type"] == "cut"}


def episode(env: SingleAgentEnv, seed: int, check=None) -> list[tuple]:
    """A seeded episode of uniformly random legal moves: what the agent saw, step by step."""
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    seen = [(observation.tobytes(), 0.0)]
    while True:
        mask = info["action_mask"]
        assert mask.any(), "the agent is asked only when it has a move"
        if check is not None:
            check(env, mask)
        action = int(rng.choice(np.flatnonzero(mask)))
        observation, reward, terminated, truncated, info = env.step(action)
        seen.append((observation.tobytes(), reward))
        if terminated or truncated:
            return seen


def test_masks_are_the_engines_legal_moves() -> None:
    def timos(env, mask) -> None:
        assert set(np.flatnonzero(mask)) == timos_twist_numbers(env.env.game_state, env.seat)

    def bomb(env, mask) -> None:
        assert set(np.flatnonzero(mask)) == time_bomb_numbers(env)

    for seed in range(5):
        episode(SingleAgentEnv("timos-twist", 3, {"target_score": 1}, seat=1), seed, timos)
        episode(SingleAgentEnv("time-bomb", 4, opponents="reasoning", seat=seed % 4), seed,
                bomb)


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_the_same_seed_gives_the_same_episode(config) -> None:
    config = {**config, "options": {"target_score": 1}} if config["game"] == "timos-twist" \
        else config
    first = episode(SingleAgentEnv(**config), 11)
    assert episode(SingleAgentEnv(**config), 11) == first
    assert any(episode(SingleAgentEnv(**config), seed) != first for seed in (12, 13))


def test_the_episode_ends_with_the_seats_result() -> None:
    """+1 for a win, -1 for a loss, given once, at the end; the opponents' moves are made by
    the bots between the agent's."""
    results = set()
    for seed in range(20):
        env = SingleAgentEnv("timos-twist", 2, {"target_score": 1})
        seen = episode(env, seed)
        rewards = [reward for _, reward in seen]
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        winner = env.env.game_state.rounds[0][0]
        assert rewards[-1] == (1.0 if winner == env.seat else -1.0)
        results.add(rewards[-1])
    assert results == {1.0, -1.0}


def test_an_illegal_action_ends_the_episode_as_a_loss() -> None:
    env = SingleAgentEnv("timos-twist", 2)
    _, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="no environment"):
        SingleAgentEnv("chess")
    with pytest.raises(ValueError, match="seat"):
        SingleAgentEnv("timos-twist", 2, seat=2)


def test_the_learning_example_runs_a_few_episodes() -> None:
    """examples/timos_twist_masked_pg.py (a smoke test: the learning itself is measured by
    running the example, docs/rl.md): episodes, one update that changes the policy, and an
    evaluation against each kind of bot."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parents[2] / "examples" / "timos_twist_masked_pg.py"
    spec = importlib.util.spec_from_file_location("timos_twist_masked_pg", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    env = SingleAgentEnv("timos-twist", 2, example.OPTIONS)
    policy = example.Policy(env.observation_space.shape[0], env.action_space.n)
    rng = np.random.default_rng(0)
    batch = [example.run_episode(env, policy, seed, rng) for seed in range(4)]
    policy.update(batch, 0.01)
    assert np.abs(policy.w).sum() > 0
    for opponents in ("random", "heuristic"):
        wins, games = example.evaluate(policy, opponents, 4, greedy=True)
        assert games == 4 and 0 <= wins <= 4
