"""Timo's Twist as an OpenSpiel game, `tictac_timos_twist` (docs/rl.md, "OpenSpiel").

The engine plays the game; the chance nodes decide every card that comes out of hiding: each
card of a deal (the first card turned is never black: a black one goes back and the pile is
reshuffled, so it is one of the coloured cards left) and each card drawn. The pile's order is
never read otherwise: before an action that draws, the adapter tries it on a clone of the
engine's state to learn how many cards it draws, has the chance nodes pick them and puts them on
top of the pile, then applies the action. A draw the pile cannot cover first rebuilds the pile
from the discard pile, as the engine would once the pile runs out; for a play whose +2 or +4 is
drawn at once (no stacking, or a last card), the card it was played on stays in the discard pile
(the one difference from the engine's own rebuild, documented in docs/rl.md).

As in `tictac.rl.timos_twist`, a play that leaves one card always calls TIMO (calling is free),
so nobody is ever caught, and there is no clock (the TIMO grace window is 0). A game longer than
`max_moves` decisions ends with no winner (all returns 0).
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from tictac.engine import Action
from tictac.games import timos_twist
from tictac.games.timos_twist.cards import (
    COLOR_INDEX,
    COLORS,
    DECK_SIZE,
    DRAWS,
    HAND_SIZE,
    IDS,
    INDEX,
    IS_BLACK,
    PLUS2,
    RANK,
)
from tictac.games.timos_twist.state import NOBODY
from tictac.games.timos_twist.table import deal_round
from tictac.rl.openspiel.observing import Pieces

SHORT_NAME = "tictac_timos_twist"
# Actions: 0-51 play that coloured card; 52-55 the joker naming blue, green, orange, pink;
# 56-59 the +4 naming them; 60 draw; 61 pass. Chance outcomes: a card number (0-53).
BLACK_PLAYS, DRAW, PASS = 52, 60, 61
ACTIONS = PASS + 1
MAX_SEATS = timos_twist.MAX_PLAYERS
DEFAULTS = {"players": 2, "target_score": 300, "stacking": True, "draw_anytime": False,
            "last_draw_counts": True, "max_moves": 5000}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="tictac Timo's Twist",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_SEATS,
    min_num_players=timos_twist.MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=False,  # the history is unbounded: see docs/rl.md
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class TimosTwistGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        chosen = {**DEFAULTS, **(params or {})}
        self.players = int(chosen["players"])
        self.max_moves = int(chosen["max_moves"])
        self.options = {"target_score": int(chosen["target_score"]),
                        "stacking": bool(chosen["stacking"]),
                        "draw_anytime": bool(chosen["draw_anytime"]),
                        "last_draw_counts": bool(chosen["last_draw_counts"]),
                        "timo_grace_ms": 0}
        timos_twist.setup(self.players, self.options, 0)  # refuses bad options and players
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTIONS,
            max_chance_outcomes=DECK_SIZE,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            # Each decision draws at most the whole deck, each round deals at most that.
            max_game_length=self.max_moves * (1 + DECK_SIZE),
        )
        super().__init__(GAME_TYPE, info, chosen)

    def new_initial_state(self) -> TimosTwistState:
        return TimosTwistState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TimosTwistObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return TimosTwistObserver(recall)


class TimosTwistState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: TimosTwistGame) -> None:
        super().__init__(game)
        self.players = game.players
        self.options = game.options
        self.max_moves = game.max_moves
        self.moves = 0
        self.engine: timos_twist.State | None = None
        self.dealing: list[int] | None = []  # the deal's cards so far, top of the deck first
        self.pending: tuple[int, Action] | None = None  # an action waiting for its draws
        self.drawers: list[int] = []  # per card the pending action draws, who draws it
        self.drawn: list[int] = []  # the cards picked for it so far
        # The cards the pile held before a rebuild this action made: drawn first, all of them.
        self.before_rebuild: set[int] = set()
        # What each seat has seen, in order: (seat, text), seat None for everyone.
        self.log: list[tuple[int | None, str]] = []
        self.played: list[tuple[int, int]] = []  # (seat, card) of this round's plays

    def current_player(self) -> int:
        if self._is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.dealing is not None or self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return self._engine().turn

    def _engine(self) -> timos_twist.State:
        assert self.engine is not None, "the cards are not dealt yet"
        return self.engine

    def _is_over(self) -> bool:
        if self.pending is not None:
            return False
        return self.moves >= self.max_moves or (
            self.engine is not None and self.engine.winner != NOBODY)

    def _legal(self, seat: int) -> dict[int, Action]:
        """The seat's legal actions by number; a play calling TIMO wins over the same play
        without, as it comes later."""
        return {action_number(action): action
                for action in timos_twist.legal_actions(self._engine(), seat)
                if action["type"] in ("play", "draw", "pass")}

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        pool = self._pool()
        return [(card, 1.0 / len(pool)) for card in pool]

    def _pool(self) -> list[int]:
        if self.dealing is not None:
            taken = set(self.dealing)
            turned = len(self.dealing) == HAND_SIZE * self.players  # the first card turned
            return [card for card in range(DECK_SIZE)
                    if card not in taken and not (turned and IS_BLACK[card])]
        chosen = set(self.drawn)
        old_pile = self.before_rebuild - chosen  # it runs out before the rebuilt pile is drawn
        return sorted(old_pile or {card for card in self._engine().pile if card not in chosen})

    def _apply_action(self, action: int) -> None:
        if self.dealing is not None:
            self._deal(action)
        elif self.pending is not None:
            seat = self.drawers[len(self.drawn)]
            self.drawn.append(action)
            self.log.append((seat, f"got:{IDS[action]}"))
            self.log.append((None, f"p{seat}:drew"))
            if len(self.drawn) == len(self.drawers):
                self._perform()
        else:
            self._decide(self._engine().turn, action)

    # Deals.
    def _deal_size(self) -> int:
        size = HAND_SIZE * self.players + 1
        dealing = self.dealing or []
        if len(dealing) >= size and RANK[dealing[size - 1]] == PLUS2 and (
                not self.options["stacking"]):
            size += 2  # a +2 turned first is drawn at once by the dealer's neighbour
        return size

    def _deal(self, card: int) -> None:
        dealing = self.dealing
        assert dealing is not None
        dealing.append(card)
        if len(dealing) < self._deal_size():
            return
        order = dealing + [c for c in range(DECK_SIZE) if c not in set(dealing)]
        if self.engine is None:
            self.engine = timos_twist.setup(self.players, self.options, 0,
                                            stacked=[IDS[c] for c in order])
        else:  # the engine dealt the round with its own generator: this deal takes its place
            deal_round(self.engine, order, [])
        self.dealing = None
        self.played = []
        for seat, hand in enumerate(self.engine.hands):
            self.log.append((seat, "hand:" + ",".join(IDS[c] for c in sorted(hand))))
        self.log.append((None, f"round:{len(self.engine.rounds) + 1} top:"
                               f"{IDS[self.engine.discard[-1]]} turn:{self.engine.turn}"))

    # Decisions.
    def _decide(self, seat: int, number: int) -> None:
        action = self._legal(seat)[number]
        self.moves += 1
        self.log.append((None, f"p{seat}:{action_name(number)}"))
        if action["type"] == "play":
            self.played.append((seat, INDEX[action["card"]]))
        drawers = self._drawers(seat, action)
        self.pending = (seat, action)
        self.drawers, self.drawn = [], []
        if drawers:
            self._rebuild_if_short(len(drawers))
            self.drawers = drawers[:len(self._engine().pile)]  # the pile may run out
        if not self.drawers:
            self._perform()

    def _drawers(self, seat: int, action: Action) -> list[int]:
        """Who draws each card `action` makes the engine draw from the pile, in order: found by
        trying it on a clone, unless it cannot draw (a pass, a play without +2 or +4)."""
        if action["type"] == "pass" or (
                action["type"] == "play" and not DRAWS[INDEX[action["card"]]]):
            return []
        trial = self._engine().clone()
        _, events = timos_twist.apply(trial, seat, action, 0)
        drawers: list[int] = []
        for event in events:
            if event["type"] == "round_over":
                break  # what follows is the next deal's
            if event["type"] == "drew":
                drawers += [event["seat"]] * event["count"]
        return drawers

    def _rebuild_if_short(self, count: int) -> None:
        """The discard pile but its top card becomes the pile when the pile cannot cover the
        draws: the engine's own rebuild, made before the action so that the chance nodes pick
        the cards drawn. For a play, the top card is the one it is played on."""
        engine = self._engine()
        if count > len(engine.pile) and len(engine.discard) > 1:
            self.before_rebuild = set(engine.pile)
            engine.pile = engine.discard[:-1] + engine.pile
            engine.discard = engine.discard[-1:]
            self.log.append((None, "pile_rebuilt"))

    def _perform(self) -> None:
        assert self.pending is not None
        seat, action = self.pending
        engine = self._engine()
        if self.drawn:
            chosen = set(self.drawn)
            engine.pile = [card for card in engine.pile if card not in chosen] + self.drawn[::-1]
        rounds = len(engine.rounds)
        timos_twist.apply(engine, seat, action, 0)
        self.pending, self.drawers, self.drawn, self.before_rebuild = None, [], [], set()
        if len(engine.rounds) > rounds:
            winner, points = engine.rounds[-1]
            self.log.append((None, f"round_won:p{winner}+{points}"))
            if engine.winner == NOBODY:
                self.dealing = []

    # Sampling what a seat does not know.
    def resample_from_infostate(self, player: int, sampler: Any) -> TimosTwistState:
        """A state `player` cannot tell from this one (OpenSpiel's name; ISMCTS calls it):
        the other hands dealt anew at random, same sizes, from the cards `player` has not seen
        (theirs and the pile)."""
        return self.determinized(player, random.Random(int(sampler() * 2**32)))

    def determinized(self, player: int, rng: random.Random) -> TimosTwistState:
        copy: TimosTwistState = self.clone()
        engine = copy._engine()
        others = [seat for seat in range(self.players) if seat != player]
        unseen = [card for seat in others for card in engine.hands[seat]] + engine.pile
        rng.shuffle(unseen)
        for seat in others:
            size = len(engine.hands[seat])
            engine.hands[seat], unseen = unseen[:size], unseen[size:]
        engine.pile = unseen
        # What the other seats saw of their own cards belongs to the state sampled from.
        copy.log = [(seat, text) for seat, text in self.log if seat is None or seat == player]
        copy.log += [(seat, "sampled:" + ",".join(IDS[c] for c in sorted(engine.hands[seat])))
                     for seat in others]
        return copy

    # Results and text.
    def is_terminal(self) -> bool:
        return self._is_over()

    def returns(self) -> list[float]:
        engine = self.engine
        if engine is None or engine.winner == NOBODY or not self._is_over():
            return [0.0] * self.players
        loss = -1.0 / (self.players - 1)
        return [1.0 if seat == engine.winner else loss for seat in range(self.players)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card:{IDS[action]}"
        return action_name(action)

    def __str__(self) -> str:
        engine = self.engine
        if engine is None:
            return f"dealing {self.dealing}"
        hands = " | ".join(",".join(IDS[c] for c in hand) for hand in engine.hands)
        return (f"hands {hands} top {IDS[engine.discard[-1]]} colour {COLORS[engine.color]} "
                f"turn {engine.turn} penalty {engine.penalty} pile {len(engine.pile)} scores "
                f"{engine.scores} dealing {self.dealing} pending {self.pending} "
                f"drawn {self.drawn}")


def action_number(action: Action) -> int:
    kind = action["type"]
    if kind == "draw":
        return DRAW
    if kind == "pass":
        return PASS
    card = INDEX[action["card"]]
    if IS_BLACK[card]:
        return BLACK_PLAYS + 4 * (card - BLACK_PLAYS) + COLOR_INDEX[action["color"]]
    return card


def action_name(number: int) -> str:
    if number == DRAW:
        return "draw"
    if number == PASS:
        return "pass"
    if number < BLACK_PLAYS:
        return IDS[number]
    black, color = divmod(number - BLACK_PLAYS, 4)
    return f"{IDS[BLACK_PLAYS + black]}:{COLORS[color]}"


class TimosTwistObserver:
    """What a seat sees now (the observation), as a tensor and a string; with `recall`, the
    string is the information state: everything the seat has seen in order, its own cards
    drawn included (no tensor: that history is unbounded).

    Seats are listed from the observing seat on, clockwise. The tensor holds the seat's hand
    (54 card numbers, 52 the joker, 53 the +4), the top card, the colour to follow, whether the
    seat has just drawn a card it may play, the pending penalty / 20, the direction of play, the
    pile and discard pile sizes / 54, every seat's hand size / 54 and score / target score, and
    the cards every seat has played this round.
    """

    def __init__(self, recall: bool) -> None:
        self.recall = recall
        pieces = Pieces()
        pieces.add("hand", DECK_SIZE)
        pieces.add("top", DECK_SIZE)
        pieces.add("color", len(COLORS))
        pieces.add("drawn", 1)
        pieces.add("penalty", 1)
        pieces.add("clockwise", 1)
        pieces.add("piles", 2)
        pieces.add("hand_sizes", MAX_SEATS)
        pieces.add("scores", MAX_SEATS)
        pieces.add("played", MAX_SEATS, DECK_SIZE)
        self.tensor, self.dict = pieces.build()

    def set_from(self, state: TimosTwistState, player: int) -> None:
        self.tensor.fill(0)
        engine = state.engine
        if engine is None or state.dealing is not None:
            return
        parts, players = self.dict, state.players
        parts["hand"][engine.hands[player]] = 1
        parts["top"][engine.discard[-1]] = 1
        parts["color"][engine.color] = 1
        parts["drawn"][0] = engine.drawn != NOBODY and engine.turn == player
        parts["penalty"][0] = min(engine.penalty, 20) / 20
        parts["clockwise"][0] = engine.direction == 1
        parts["piles"][:] = len(engine.pile) / DECK_SIZE, len(engine.discard) / DECK_SIZE
        for offset in range(players):
            seat = (player + offset) % players
            parts["hand_sizes"][offset] = len(engine.hands[seat]) / DECK_SIZE
            parts["scores"][offset] = min(engine.scores[seat], engine.target_score) / (
                engine.target_score)
        for seat, card in state.played:
            parts["played"][(seat - player) % players, card] = 1

    def string_from(self, state: TimosTwistState, player: int) -> str:
        if self.recall:
            seen = " ".join(text for seat, text in state.log if seat is None or seat == player)
            # whose turn it is: the log alone leaves it to the rules (a skip, a twist, a draw)
            turn = "" if state.is_chance_node() or state.is_terminal() else \
                f" to-act:{state.current_player()}"
            return f"p{player} {seen}{turn}"
        engine = state.engine
        if engine is None or state.dealing is not None:
            return f"p{player} dealing"
        hand = ",".join(IDS[c] for c in sorted(engine.hands[player]))
        return (f"p{player} hand:{hand} top:{IDS[engine.discard[-1]]} "
                f"colour:{COLORS[engine.color]} turn:{engine.turn} penalty:{engine.penalty} "
                f"sizes:{[len(h) for h in engine.hands]} scores:{engine.scores} "
                f"pile:{len(engine.pile)} drawn:{engine.drawn == NOBODY}")


pyspiel.register_game(GAME_TYPE, TimosTwistGame)
