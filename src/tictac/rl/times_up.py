"""Time's Up as a PettingZoo AEC environment (encoding in docs/rl.md).

The guessing itself is free speech, which no agent here produces: the environment models the
guessers. The agents are the seats the game waits for: the cluegiver (start the turn, then for
each card give a clue, mark it found, pass or wrong) and, under the `en` rules, the team
that won a round with time left (continue or hand over). Each card has a chance, drawn once a
game from the seed, that the table knows it; after each clue the guessers say its name with
that chance in round 1, less in each later round (`chance`), so from round 2 a hard card is
worth passing. A `found` the guessers have not said is refused by the timekeeper, of another team:
in round 1 the card stays in hand, from round 2 it is a wrong answer (the card is set aside).
So a card is won only by spending time on clues. The environment makes the other moves itself:
each seat discards the first two cards dealt to it, everyone confirms the read-back, and the
timekeeper calls time when the clock runs out. Each action takes `step_ms` of simulated time
(one second by default), so a 30-second turn holds about 30 decisions. The player-written deck
needs typed names and is refused.

Actions (8): 0 start, 1 found, 2 pass, 3 wrong, 4 foul (never allowed: the modelled clues
break no rule), 5 continue, 6 hand_over, 7 clue.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from tictac.engine import Action, View
from tictac.games.times_up.phases import (
    DEAL,
    LAST_CARD,
    READBACK,
    ROUND_WON,
    RUNNING,
    WAITING,
)
from tictac.games.times_up.rules import one_guess_per_card
from tictac.games.times_up.settings import PLAYERS_DECK
from tictac.games.times_up.teams import team_of
from tictac.rl.base import COMPACT, TictacEnv

NAMES = ("start", "found", "pass", "wrong", "foul", "continue", "hand_over")
INDEX = {name: index for index, name in enumerate(NAMES)}
CLUE = len(NAMES)  # the environment's own: the guessers then say the name, or not
PHASES = (WAITING, RUNNING, ROUND_WON, READBACK)
MAX_TEAMS, MAX_ROUNDS = 6, 4
# How likely the table is to name a card after one clue: each card's chance, drawn at reset.
KNOWN_LOW, KNOWN_HIGH = 0.2, 0.9
# Offsets of the observation's parts.
PHASE, ROUND, ROLES, CLOCK, DECK, CARD, SCORES = 0, 4, 8, 11, 12, 13, 14
NAMED, KNOWN = 20, 21
SIZE = 22


class TimesUpEnv(TictacEnv):
    GAME = "times-up"
    PLAYERS = 4
    ACTIONS = len(NAMES) + 1
    ENCODINGS: ClassVar[dict[str, int]] = {COMPACT: SIZE}
    metadata: ClassVar[dict[str, Any]] = {**TictacEnv.metadata, "name": "tictac_times_up_v2"}

    def check_options(self) -> None:
        if self.options.get("pack") == PLAYERS_DECK:
            raise ValueError("the player-written deck needs typed names: choose a card pack")

    def new_episode(self, seed: int) -> None:
        self.guessing = np.random.default_rng(seed)
        faces = sorted(self.game_state.faces)
        self.known = dict(zip(faces, self.guessing.uniform(KNOWN_LOW, KNOWN_HIGH, len(faces)),
                              strict=True))
        self.named = False  # the guessers have said the name of the card in hand
        self._turn: tuple[Any, ...] = ()
        self._turn_roles: tuple[int, int, tuple[int, ...]] = (-1, -1, ())

    def action_index(self, action: Action) -> int:
        return INDEX[action["type"]]

    def legal(self, seat: int) -> dict[int, Action | None]:
        # No foul: the clues are the model's, and it says no forbidden word.
        legal: dict[int, Action | None] = {
            INDEX[action["type"]]: action
            for action in self.game.legal_actions(self.game_state, seat)
            if action["type"] in INDEX and action["type"] != "foul"
        }
        if INDEX["found"] in legal:  # the cluegiver holds a card: a clue is theirs too
            legal[CLUE] = None
        return legal

    def perform(self, seat: int, action: Action | None) -> None:
        state = self.game_state
        if action is None:
            self.named = self.named or self.guessing.random() < self.chance(state.in_hand)
            return
        if action["type"] == "found" and not self.named:
            if one_guess_per_card(state.round):
                self.apply(seat, {"type": "wrong"})
            return  # round 1: the timekeeper says no; the card stays in hand
        self.named = False
        self.apply(seat, action)

    def next_seat(self) -> int | None:
        state = self.game_state
        while True:
            self._pass_deadlines()
            waiting = self.game.to_act(state)
            if not waiting:
                return None
            if state.phase != RUNNING:
                self.named = False  # time ran out on the card
            if state.phase not in (DEAL, READBACK):
                return waiting[0]
            seat = waiting[0]  # a move nobody learns anything from: the environment makes it
            self.apply(seat, self.game.legal_actions(state, seat)[0])

    def encode(self, seat: int, out: np.ndarray) -> None:
        # What view(state, seat) shows (phase, round, roles, clock, counts, scores), what the
        # table heard (the guessers said the name) and, for the cluegiver only, who reads the
        # card, how well the table knows it. Written through a memoryview (see timos_twist).
        state = self.game_state
        cells: memoryview[float] = out.data  # type: ignore[assignment]  # (float32 items)
        phase = state.phase
        if phase in PHASES:
            cells[PHASE + PHASES.index(phase)] = 1.0
        cells[ROUND + min(state.round, MAX_ROUNDS) - 1] = 1.0
        turn_ms = state.settings.turn_ms
        if phase in (WAITING, RUNNING, LAST_CARD):
            cluegiver, timekeeper, guessers = self._roles()
            if cluegiver == seat:
                cells[ROLES] = 1.0
                if phase == RUNNING and state.in_hand is not None:
                    cells[KNOWN] = self.chance(state.in_hand)
            if timekeeper == seat:
                cells[ROLES + 1] = 1.0
            if seat in guessers:
                cells[ROLES + 2] = 1.0
        if phase == RUNNING:
            # The running turn's time: its deadline less the environment's clock.
            cells[CLOCK] = min(max(state.deadline - self.now_ms, 0), turn_ms) / turn_ms
            if self.named:
                cells[NAMED] = 1.0
        elif state.time_left is not None:  # carried into the next round, or held (last card)
            cells[CLOCK] = min(state.time_left, turn_ms) / turn_ms
        else:
            cells[CLOCK] = 1.0
        found = state.found[-1]
        total = len(state.deck) + sum(map(len, found))
        if total:
            cells[DECK] = len(state.deck) / total
        if state.in_hand is not None:
            cells[CARD] = 1.0
        scores = state.team_scores()
        teams = len(scores)
        own = team_of(state.teams, state.floater, state.round, seat)
        best = max(1, *scores)
        for offset in range(min(teams, MAX_TEAMS)):  # the seat's own team first
            cells[SCORES + offset] = scores[(own + offset) % teams] / best

    def chance(self, card: Any) -> float:
        """How likely one clue is to get the card named this round: its chance in round 1, less
        in each later round (one word, then gestures only: p, p^1.5, p^2, p^2.5), so that a card
        the table knows badly may cost the rest of a turn, and passing it can pay."""
        return float(self.known[card] ** ((self.game_state.round + 1) / 2))

    def _roles(self) -> tuple[int, int, tuple[int, ...]]:
        """The turn's cluegiver, timekeeper and guessers. The game works them out from every
        turn played so far; they change only when a turn starts or ends, so they are kept
        until then."""
        state = self.game_state
        turn = (len(state.turns), state.turns_ended, state.team, state.round, state.phase,
                state.time_left is None, state.passed_to)
        if self._turn != turn:
            self._turn = turn
            self._turn_roles = (state.cluegiver(), state.timekeeper(), state.guessers())
        return self._turn_roles

    def describe(self, view: View) -> str:
        scores = ", ".join(f"team {t + 1}: {team['score']}" for t, team in enumerate(view["teams"]))
        return (f"round {view['round']} of {view['rounds']}, {view['phase']}, "
                f"{view['deck_count']} cards in the deck\n{scores}")
