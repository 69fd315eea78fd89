"""One seat of each game through Gymnasium's registry and its vector environments."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv  # noqa: E402

from tictac.rl import GYMNASIUM_IDS  # noqa: E402


@pytest.mark.parametrize("env_id", sorted(GYMNASIUM_IDS))
def test_gymnasium_make_gives_a_checked_environment(env_id: str) -> None:
    env = gymnasium.make(env_id, opponents="normal")  # a level every game has
    check_env(env.unwrapped, skip_render_check=True)
    observation, info = env.reset(seed=1)
    assert env.observation_space.contains(observation) and info["action_mask"].any()


def play(vector, steps: int, seed: int) -> tuple[int, np.ndarray]:
    """`steps` steps of random legal actions; the episodes ended and the last observations."""
    rng = np.random.default_rng(seed)
    observations, infos = vector.reset(seed=seed)
    ended = 0
    for _ in range(steps):
        # (an ended episode's mask is empty: that step resets it, whatever the action)
        actions = [int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
                   for mask in infos["action_mask"]]
        observations, _, terminated, truncated, infos = vector.step(np.array(actions))
        ended += int((terminated | truncated).sum())
    return ended, observations


@pytest.mark.parametrize("vector_class", [SyncVectorEnv, AsyncVectorEnv])
def test_vector_environments_play_masked_episodes_to_their_ends(vector_class) -> None:
    """Each sub-environment's mask comes through `infos`, and episodes end and start again
    (the step after an end resets that environment: Gymnasium's autoreset)."""
    def make():
        return gymnasium.make("tictac/TimosTwist-v0", options={"target_score": 1})

    vector = vector_class([make] * 2)
    try:
        ended, observations = play(vector, 120, seed=3)
    finally:
        vector.close()
    assert observations.shape == (2, 135)
    assert ended >= 2
    again = SyncVectorEnv([make] * 2)
    assert (play(again, 120, seed=3)[1] == observations).all(), "seeded: the same play"
