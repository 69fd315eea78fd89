"""Train a small agent on Timo's Twist through the PettingZoo environment, numpy only.

    uv run --group rl python examples/timos_twist_reinforce.py [--episodes 3000] [--eval 500]

The agent is a softmax policy over the legal actions (the mask) of a linear score of a few
features of each action read off the observation (its kind, its colour in the hand, the next
player's hand size), trained by REINFORCE with a running baseline, seat 0 against a random
player in seat 1, one round a game
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
from tictac.rl.timos_twist import BLACK_PLAYS, DRAW, HAND, SIZES, TOP

OPTIONS = {"target_score": 1}


def features(observation: np.ndarray, action: int) -> np.ndarray:
    """What the policy weighs about one action, read from the observation: drawing or passing;
    else the card's kind (number, action card, black), how many cards of its colour the hand
    holds besides, and how few cards the next player holds."""
    hand = observation[HAND:TOP]
    next_cards = observation[SIZES + 1]
    out = np.zeros(FEATURES)
    if action >= DRAW:
        out[0] = 1.0
        return out
    card = action if action < BLACK_PLAYS else 52 + (action - BLACK_PLAYS) // 4
    out[1] = 1.0
    if card >= 52:
        out[2] = 1.0
        out[3] = hand[:52].reshape(4, 13)[(action - BLACK_PLAYS) % 4].sum() / 7
    else:
        colour, rank = divmod(card, 13)
        out[4] = rank >= 10
        out[3] = (hand[colour * 13:(colour + 1) * 13].sum() - 1) / 7
        out[5] = (rank >= 10) * (1.0 - next_cards * 54 / 7)
    out[6] = hand.sum() / 7 * out[2]  # a black card while the hand is still big
    return out


FEATURES = 7


class LinearPolicy:
    """Softmax over the legal actions of a linear score of each action's features."""

    def __init__(self, seed: int) -> None:
        self.weights = np.zeros(FEATURES)
        self.rng = np.random.default_rng(seed)

    def _choices(self, observation: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        legal = np.flatnonzero(mask)
        table = np.array([features(observation, int(action)) for action in legal])
        scores = table @ self.weights
        exp = np.exp(scores - scores.max())
        return legal, table, exp / exp.sum()  # type: ignore[return-value]

    def sample(self, observation: np.ndarray, mask: np.ndarray) -> int:
        legal, _, chances = self._choices(observation, mask)
        return int(self.rng.choice(legal, p=chances))

    def greedy(self, observation: np.ndarray, mask: np.ndarray) -> int:
        legal, _, chances = self._choices(observation, mask)
        return int(legal[np.argmax(chances)])

    def learn(self, steps: list[tuple[np.ndarray, np.ndarray, int]], advantage: float,
              rate: float) -> None:
        """One REINFORCE step: raise the log-probability of each action taken by `advantage`."""
        for observation, mask, action in steps:
            legal, table, chances = self._choices(observation, mask)
            taken = table[int(np.flatnonzero(legal == action)[0])]
            self.weights += rate * advantage * (taken - chances @ table)


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
            legal = env.game.legal_actions(env.game_state, 1)
            move = opponent.act(env.game.view(env.game_state, 1), legal, True)
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
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--eval", type=int, default=500, help="games per evaluation")
    parser.add_argument("--rate", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    env = TimosTwistEnv(2, OPTIONS)
    policy = LinearPolicy(args.seed)
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
    print("weights:", np.round(policy.weights, 2))
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
