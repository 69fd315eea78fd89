"""A PettingZoo AEC environment over any game of the contract: the same `setup`, `apply` and
`legal_actions` as live play, with what a seat knows encoded as an array.

A game's environment says how its actions are numbered (`action_index`), how what a seat knows
becomes an observation (`encode`, read from the game state directly: the seat's own view is the
rule, and tests/rl holds every encoding to it) and, where the game asks for something an agent
cannot give (free text, a clock), what the environment does itself. Everything else is here:
agent selection (the seat the game waits for), the action mask, rewards at the end (+1 for each
winner; -1 for each other seat, or a share of the winners' gain where the game is zero-sum),
truncation, seeds, the global state and a text render.
See docs/rl.md.

The legal moves of a decision are listed once (`moves`: by default the engine's legal actions)
and serve both the mask and the check of the action stepped; the move stepped is then made
without checking it again (`perform`). An action the mask does not allow is refused with a
ValueError before the game sees it.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, cast

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tictac.engine import Action, Event, View, get_game

COMPACT, HISTORY = "compact-v1", "history-v1"
# The types of an observation and of a mask, as dtypes: numpy makes an array of a dtype it is
# given in about half the time it takes to work it out from the scalar type.
FLOAT32, INT8 = np.dtype(np.float32), np.dtype(np.int8)
# From this many legal moves on, the mask is written through a memoryview: making one costs
# about two numpy item stores, each store through it less than half of one.
MANY_MOVES = 6
# Decisions before an episode is truncated unless told otherwise: some policies never end a game
# (a Time's Up team that wins no card, Timo's Twist players who draw and pass for ever), and a
# training loop must not hang on them. Random play ends a game in under 3,000.
MAX_CYCLES = 10_000


class TictacEnv(AECEnv):  # type: ignore[misc]
    # Its attributes and PettingZoo's live in slots, read at every decision: CPython 3.11 keeps an
    # instance's attributes in its fast inline form only up to about 30, and each game's
    # environment adds its own (past that, every lookup costs several times as much).
    __slots__ = ("OBSERVATION", "_cumulative_rewards", "_legal", "action_spaces",
                 "agent_selection", "agents", "decisions", "game", "game_state", "history",
                 "infos", "max_cycles", "now_ms", "observation", "observation_spaces", "options",
                 "order", "over", "players", "possible_agents", "render_mode", "rewards", "seats",
                 "state_space", "step_ms", "terminations", "truncations")
    GAME: str = ""
    PLAYERS: int = 2  # the player count when none is given
    ACTIONS: int = 0  # size of the discrete action space
    # Observation layouts by name (the `observation` argument), with their lengths; the first is
    # the default. A layout, once published, never changes: a new one gets a new name.
    ENCODINGS: ClassVar[dict[str, int]] = {}
    OPTIONS: ClassVar[dict[str, Any]] = {}  # game options the environment always sets
    # Rewards as the game's OpenSpiel adapter gives them: zero-sum (each loser -winners/losers,
    # so -1/(n-1) when one seat of n wins) or +1/-1 a seat by team.
    ZERO_SUM: ClassVar[bool] = False
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"], "is_parallelizable": False
    }

    def __init__(
        self,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        *,
        step_ms: int = 1000,
        observation: str | None = None,
        max_cycles: int | None = None,
    ) -> None:
        super().__init__()
        if observation is None:
            observation = next(iter(self.ENCODINGS))
        if observation not in self.ENCODINGS:
            raise ValueError(f"no observation {observation!r} for {self.GAME}: choose one of "
                             f"{', '.join(self.ENCODINGS)}")
        if max_cycles is None:
            max_cycles = MAX_CYCLES
        if max_cycles < 1:
            raise ValueError("max_cycles counts decisions: at least 1 (None: the default)")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"no render mode {render_mode!r}")
        self.game = get_game(self.GAME)
        self.players = self.PLAYERS if players is None else players
        self.options = {**(options or {}), **self.OPTIONS}
        self.check_options()
        self.render_mode = render_mode
        self.step_ms = step_ms  # simulated time an action takes, for games with a clock
        self.observation = observation
        self.history = observation == HISTORY
        self.OBSERVATION = self.ENCODINGS[observation]  # length of this instance's observation
        self.max_cycles = max_cycles  # decisions before the episode is truncated
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self.seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # Every seat's observation lists the seats from itself on, round the table.
        self.order = [[(seat + k) % self.players for k in range(self.players)]
                      for seat in range(self.players)]
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
        # The global state: every seat's observation, seat 0 first (what the table knows).
        self.state_space = spaces.Box(0.0, 1.0, (self.players * self.OBSERVATION,), np.float32)
        self.game_state: Any = None
        self.now_ms = 0
        self.decisions = 0
        self.over = False  # the episode has ended: every agent terminated or every one truncated
        self._legal: Mapping[int, Any] | None = None  # the selected agent's moves, once listed

    # What each game defines.
    def action_index(self, action: Action) -> int:
        """The number of a legal engine action in the action space."""
        raise NotImplementedError

    def encode(self, seat: int, out: np.ndarray) -> None:
        """Write what `seat` knows into `out` (zeros, length OBSERVATION, values in [0, 1]), in
        the layout `self.observation` names: nothing the seat's view does not show, nor (for the
        history) what it was not shown."""
        raise NotImplementedError

    def describe(self, view: View) -> str:
        """A few lines of text about the table as a spectator sees it."""
        raise NotImplementedError

    def check_options(self) -> None:
        """Refuse options the environment cannot play (a ValueError)."""

    def legal(self, seat: int) -> dict[int, Action | None]:
        """The seat's legal actions by number; a later action with the same number wins (so a
        play that calls TIMO wins over the same play without). None stands for an action of
        the environment's own that the engine never sees."""
        return {self.action_index(action): action for action in
                self.game.legal_actions(self.game_state, seat)}

    def moves(self, seat: int) -> Mapping[int, Any]:
        """The seat's legal moves by number, each as `perform` takes it: by default `legal`'s
        actions. A game may list them in a cheaper form of its own (the mask of every decision
        comes from here); tests/rl holds the numbers to `legal`."""
        return self.legal(seat)

    def perform(self, seat: int, move: Any) -> None:
        """Make `move`, one of `moves(seat)`'s values: already checked, it is legal."""
        assert move is not None
        self.apply(seat, move)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """The engine's `apply` at the environment's time."""
        return self.game.apply(self.game_state, seat, action, self.now_ms)[1]

    def next_seat(self) -> int | None:
        """The seat to act next once the environment's own moves are made; None once over."""
        self._pass_deadlines()
        waiting = self.game.to_act(self.game_state)
        return waiting[0] if waiting else None

    def new_episode(self, seed: int) -> None:
        """Whatever the game's environment keeps beside the state, set up for a new game."""

    # The AEC interface.
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """PettingZoo's: the agent selected, while any is left (at most `max_iter` times). A
        generator: resuming one costs less than the `__next__` of PettingZoo's iterator class,
        at every decision."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = secrets.randbits(32)
        self.game_state = self.game.setup(self.players, self.options, seed)
        self.new_episode(seed)
        self.now_ms = 0
        self.decisions = 0
        self.over = False
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seats[agent]
        observation = np.zeros(self.OBSERVATION, FLOAT32)
        self.encode(seat, observation)
        mask = np.zeros(self.ACTIONS, INT8)
        if agent == self.agent_selection and not self.over:
            legal = self._legal
            if legal is None:
                legal = self._legal = self.moves(seat)
            if len(legal) < MANY_MOVES:
                for number in legal:  # no fancy indexing: a few numpy item stores cost less
                    mask[number] = 1
            else:
                cells = mask.data  # then a memoryview's stores cost less than numpy's
                for number in legal:
                    cells[number] = 1
        return {"observation": observation, "action_mask": mask}

    def state(self) -> np.ndarray:
        out = np.zeros(self.players * self.OBSERVATION, np.float32)
        for seat in range(self.players):
            self.encode(seat, out[seat * self.OBSERVATION:(seat + 1) * self.OBSERVATION])
        return out

    def step(self, action: int | None) -> None:
        if self.over:
            self._was_dead_step(action)
            return
        agent = self.agent_selection
        seat = self.seats[agent]
        legal = self._legal
        if legal is None:
            legal = self._legal = self.moves(seat)
        number = -1 if action is None else int(action)
        if number not in legal:
            raise ValueError(f"action {action!r} is not legal for {agent} (see the mask)")
        self._cumulative_rewards[agent] = 0.0
        self.perform(seat, legal[number])
        self.now_ms += self.step_ms
        self.decisions += 1
        if self._select():
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.describe(self.game.view(self.game_state, None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # Copies and pickles (a search over copies of the table, environments sent to worker
    # processes): the game is a module, kept by its name.
    def __getstate__(self) -> tuple[dict[str, Any], dict[str, Any]]:
        # (an instance with a dict and slots: the two as a pair, as Python 3.11 gives them)
        attributes, slots = cast(tuple[dict[str, Any], dict[str, Any]], object.__getstate__(self))
        return attributes, {**slots, "game": None}

    def __setstate__(self, state: tuple[dict[str, Any], dict[str, Any]]) -> None:
        attributes, slots = state
        self.__dict__.update(attributes)
        for name, value in slots.items():
            setattr(self, name, value)
        self.game = get_game(self.GAME)

    def _select(self) -> bool:
        """Select the agent to act; True once the episode is over (the rewards are then set,
        all 0 until then)."""
        self._legal = None
        seat = self.next_seat()
        if seat is not None:  # a game waits for nobody once over (the contract's `to_act`)
            if self.decisions < self.max_cycles:
                self.agent_selection = self.possible_agents[seat]
                return False
            self.truncations = dict.fromkeys(self.agents, True)
            self.over = True
        else:
            outcome = self.game.outcome(self.game_state)
            assert outcome is not None, "a game that waits for nobody is over"
            winners = set(outcome.winners)
            losers = self.players - len(winners)
            loss = -len(winners) / losers if self.ZERO_SUM and losers else -1.0
            for index, agent in enumerate(self.possible_agents):
                if losers:
                    self.rewards[agent] = 1.0 if index in winners else loss
                self.terminations[agent] = True
            self.infos = {agent: {"outcome": outcome.to_json()} for agent in self.agents}
            self.over = True
        # The agents then leave one by one, each stepping None (PettingZoo's convention).
        self.agent_selection = self.possible_agents[0]
        return True

    def _pass_deadlines(self) -> None:
        """A deadline that has passed sends the game's timeout action, as a room would."""
        state = self.game_state
        while (deadline := self.game.deadline(state)) is not None and self.now_ms >= deadline:
            timeout = self.game.timeout_action(state)
            if timeout is None:
                break
            self.game.apply(state, timeout[0], timeout[1], self.now_ms)
