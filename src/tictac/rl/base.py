"""A PettingZoo AEC environment over any game of the contract: the same `setup`, `apply`,
`legal_actions` and `view` as live play, with the seat's view encoded as an array.

A game's environment says how its actions are numbered (`action_index`), how a view becomes an
observation (`encode`) and, where the game asks for something an agent cannot give (free text,
a clock), what the environment does itself. Everything else is here: agent selection (the seat
the game waits for), the action mask from `legal_actions`, rewards at the end (+1 for each
winner, -1 for each other seat), seeds and a text render. See docs/rl.md.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tictac.engine import Action, View, get_game


class TictacEnv(AECEnv):  # type: ignore[misc]
    GAME: str = ""
    ACTIONS: int = 0  # size of the discrete action space
    OBSERVATION: int = 0  # length of the encoded observation
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"], "is_parallelizable": False
    }

    def __init__(
        self,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        step_ms: int = 1000,
    ) -> None:
        super().__init__()
        self.game = get_game(self.GAME)
        self.players = players
        self.options = dict(options or {})
        self.render_mode = render_mode
        self.step_ms = step_ms  # simulated time an action takes, for games with a clock
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (self.OBSERVATION,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.ACTIONS,), np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.ACTIONS) for agent in self.possible_agents
        }
        self.state: Any = None
        self.now_ms = 0

    # What each game defines.
    def action_index(self, action: Action) -> int:
        """The number of a legal engine action in the action space."""
        raise NotImplementedError

    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        """Write the seat's view into `out` (zeros, length OBSERVATION, values in [0, 1])."""
        raise NotImplementedError

    def describe(self, view: View) -> str:
        """A few lines of text about the table as a spectator sees it."""
        raise NotImplementedError

    def seat_view(self, seat: int) -> Mapping[str, Any]:
        """What `encode` reads: the seat's view (a game may hand over a lazy one)."""
        view: Mapping[str, Any] = self.game.view(self.state, seat)
        return view

    def legal(self, seat: int) -> dict[int, Action | None]:
        """The seat's legal actions by number; a later action with the same number wins (so a
        play that calls TIMO wins over the same play without). None stands for an action of
        the environment's own that the engine never sees."""
        return {self.action_index(action): action for action in
                self.game.legal_actions(self.state, seat)}

    def perform(self, seat: int, action: Action | None) -> None:
        assert action is not None
        self.game.apply(self.state, seat, action, self.now_ms)

    def next_seat(self) -> int | None:
        """The seat to act next once the environment's own moves are made; None once over."""
        self._pass_deadlines()
        waiting = self.game.to_act(self.state)
        return waiting[0] if waiting else None

    # The AEC interface.
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.state = self.game.setup(
            self.players, self.options, secrets.randbits(32) if seed is None else seed
        )
        self.now_ms = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        observation = np.zeros(self.OBSERVATION, np.float32)
        self.encode(self.seat_view(seat), observation)
        mask = np.zeros(self.ACTIONS, np.int8)
        if agent == self.agent_selection and not self.terminations[agent]:
            mask[list(self.legal(seat))] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        legal = self.legal(seat)
        if action is None or int(action) not in legal:
            raise ValueError(f"action {action!r} is not legal for {agent} (see the mask)")
        self._cumulative_rewards[agent] = 0.0
        self.perform(seat, legal[int(action)])
        self.now_ms += self.step_ms
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.describe(self.game.view(self.state, None))

    def close(self) -> None:
        pass

    def _select(self) -> None:
        seat = self.next_seat()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        outcome = self.game.outcome(self.state)
        if outcome is None:
            assert seat is not None, "a game that is not over waits for a seat"
            self.agent_selection = self.possible_agents[seat]
            return
        winners = set(outcome.winners)
        for index, agent in enumerate(self.possible_agents):
            if len(winners) < self.players:
                self.rewards[agent] = 1.0 if index in winners else -1.0
            self.terminations[agent] = True
        self.infos = {agent: {"outcome": outcome.to_json()} for agent in self.agents}
        # The agents then leave one by one, each stepping None (PettingZoo's convention).
        self.agent_selection = self.possible_agents[0]

    def _pass_deadlines(self) -> None:
        """A deadline that has passed sends the game's timeout action, as a room would."""
        while (deadline := self.game.deadline(self.state)) is not None and self.now_ms >= deadline:
            timeout = self.game.timeout_action(self.state)
            if timeout is None:
                break
            self.game.apply(self.state, timeout[0], timeout[1], self.now_ms)
