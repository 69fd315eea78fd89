"""Train a small agent on Timo's Twist through the PettingZoo environment, numpy only.

    uv run --group rl python examples/timos_twist_reinforce.py [--episodes 4000]

The agent is a linear softmax policy over the 62 actions (masked by the legal ones), trained by
REINFORCE with a running baseline, seat 0 against a random player in seat 1, one round a game
(target score 1, so a game is a round). Before and after training it plays `--eval` seeded
games against the random player and against the heuristic bot (`tictac.bots`). A few minutes
on one CPU core; the figures it prints are in docs/rl.md.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from tictac.bots import Bot, make_bot
from tictac.engine import Rng
from tictac.rl import TimosTwistEnv

OPTIONS = {"target_score": 1}


class LinearPolicy:
    def __init__(self, observations: int, actions: int, seed: int) -> None:
        self.weights = np.zeros((actions, observations + 1))
        self.rng = np.random.default_rng(seed)

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        scores = self.weights @ np.append(observation, 1.0)
        scores = np.where(mask == 1, scores, -np.inf)
        scores -= scores.max()
        exp = np.exp(scores)
        return exp / exp.sum()

    def sample(self, observation: np.ndarray, mask: np.ndarray) -> int:
        return int(self.rng.choice(len(mask), p=self.probabilities(observation, mask)))

    def greedy(self, observation: np.ndarray, mask: np.ndarray) -> int:
        return int(np.argmax(self.probabilities(observation, mask)))

    def learn(self, steps: list[tuple[np.ndarray, np.ndarray, int]], advantage: float,
              rate: float) -> None:
        """One REINFORCE step: raise the log-probability of each action taken by `advantage`."""
        for observation, mask, action in steps:
            features = np.append(observation, 1.0)
            gradient = -self.probabilities(observation, mask)[:, None] * features
            gradient[action] += features
            self.weights += rate * advantage * gradient


def play(env: TimosTwistEnv, seed: int, choose, opponent: Bot | None):  # type: ignore[no-untyped-def]
    """One game; seat 0 by `choose(observation, mask)`, seat 1 by `opponent` (a bot seeing its
    view) or uniformly at random. Returns seat 0's reward and its steps."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = []
    reward = 0.0
    for agent in env.agent_iter():
        observation, agent_reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            if agent == "player_0":
                reward = agent_reward
            env.step(None)
            continue
        mask = observation["action_mask"]
        if agent == "player_0":
            action = choose(observation["observation"], mask)
            steps.append((observation["observation"], mask, action))
        elif opponent is None:
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            legal = env.game.legal_actions(env.state, 1)
            move = opponent.act(env.game.view(env.state, 1), legal, True)
            assert move is not None
            action = env.action_index(move)
        env.step(action)
    return reward, steps


def win_rate(env: TimosTwistEnv, policy: LinearPolicy, games: int, opponent: str) -> float:
    wins = 0
    for seed in range(10**6, 10**6 + games):
        bot = None if opponent == "random" else make_bot(env.GAME, opponent, 1, Rng(seed))
        reward, _ = play(env, seed, policy.greedy, bot)
        wins += reward > 0
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=4000)
    parser.add_argument("--eval", type=int, default=500, help="games per evaluation")
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    env = TimosTwistEnv(2, OPTIONS)
    policy = LinearPolicy(env.OBSERVATION, env.ACTIONS, args.seed)
    started = time.perf_counter()

    def report(when: str) -> None:
        versus = {kind: win_rate(env, policy, args.eval, kind) for kind in ("random", "heuristic")}
        print(f"{when}: greedy policy wins {versus['random']:.1%} against random play, "
              f"{versus['heuristic']:.1%} against the heuristic bot ({args.eval} games each)")

    report("untrained")
    baseline = 0.0
    for episode in range(args.episodes):
        reward, steps = play(env, args.seed * 10**7 + episode, policy.sample, None)
        policy.learn(steps, reward - baseline, args.rate)
        baseline += 0.01 * (reward - baseline)
        if (episode + 1) % 1000 == 0:
            print(f"  {episode + 1} episodes, running mean reward {baseline:+.3f}")
    report(f"after {args.episodes} episodes")
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
