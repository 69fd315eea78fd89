"""A baseline that learns: masked policy gradient on one seat of Timo's Twist, numpy only.

    uv run --group rl python examples/timos_twist_masked_pg.py [--episodes 12000]
        [--eval-games 2000] [--seed 1]

The game is one round of 2-player Timo's Twist (`target_score` 1: the first out wins), the
agent one seat of `tictac.rl.single_agent.SingleAgentEnv` (its seat alternating episode by
episode), the other seat our random bot. The policy is a softmax over the legal actions (the
mask in `info`) of logits linear in the 135-value observation; a linear value of the
observation is the baseline. Training is REINFORCE with that baseline (the reward is +1 or -1
at the end of the round), Adam, a batch of episodes per update. Before and after training the
policy plays `--eval-games` seeded rounds against random play and as many against the
heuristic bot, and the win rates are printed with their 95 % intervals: untrained (all weights
0) it plays uniformly at random among the legal actions; trained, greedily (the likeliest legal
action).
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from tictac.rl.single_agent import SingleAgentEnv

OPTIONS = {"target_score": 1}


class Policy:
    def __init__(self, observations: int, actions: int) -> None:
        self.w = np.zeros((actions, observations + 1))  # logits; the last column a bias
        self.v = np.zeros(observations + 1)  # the value baseline
        self.moments = [np.zeros_like(self.w), np.zeros_like(self.w), np.zeros_like(self.v),
                        np.zeros_like(self.v)]
        self.updates = 0

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.w @ x
        logits[mask == 0] = -np.inf
        exp = np.exp(logits - logits.max())
        return exp / exp.sum()

    def greedy(self, x: np.ndarray, mask: np.ndarray) -> int:
        logits = self.w @ x
        logits[mask == 0] = -np.inf
        return int(np.argmax(logits))

    def update(self, batch: list[tuple[np.ndarray, np.ndarray, np.ndarray, float]],
               rate: float) -> None:
        """One Adam step on REINFORCE with the value baseline over a batch of episodes, each
        (observations, masks, actions, return)."""
        grad_w, grad_v = np.zeros_like(self.w), np.zeros_like(self.v)
        steps = 0
        for xs, masks, actions, result in batch:
            values = xs @ self.v
            advantages = result - values
            logits = xs @ self.w.T
            logits[masks == 0] = -np.inf
            logits -= logits.max(axis=1, keepdims=True)
            chances = np.exp(logits)
            chances /= chances.sum(axis=1, keepdims=True)
            score = -chances
            score[np.arange(len(actions)), actions] += 1.0
            grad_w += (score * advantages[:, None]).T @ xs
            grad_v += advantages @ xs
            steps += len(actions)
        self.updates += 1
        for param, grad, m, s in ((self.w, grad_w / steps, *self.moments[:2]),
                                  (self.v, grad_v / steps, *self.moments[2:])):
            m *= 0.9
            m += 0.1 * grad
            s *= 0.999
            s += 0.001 * grad * grad
            m_hat = m / (1 - 0.9**self.updates)
            s_hat = s / (1 - 0.999**self.updates)
            param += rate * m_hat / (np.sqrt(s_hat) + 1e-8)  # ascent: more reward


def features(observation: np.ndarray) -> np.ndarray:
    return np.append(observation, 1.0)


def run_episode(env: SingleAgentEnv, policy: Policy, seed: int, rng: np.random.Generator
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    observation, info = env.reset(seed=seed)
    xs, masks, actions = [], [], []
    while True:
        x, mask = features(observation), info["action_mask"]
        action = int(rng.choice(len(mask), p=policy.probabilities(x, mask)))
        xs.append(x)
        masks.append(mask)
        actions.append(action)
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return np.array(xs), np.array(masks), np.array(actions), float(reward)


def evaluate(policy: Policy, opponents: str, games: int, greedy: bool) -> tuple[int, int]:
    """The policy's play (its likeliest action if `greedy`, else a sample) in `games` seeded
    rounds, the agent's seat alternating: the rounds it won."""
    rng = np.random.default_rng(7)
    envs = [SingleAgentEnv("timos-twist", 2, OPTIONS, seat=seat, opponents=opponents)
            for seat in (0, 1)]
    wins = 0
    for index in range(games):
        env = envs[index % 2]
        observation, info = env.reset(seed=10_000_000 + index)
        while True:
            x, mask = features(observation), info["action_mask"]
            if greedy:
                action = policy.greedy(x, mask)
            else:
                action = int(rng.choice(len(mask), p=policy.probabilities(x, mask)))
            observation, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                wins += reward > 0
                break
    return wins, games


def interval(wins: int, games: int) -> str:
    p = wins / games
    half = 1.96 * math.sqrt(p * (1 - p) / games)
    return f"{p:6.1%} ± {half:.1%} ({wins}/{games})"


def report(label: str, policy: Policy, games: int, greedy: bool) -> None:
    for opponents in ("random", "heuristic"):
        result = interval(*evaluate(policy, opponents, games, greedy))
        print(f"{label:>32} vs {opponents:<9}: {result}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=12_000)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--eval-games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    envs = [SingleAgentEnv("timos-twist", 2, OPTIONS, seat=seat) for seat in (0, 1)]
    size = envs[0].observation_space.shape[0]
    policy = Policy(size, int(envs[0].action_space.n))
    report("untrained (uniform random)", policy, args.eval_games, greedy=False)

    rng = np.random.default_rng(args.seed)
    started, batch, won = time.perf_counter(), [], 0
    for episode in range(args.episodes):
        batch.append(run_episode(envs[episode % 2], policy, args.seed * 1_000_000 + episode,
                                 rng))
        won += batch[-1][3] > 0
        if len(batch) == args.batch:
            policy.update(batch, args.rate)
            batch = []
        if (episode + 1) % 1000 == 0:
            print(f"episode {episode + 1}: won {won} of the last 1000 while learning "
                  f"[{time.perf_counter() - started:.0f} s]", flush=True)
            won = 0
    print(f"trained on {args.episodes} episodes in {time.perf_counter() - started:.0f} s")
    report(f"after {args.episodes} episodes, greedy", policy, args.eval_games, greedy=True)


if __name__ == "__main__":
    main()
