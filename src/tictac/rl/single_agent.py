"""One seat of a game as a Gymnasium environment, our bots in the others (docs/rl.md,
"A single-agent environment").

It wraps the game's PettingZoo environment (`tictac.rl.ENVS`): the agent's observation is its
seat's `observation` vector, the legal actions its `action_mask`, given in `info` (Gymnasium
has no place for a mask in the observation itself). Between two of the agent's moves the other
seats' bots (`tictac.bots`, seeing only their seat's view) play theirs. The reward comes at the
end: +1 if the agent's seat wins, -1 if it loses (0 if every seat won). An action the mask does
not allow ends the episode as a loss (`info["illegal"]`); an episode longer than `max_steps`
of the agent's moves is truncated.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from tictac.bots import Bot, make_bot
from tictac.engine import Action, Rng
from tictac.rl import ENVS
from tictac.rl.base import TictacEnv


class SingleAgentEnv(gymnasium.Env):
    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 (Gymnasium's own name)

    def __init__(
        self,
        game: str = "timos-twist",
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        seat: int = 0,
        opponents: str = "random",
        max_steps: int = 1000,
        observation: str | None = None,
    ) -> None:
        if game not in ENVS:
            raise ValueError(f"no environment for {game!r}; known: {', '.join(sorted(ENVS))}")
        self.game = game
        self.env: TictacEnv = ENVS[game](players=players, options=options,
                                         observation=observation)
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}")
        self.seat = seat
        self.agent = self.env.possible_agents[seat]
        self.opponents = opponents
        self.max_steps = max_steps
        observed = self.env.observation_space(self.agent)
        assert isinstance(observed, spaces.Dict)
        self.observation_space = observed["observation"]
        self.action_space = spaces.Discrete(self.env.ACTIONS)
        self.bots: dict[int, Bot] = {}
        self.steps = 0
        self.over = True  # until reset

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        episode_seed = int(self.np_random.integers(2**31))  # from `seed` when one is given
        self.env.reset(seed=episode_seed)
        self.bots = {
            seat: make_bot(self.env.GAME, self.opponents, seat, Rng(f"{episode_seed}-{seat}"))
            for seat in range(self.env.players) if seat != self.seat
        }
        self.steps = 0
        self.over = False
        self._play_others()
        return self._observe()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.over:
            raise RuntimeError("the episode is over: call reset()")
        observation, info = self._observe()
        if not info["action_mask"][int(action)]:
            self.over = True
            info["illegal"] = True
            return observation, -1.0, True, False, info
        self.env.step(int(action))
        self.steps += 1
        self._play_others()
        observation, info = self._observe()
        terminated = self.env.terminations[self.agent]
        reward = float(self.env.rewards[self.agent]) if terminated else 0.0
        truncated = not terminated and self.steps >= self.max_steps
        self.over = terminated or truncated
        return observation, reward, terminated, truncated, info

    def _play_others(self) -> None:
        """The bots' moves until the agent's seat is to act or the game is over."""
        env = self.env
        while not env.terminations[self.agent] and env.agent_selection != self.agent:
            seat = env.possible_agents.index(env.agent_selection)
            env.step(self.bot_number(self.bots[seat], seat))

    def bot_number(self, bot: Bot, seat: int) -> int:
        """The number of `bot`'s move, playing `seat` from its view, among the seat's legal
        actions (a bot in the agent's own seat: the baselines of bench/timos_twist_learner.py);
        a bot that passes on an optional move (None) takes the environment's own action if it
        has one (Time Bomb's silence)."""
        legal = self.env.legal(seat)
        engine_actions = [action for action in legal.values() if action is not None]
        must = None not in legal.values()
        view = self.env.game.view(self.env.game_state, seat)
        chosen = bot.act(view, engine_actions, must)
        for number, action in legal.items():
            if action == chosen or (chosen is not None and action is not None
                                    and _without_timo(action) == _without_timo(chosen)):
                return number
        raise RuntimeError(f"seat {seat}'s bot chose {chosen!r}, which has no number")

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        observed = self.env.observe(self.agent)
        return observed["observation"], {"action_mask": observed["action_mask"]}


def _without_timo(action: Action) -> Action:
    """A play the same with or without its TIMO call (the environment always calls it)."""
    return {key: value for key, value in action.items() if key != "timo"}
