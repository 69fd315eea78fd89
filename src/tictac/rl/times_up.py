"""Time's Up as a PettingZoo AEC environment (encoding in docs/rl.md).

The guessing itself is free speech, which no agent here produces: a teammate's right guess is
the cluegiver's `found`. The agents are the seats the game waits for: the cluegiver (start the
turn, then found / pass / wrong / foul for each card) and, under the `en` rules, the team that
won a round with time left (continue or hand over). The environment makes the other moves
itself: each seat discards the first two cards dealt to it, everyone confirms the read-back,
and the timekeeper calls time when the clock runs out. Each action takes `step_ms` of simulated
time (one second by default), so a 30-second turn holds about 30 decisions. The player-written
deck needs typed names and is refused.

Actions (7): 0 start, 1 found, 2 pass, 3 wrong, 4 foul, 5 continue, 6 hand_over.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from tictac.engine import Action, View
from tictac.games.times_up.phases import DEAL, READBACK, ROUND_WON, RUNNING, WAITING
from tictac.games.times_up.settings import PLAYERS_DECK
from tictac.rl.base import TictacEnv

NAMES = ("start", "found", "pass", "wrong", "foul", "continue", "hand_over")
INDEX = {name: index for index, name in enumerate(NAMES)}
PHASES = (WAITING, RUNNING, ROUND_WON, READBACK)
MAX_TEAMS, MAX_ROUNDS = 6, 4
# Offsets of the observation's parts.
PHASE, ROUND, ROLES, CLOCK, DECK, CARD, SCORES = 0, 4, 8, 11, 12, 13, 14
SIZE = SCORES + MAX_TEAMS


class TimesUpEnv(TictacEnv):
    GAME = "times-up"
    ACTIONS = len(NAMES)
    OBSERVATION = SIZE
    metadata: ClassVar[dict[str, Any]] = {**TictacEnv.metadata, "name": "tictac_times_up_v0"}

    def __init__(
        self, players: int = 4, options: Mapping[str, Any] | None = None,
        render_mode: str | None = None, step_ms: int = 1000,
    ) -> None:
        if (options or {}).get("pack") == PLAYERS_DECK:
            raise ValueError("the player-written deck needs typed names: choose a card pack")
        super().__init__(players, options, render_mode, step_ms)

    def action_index(self, action: Action) -> int:
        return INDEX[action["type"]]

    def legal(self, seat: int) -> dict[int, Action | None]:
        return {INDEX[action["type"]]: action
                for action in self.game.legal_actions(self.state, seat)
                if action["type"] in INDEX}

    def next_seat(self) -> int | None:
        while True:
            self._pass_deadlines()
            waiting = self.game.to_act(self.state)
            if not waiting:
                return None
            phase = self.state.phase
            if phase not in (DEAL, READBACK):
                return waiting[0]
            seat = waiting[0]  # a move nobody learns anything from: the environment makes it
            self.game.apply(self.state, seat, self.game.legal_actions(self.state, seat)[0],
                            self.now_ms)

    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        seat = view["seat"]
        if view["phase"] in PHASES:
            out[PHASE + PHASES.index(view["phase"])] = 1.0
        out[ROUND + min(view["round"], MAX_ROUNDS) - 1] = 1.0
        turn = view["turn"] or {}
        out[ROLES] = turn.get("cluegiver") == seat
        out[ROLES + 1] = turn.get("timekeeper") == seat
        out[ROLES + 2] = seat in turn.get("guessers", [])
        clock = view["clock"]
        left = clock["time_left_ms"]
        out[CLOCK] = 1.0 if left is None else min(left, clock["turn_ms"]) / clock["turn_ms"]
        total = view["deck_count"] + sum(len(team["found"]) for team in view["teams"])
        out[DECK] = view["deck_count"] / total if total else 0.0
        out[CARD] = view["card_in_play"]
        teams = len(view["teams"])
        own = view["your_team"] or 0
        best = max(1, max(team["score"] for team in view["teams"]))
        for offset in range(min(teams, MAX_TEAMS)):  # the seat's own team first
            out[SCORES + offset] = view["teams"][(own + offset) % teams]["score"] / best

    def describe(self, view: View) -> str:
        scores = ", ".join(f"team {t + 1}: {team['score']}" for t, team in enumerate(view["teams"]))
        return (f"round {view['round']} of {view['rounds']}, {view['phase']}, "
                f"{view['deck_count']} cards in the deck\n{scores}")
