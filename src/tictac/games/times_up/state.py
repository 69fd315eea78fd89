"""The state of one game of Time's Up: where every card is, whose turn, the clock, the scores."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tictac.engine import Rng
from tictac.games.times_up import teams as teams_
from tictac.games.times_up.phases import RUNNING, WAITING
from tictac.games.times_up.settings import Settings


@dataclass(frozen=True)
class Face:
    """The side of a card the game plays: the chosen colour's name and its one-line note."""

    name: str
    about: str


@dataclass(frozen=True)
class Guess:
    """A typed guess of this turn, with the card it was said for (kept from every view until
    that card is face up) and whether the cluegiver overruled the game's verdict."""

    seat: int
    text: str
    right: bool
    card: str
    overruled: bool = False


@dataclass(frozen=True)
class Turn:
    """One turn as it started: its round, team and cluegiver, and how many cards that team had
    won this round before it (so the turn's own finds are the cards won after, up to the team's
    next turn of the round). Kept for the end-of-game figures."""

    round: int
    team: int
    cluegiver: int
    won_before: int


@dataclass(frozen=True)
class Screening:
    """SCREEN (option screen_names, screening.py): the written cards still to screen (the next
    first), those approved, those sent back to their writers to rewrite, and who screens."""

    screener: int
    pending: tuple[str, ...]
    approved: tuple[str, ...] = ()
    sent_back: tuple[str, ...] = ()


@dataclass(slots=True)
class State:
    players: int
    settings: Settings
    rng: Rng
    teams: teams_.Teams
    floater: int | None
    # Every card the game knows, by id. Never changed in place (replaced whole when players
    # write theirs), so clones share it.
    faces: dict[str, Face]
    phase: str
    # Deal: the cards dealt to each seat that they still hold; player-written: what they wrote.
    dealt: dict[int, list[str]]
    # Cards out of the game: the discards (by seat, so each sees only their own).
    discards: dict[int, list[str]]
    deck: list[str]  # the last card is the top one
    in_hand: str | None
    set_aside: list[str]
    found: list[list[list[str]]]  # by round, by team: the cards won, in order
    round: int
    team: int  # the team whose turn it is (or is about to be)
    deadline: int | None  # while RUNNING
    time_left: int | None  # en: the paused time a team carries into the next round
    ready: list[int]  # READBACK: seats that confirmed
    guesses: list[Guess]  # this turn's typed guesses
    now_ms: int  # the stamp of the last action: the game's latest news of the time
    turns: list[Turn]  # every turn started, in order: it drives the cluegiver rotation
    # The latest turn passed on or skipped for a gone cluegiver (absence.py); replaced whole.
    absence: dict[str, Any] | None = None
    turns_ended: int = 0  # turns over so far, played or skipped: the news of `absence` lasts one
    # A waiting turn a gone cluegiver passed on: (turns_ended then, the teammate who gives clues).
    passed_to: tuple[int, int] | None = None
    screening: Screening | None = None  # SCREEN only; replaced whole
    # Typed verdicts the cluegivers overruled this game: shown in the end stats, and never fed
    # back into the guess checker (an overrule is the table's word on one guess, not a lesson).
    overrules: int = 0

    def clone(self) -> State:
        return State(
            players=self.players,
            settings=self.settings,
            rng=self.rng.clone(),
            teams=self.teams,
            floater=self.floater,
            faces=self.faces,
            phase=self.phase,
            dealt={seat: cards[:] for seat, cards in self.dealt.items()},
            discards={seat: cards[:] for seat, cards in self.discards.items()},
            deck=self.deck[:],
            in_hand=self.in_hand,
            set_aside=self.set_aside[:],
            found=[[cards[:] for cards in by_team] for by_team in self.found],
            round=self.round,
            team=self.team,
            deadline=self.deadline,
            time_left=self.time_left,
            ready=self.ready[:],
            guesses=self.guesses[:],
            now_ms=self.now_ms,
            turns=self.turns[:],
            absence=self.absence,
            turns_ended=self.turns_ended,
            passed_to=self.passed_to,
            overrules=self.overrules,
            screening=self.screening,
        )

    def gather(self) -> None:
        """Everyone's kept cards become the deck of the whole game, shuffled."""
        self.deck = [card for seat in range(self.players) for card in self.dealt[seat]]
        self.dealt = {seat: [] for seat in range(self.players)}
        self.rng.shuffle(self.deck)
        self.phase = WAITING

    # Roles, from the teams, the round and the rotation.

    def members(self, team: int) -> tuple[int, ...]:
        return teams_.members(self.teams, self.floater, self.round, team)

    def rotation(self, team: int) -> tuple[int, ...]:
        """`team`'s players this round, in the order they are due to give clues."""
        return teams_.rotation(self.teams, self.floater, self.round, team, self.turns)

    def cluegiver(self) -> int:
        """Who gives clues in the running turn, or in the next one. A team carrying its time
        into the next round (en) goes on with the same cluegiver, if they are still with it.
        A waiting turn passed on by a gone cluegiver is the teammate's (absence.py)."""
        if self.passed_to is not None and self.phase == WAITING and \
                self.passed_to[0] == self.turns_ended:
            return self.passed_to[1]
        if self.turns and (self.phase == RUNNING or self.time_left is not None):
            latest = self.turns[-1]
            if latest.team == self.team and latest.cluegiver in self.members(self.team):
                return latest.cluegiver
        return self.rotation(self.team)[0]

    def timekeeper(self) -> int:
        return teams_.timekeeper(self.teams, self.floater, self.round, self.team, self.turns,
                                 previous=self.settings.rules.previous_cluegiver_keeps_time)

    def guessers(self) -> tuple[int, ...]:
        giver = self.cluegiver()
        return tuple(seat for seat in self.members(self.team) if seat != giver)

    def deciders(self) -> tuple[int, ...]:
        """ROUND_WON: the team that won the round with time left, as it was in that round."""
        return teams_.members(self.teams, self.floater, self.round - 1, self.team)

    def game_deck(self) -> list[str]:
        """Every card in play this game (after the deal), wherever it is now."""
        won = [card for cards in self.found[-1] for card in cards]
        held = [] if self.in_hand is None else [self.in_hand]
        return self.deck + held + self.set_aside + won

    # Scores: one point a card won, by round; never negative.

    def team_scores(self) -> list[int]:
        return [sum(len(by_team[t]) for by_team in self.found) for t in range(len(self.teams))]

    def floater_score(self) -> int:
        """The floating player's own total: what their team of each round won that round."""
        return sum(
            len(by_team[teams_.floater_team(round_no, len(self.teams))])
            for round_no, by_team in enumerate(self.found, start=1)
        )
