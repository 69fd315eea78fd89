"""A learner that beats simple rules and the heuristic bot at one round of 2-player Timo's Twist.

    uv run --group rl python bench/timos_twist_learner.py [--teacher-rounds 1500]
        [--teacher-iterations 100] [--generations 0] [--pairs 8] [--tune-rounds 300]
        [--top 2] [--playouts 30] [--hidden 16] [--net-epochs 600] [--corrections 1]
        [--correction-rounds 1000] [--games 2000] [--seed 7] [--processes 1] [--paired]

The agent is one seat of `tictac.rl.single_agent.SingleAgentEnv` (observation `history-v1`, the
seat alternating episode by episode), the heuristic bot in the other; one round, the first out
wins. The policy is a softmax over the legal actions (the mask) of logits linear in a few features
of each action, read off the observation (`action_features`), and what the seat saw the other seat
do (`Memory`: which colours it could not follow). It learns in two stages. First from a teacher:
our search bot (flat Monte Carlo over sampled hands, `--teacher-iterations` playouts a move) plays
the agent's seat against the heuristic bot for `--teacher-rounds` seeded rounds, and the policy is
fitted to its choices (`clone`: the mean log-likelihood, full batch, Adam). The search costs about
a tenth of a CPU second a round at 100 playouts; the greedy policy plays at the cost of its
features. Then on the win rate itself (`tune`): `--generations` steps of evolution strategies, each
playing `--pairs` random perturbations of the weights, and their opposites, for `--tune-rounds`
seeded rounds against the heuristic bot (the same rounds for all) and moving the weights along the
perturbations that won more (none by default: it moved the win rate by about a point). At play the
policy plays greedily (its likeliest legal action), or hands its `--top` likeliest legal actions to
the search bot, which shares `--playouts` playouts a move among them (every one played on the same
sampled deals) and keeps the one that won most (`searching`). The search bot weighing every legal
move with the same `--playouts` says what the policy adds to the search at equal cost; the teacher
itself (`--teacher-iterations`) has a row too. A second learner reads the same features through a
small network (`Net`: `--hidden` tanh units, the logit their weighted sum and a linear term),
cloned from the same choices (`--net-epochs`), then corrected DAgger-style (`correct`,
`--corrections` steps): it plays `--correction-rounds` new seeded rounds greedily, the search bot
weighing its `--top` likeliest moves (`--playouts` a move) says what it would have played at each
decision, and the network is fitted again to every choice shown; it plays greedily, with no search.
The trained policies, and the baselines, simple rules over the same observation and the bots
themselves in the agent's seat, then each play `--games` seeded rounds against random play and as
many against the heuristic bot, on the same seeds (others than tuning's); the table gives their win
rates with 95 % Wilson intervals, and then compares each greedy network round by round with the
heuristic bot's own row and the best rule's against the heuristic bot (McNemar's exact test on the
rounds one won and the other lost). `--processes` plays the teacher's rounds and the table's rows
that many at a time in forked processes: the same figures, the CPU seconds theirs summed.
`--paired` plays, after the same training, only the two rows at `--playouts` against the heuristic
bot, on the table's rounds, and compares them round by round: the rounds each won alone, and
McNemar's exact test on them.
"""

from __future__ import annotations

import argparse
import copy
import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from functools import partial
from itertools import islice
from typing import Any, Generic, TypeVar

import numpy as np

from tictac.bots import Bot, make_bot
from tictac.bots.search import Budget
from tictac.bots.timos_twist_search import SearchBot
from tictac.engine import Action, Rng
from tictac.games.timos_twist.cards import (
    COLOR,
    DECK_SIZE,
    PLUS2,
    PLUS4_CARD,
    RANK,
    SKIP,
    TWIST,
    VALUE,
)
from tictac.rl.single_agent import SingleAgentEnv
from tictac.rl.timos_twist import BLACK_PLAYS, DRAW, PASS

OPTIONS = {"target_score": 1}
LAYOUT = "history-v1"
# Offsets in the observation (docs/rl.md, Timo's Twist): own hand, top card, colour to follow,
# pending penalty, hand sizes (the seat itself, then the other), the cards in the discard pile.
HAND, TOP, FOLLOW, PENALTY, OWN_SIZE, OTHER_SIZE, DISCARDED = 0, 54, 108, 113, 117, 118, 135
FEATURES = (
    "number card", "skip", "twist", "+2", "joker", "+4", "card's value / 50",
    "cards of the colour left / 7", "own cards playable on it / 7",
    "chance the other seat holds nothing to follow it", "the other seat lacked the colour",
    "changes the colour", "black card, 3 cards or more in hand", "stacks on a penalty", "draw",
    "draw: penalty / 20", "pass", "skip or twist with a card to follow it",
    "goes out this turn", "cannot follow, the other seat at 1 card",
    "cannot follow, the other seat at 2 cards", "action card, the other seat at 2 cards or fewer",
    "colours left in hand / 4", "+2 or +4: chance the other seat can stack on it",
    "black cards kept / 2", "cards of the same rank left / 3",
)
WIDTH = len(FEATURES)
# The kind feature of a coloured card by rank: a number, skip, twist, +2.
KINDS = tuple(0 if rank < SKIP else rank - 9 for rank in range(13))
STACKERS = frozenset(card for card in range(DECK_SIZE) if card >= PLUS4_CARD or RANK[card] == PLUS2)


def card_and_colour(number: int) -> tuple[int, int]:
    """The card an action number plays and the colour it names."""
    if number < BLACK_PLAYS:
        return number, COLOR[number]
    return BLACK_PLAYS + (number - BLACK_PLAYS) // 4, (number - BLACK_PLAYS) % 4


class Memory:
    """What the seat saw the other seat do, beyond the observation: the colours it drew on
    (it could not follow them), forgotten once it plays that colour. Read from two successive
    observations: the other seat moved between them if the top card or its hand size changed."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # the round's, for an agent's own draws (the search's)
        self.lacks = [False] * 4
        self.left: tuple[int, int, int] | None = None  # top card, colour, other's hand size

    def see(self, observation: np.ndarray) -> None:
        top = int(np.argmax(observation[TOP:TOP + DECK_SIZE]))
        other = round(float(observation[OTHER_SIZE]) * DECK_SIZE)
        if self.left is not None:
            card, colour, size = self.left
            if top == card and other > size:
                self.lacks[colour] = True  # it drew on the card we left: nothing followed it
        if top < BLACK_PLAYS and (self.left is None or top != self.left[0]):
            self.lacks[COLOR[top]] = False  # it played that colour

    def acted(self, observation: np.ndarray, number: int) -> None:
        """What the seat left for the other seat after its move `number` (a +2 or +4 left
        tells nothing of a colour: it is drawn or stacked)."""
        other = round(float(observation[OTHER_SIZE]) * DECK_SIZE)
        if number < DRAW:
            card, colour = card_and_colour(number)
            self.left = None if card >= PLUS4_CARD or RANK[card] == PLUS2 else (
                card, colour, other)
        else:
            top = int(np.argmax(observation[TOP:TOP + DECK_SIZE]))
            colour = int(np.argmax(observation[FOLLOW:FOLLOW + 4]))
            self.left = (top, colour, other)


def follows(card: int, colour: int, rank: int) -> bool:
    """Whether `card` may be played on a top card of `rank` with `colour` to follow."""
    return card >= BLACK_PLAYS or COLOR[card] == colour or RANK[card] == rank


def goes_out(hand: list[int], colour: int, rank: int) -> bool:
    """Whether the seat, to play again on a top card of `rank` and `colour`, can play out all of
    `hand` this turn: heads-up a skip or a twist is a second turn, so they chain."""
    for index, card in enumerate(hand):
        if not follows(card, colour, rank):
            continue
        rest = hand[:index] + hand[index + 1:]
        if not rest:
            return True
        if card < BLACK_PLAYS and RANK[card] in (SKIP, TWIST) and goes_out(
                rest, COLOR[card], RANK[card]):
            return True
    return False


def none_held(pool: int, wanted: int, size: int) -> float:
    """The chance that `size` cards drawn at random from `pool` hold none of `wanted` of them."""
    if size <= 0:
        return 1.0
    if pool - wanted < size:
        return 0.0
    return math.comb(pool - wanted, size) / math.comb(pool, size)


def action_features(observation: np.ndarray, mask: np.ndarray, memory: Memory
                    ) -> tuple[np.ndarray, np.ndarray]:
    """The legal action numbers and a row of features for each. The other seat's hand is taken
    as drawn at random from the cards the seat has not seen (not in its hand nor the discard
    pile), less the colour it could not follow."""
    numbers = np.flatnonzero(mask)
    rows = np.zeros((len(numbers), WIDTH))
    hand = [int(card) for card in np.flatnonzero(observation[HAND:HAND + DECK_SIZE])]
    seen = observation[HAND:HAND + DECK_SIZE] + observation[DISCARDED:DISCARDED + DECK_SIZE]
    unseen = [card for card in range(DECK_SIZE) if not seen[card]]
    follow = int(np.argmax(observation[FOLLOW:FOLLOW + 4]))
    own = round(float(observation[OWN_SIZE]) * DECK_SIZE)
    other = round(float(observation[OTHER_SIZE]) * DECK_SIZE)
    penalty = float(observation[PENALTY])
    can_stack = 1 - none_held(len(unseen), sum(card in STACKERS for card in unseen), other)
    for row, number in zip(rows, numbers, strict=True):
        if number == DRAW:
            row[14], row[15] = 1.0, penalty
            continue
        if number == PASS:
            row[16] = 1.0
            continue
        card, colour = card_and_colour(number)
        black = card >= BLACK_PLAYS
        rank = RANK[card]
        row[4 if card == BLACK_PLAYS else 5 if black else KINDS[rank]] = 1.0
        row[6] = VALUE[card] / 50
        left = [c for c in hand if c != card]
        row[7] = sum(COLOR[c] == colour for c in left) / 7
        playable = sum(follows(c, colour, rank) for c in left)
        row[8] = playable / 7
        lacks = memory.lacks[colour]
        pool = [c for c in unseen if not (lacks and COLOR[c] == colour)]
        cannot = none_held(len(pool), sum(follows(c, colour, rank) for c in pool), other)
        again = not black and rank in (SKIP, TWIST)
        row[9] = cannot
        row[10] = float(lacks)
        row[11] = float(colour != follow)
        row[12] = float(black and own > 2)
        row[13] = float(penalty > 0)
        row[17] = float(again and playable > 0)
        row[18] = float(not left or (again and goes_out(left, colour, rank)))
        row[19] = cannot * (other == 1)
        row[20] = cannot * (other == 2)
        row[21] = float((again or black or rank == PLUS2) and other <= 2)
        row[22] = len({COLOR[c] for c in left if c < BLACK_PLAYS}) / 4
        row[23] = can_stack if card in STACKERS else 0.0
        row[24] = sum(c >= BLACK_PLAYS for c in left) / 2
        row[25] = 0.0 if black else sum(c < BLACK_PLAYS and RANK[c] == rank for c in left) / 3
    return numbers, rows


class Adam:
    """Adam's running moments for a list of arrays, stepping them up the gradient."""

    def __init__(self, arrays: list[np.ndarray]) -> None:
        self.m = [np.zeros_like(array) for array in arrays]
        self.s = [np.zeros_like(array) for array in arrays]
        self.updates = 0

    def ascend(self, arrays: list[np.ndarray], gradients: list[np.ndarray], rate: float) -> None:
        self.updates += 1
        for index, (array, gradient) in enumerate(zip(arrays, gradients, strict=True)):
            self.m[index] = 0.9 * self.m[index] + 0.1 * gradient
            self.s[index] = 0.999 * self.s[index] + 0.001 * gradient * gradient
            m_hat = self.m[index] / (1 - 0.9**self.updates)
            s_hat = self.s[index] / (1 - 0.999**self.updates)
            array += rate * m_hat / (np.sqrt(s_hat) + 1e-8)  # ascent: more reward


def chances(scores: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """The softmax of each decision's scores over its legal moves (the last axis; the padding,
    not legal, gets none)."""
    masked = np.where(legal, scores, -np.inf)
    exp = np.exp(masked - masked.max(axis=-1, keepdims=True))
    return exp / exp.sum(axis=-1, keepdims=True)


class Policy:
    """A softmax over the legal actions of logits linear in their features; Adam."""

    def __init__(self) -> None:
        self.w = np.zeros(WIDTH)
        self.adam = Adam([self.w])

    @property
    def updates(self) -> int:
        return self.adam.updates

    def scores(self, rows: np.ndarray) -> np.ndarray:
        """The logit of each row of features (the last axis)."""
        return rows @ self.w

    def gradient(self, features: np.ndarray, legal: np.ndarray, chosen: np.ndarray
                 ) -> list[np.ndarray]:
        """The gradient of the mean log chance of the `chosen` moves (`clone`'s arrays): the
        chosen row less the rows' mean under the policy."""
        mean = np.einsum("nk,nkd->nd", chances(self.scores(features), legal), features)
        return [(features[np.arange(len(chosen)), chosen] - mean).mean(axis=0)]

    def update(self, gradient: list[np.ndarray], rate: float) -> None:
        self.adam.ascend([self.w], gradient, rate)


class Net:
    """A softmax over the legal actions of logits that are a small network of their features:
    `hidden` tanh units read each action's row, the logit a weighted sum of them and of the row
    itself (the linear policy, with room to weigh features together: a +2 when the other seat
    likely cannot stack and is at 2 cards). The same weights score every action. Starts from
    small random weights drawn from `seed`; Adam."""

    def __init__(self, hidden: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.w_in = rng.standard_normal((WIDTH, hidden)) / math.sqrt(WIDTH)
        self.b_in = np.zeros(hidden)
        self.w_out = 0.1 * rng.standard_normal(hidden)
        self.w = np.zeros(WIDTH)
        self.adam = Adam(self.weights())

    def weights(self) -> list[np.ndarray]:
        return [self.w_in, self.b_in, self.w_out, self.w]

    def scores(self, rows: np.ndarray) -> np.ndarray:
        return np.tanh(rows @ self.w_in + self.b_in) @ self.w_out + rows @ self.w

    def gradient(self, features: np.ndarray, legal: np.ndarray, chosen: np.ndarray,
                 decay: float = 1e-4) -> list[np.ndarray]:
        """`Policy.gradient`'s, back through the units; `decay` pulls their weights to 0."""
        units = np.tanh(features @ self.w_in + self.b_in)
        # The gradient of a mean log chance by each logit: 1 for the chosen, less its chance.
        by_logit = -chances(units @ self.w_out + features @ self.w, legal)
        by_logit[np.arange(len(chosen)), chosen] += 1.0
        by_logit /= len(chosen)
        by_unit = by_logit[:, :, None] * self.w_out * (1 - units * units)
        return [np.einsum("nkd,nkh->dh", features, by_unit) - decay * self.w_in,
                by_unit.sum(axis=(0, 1)),
                np.einsum("nk,nkh->h", by_logit, units) - decay * self.w_out,
                np.einsum("nk,nkd->d", by_logit, features)]

    def update(self, gradient: list[np.ndarray], rate: float) -> None:
        self.adam.ascend(self.weights(), gradient, rate)


def make_envs(opponents: str) -> list[SingleAgentEnv]:
    return [SingleAgentEnv("timos-twist", 2, OPTIONS, seat=seat, opponents=opponents,
                           observation=LAYOUT) for seat in (0, 1)]


def demonstrations(rounds: int, iterations: int, seed: int, processes: int = 1,
                   log: Callable[[str], None] = print, learner: Policy | Net | None = None,
                   top: int = 0, first: int = 0) -> list[tuple[np.ndarray, int]]:
    """The search bot's choices (`iterations` playouts a move) in the agent's seat against the
    heuristic bot, `rounds` seeded rounds numbered from `first` on, the seat alternating: for
    each decision with more than one legal move, the features of each legal move and the row of
    the one it chose. With a `learner`, the learner plays its greedy move and the search, weighing
    only the learner's `top` likeliest moves, says which it would have played: the choices shown
    are the searched learner's, on the rounds where the greedy learner's own moves lead (so it is
    taught where it goes wrong, not only where the teacher goes). Played 100 rounds a part,
    `processes` parts at a time (each round is seeded alone: the same choices however they are
    split)."""
    parts = [range(start, min(start + 100, first + rounds))
             for start in range(first, first + rounds, 100)]
    shown: list[tuple[np.ndarray, int]] = []
    won = 0
    teach = partial(demonstrate, iterations=iterations, seed=seed, learner=learner, top=top)
    for part, (choices, wins) in zip(parts, mapped(teach, parts, processes), strict=True):
        shown += choices
        won += wins
        if (part[-1] + 1 - first) % 500 == 0:
            log(f"{'teacher' if learner is None else 'learner'} round {part[-1] + 1 - first}: "
                f"won {won}, {len(shown):,} choices shown")
    return shown


def demonstrate(episodes: range, iterations: int, seed: int,
                learner: Policy | Net | None = None, top: int = 0
                ) -> tuple[list[tuple[np.ndarray, int]], int]:
    """`demonstrations` of the rounds numbered `episodes`, and how many of them the seat won."""
    envs, shown, won = make_envs("heuristic"), [], 0
    for episode in episodes:
        env, memory = envs[episode % 2], Memory()
        teacher = SearchBot(env.seat, Rng(f"label-{episode}"),
                            Budget(iterations=iterations, ms=None))
        observation, info = env.reset(seed=seed * 1_000_000 + episode)
        while True:
            memory.see(observation)
            numbers, rows = action_features(observation, info["action_mask"], memory)
            legal = env.env.legal(env.seat)
            if learner is None:
                number = chosen = search_choice(teacher, env, legal)
            else:
                number = int(numbers[int(np.argmax(learner.scores(rows)))])
                liked = likeliest(learner, numbers, rows, top)
                # A copy chooses, so that the teacher remembers the move made, not its own.
                chosen = search_choice(copy.copy(teacher), env,
                                       {n: action for n, action in legal.items() if n in liked})
                search_choice(teacher, env, {number: legal[number]})
            if len(numbers) > 1:
                shown.append((rows, int(np.flatnonzero(numbers == chosen)[0])))
            memory.acted(observation, number)
            observation, reward, terminated, truncated, info = env.step(number)
            if terminated or truncated:
                won += reward > 0
                break
    return shown, won


def likeliest(policy: Policy | Net, numbers: np.ndarray, rows: np.ndarray, top: int
              ) -> set[int]:
    """The numbers of the `top` legal moves (`action_features`'s) the policy likes best."""
    return {int(numbers[i]) for i in np.argsort(-policy.scores(rows), kind="stable")[:top]}


def search_choice(bot: SearchBot, env: SingleAgentEnv, legal: dict[int, Action | None]) -> int:
    """The number of the move `bot` makes in the agent's seat, choosing among `legal` (some of
    the seat's legal actions by number); offered one move, it only takes note of it."""
    view = env.env.game.view(env.env.game_state, env.seat)
    chosen = bot.act(view, [action for action in legal.values() if action is not None], True)
    return next(number for number, action in legal.items() if action == chosen)


def mapped(function: Callable[[Any], Any], items: list[Any], processes: int) -> Iterator[Any]:
    """`function` of each item, in order, `processes` items at a time in forked processes."""
    if processes == 1:
        yield from map(function, items)
        return
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        yield from pool.imap(function, items)


def cpu_seconds() -> float:
    """The CPU time of this process and of the processes it has forked and waited for."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def clone(policy: Policy | Net, shown: list[tuple[np.ndarray, int]], epochs: int = 300,
          rate: float = 0.05) -> float:
    """Fit the policy to the choices shown: full-batch ascent of their mean log-likelihood
    (the legal moves of each decision padded to the widest, the padding masked out); the share
    of choices the greedy policy then makes alike."""
    widest = max(len(rows) for rows, _ in shown)
    features = np.zeros((len(shown), widest, WIDTH))
    legal = np.zeros((len(shown), widest), bool)
    for index, (rows, _) in enumerate(shown):
        features[index, :len(rows)] = rows
        legal[index, :len(rows)] = True
    chosen = np.array([choice for _, choice in shown])
    for _ in range(epochs):
        policy.update(policy.gradient(features, legal, chosen), rate)
    scores = np.where(legal, policy.scores(features), -np.inf)
    return float(np.mean(np.argmax(scores, axis=1) == chosen))


# The network's rate of ascent when cloning and correcting.
NET_RATE = 0.01


def correct(net: Net, shown: list[tuple[np.ndarray, int]], steps: int, rounds: int, top: int,
            playouts: int, seed: int, first: int, processes: int = 1,
            epochs: int = 300) -> None:
    """DAgger with the searched network as the teacher: `steps` times, the network plays
    `rounds` seeded rounds greedily against the heuristic bot (numbered from `first` on, new ones
    each step: apart from the teacher's), the search bot weighing its `top` likeliest moves
    (`playouts` a move) labels each decision, and the network is fitted again to all the choices
    shown so far, the teacher's and the corrections before."""
    for step in range(steps):
        shown = shown + demonstrations(rounds, playouts, seed, processes, learner=net, top=top,
                                first=first + step * rounds)
        agree = clone(net, shown, epochs, NET_RATE)
        print(f"correction {step + 1}: {len(shown):,} choices, the greedy network agrees on "
              f"{agree:.1%}")


B = TypeVar("B", Bot, SearchBot)

# An agent: given its environment (for a bot playing from the seat's view), the observation,
# the mask and its memory, the number of its move.
Agent = Callable[[SingleAgentEnv, np.ndarray, np.ndarray, Memory], int]


def greedy(policy: Policy | Net) -> Agent:
    def act(env: SingleAgentEnv, observation: np.ndarray, mask: np.ndarray, memory: Memory
            ) -> int:
        numbers, rows = action_features(observation, mask, memory)
        return int(numbers[int(np.argmax(policy.scores(rows)))])

    return act


class EachRound(Generic[B]):
    """The bot `make` makes from the agent's environment and a round's memory, made anew each
    round (each round's memory is new)."""

    def __init__(self, make: Callable[[SingleAgentEnv, Memory], B]) -> None:
        self.make = make
        self.memory: Memory | None = None
        self.bot: B | None = None

    def __call__(self, env: SingleAgentEnv, memory: Memory) -> B:
        if self.bot is None or memory is not self.memory:
            self.memory, self.bot = memory, self.make(env, memory)
        return self.bot


def searching(policy: Policy | Net | None, top: int, playouts: int) -> Agent:
    """Our search bot (`playouts` a move, however many moves it weighs) in the agent's seat, a
    new one each round; with a `policy`, weighing only the `top` legal moves the policy likes
    best: the learned policy says which moves are worth a look, the search which of them wins
    most often from here. Without one, it weighs every legal move."""
    searcher = EachRound(lambda env, memory: SearchBot(
        env.seat, Rng(f"search-{memory.seed}"), Budget(iterations=playouts, ms=None)))

    def act(env: SingleAgentEnv, observation: np.ndarray, mask: np.ndarray, memory: Memory
            ) -> int:
        legal = env.env.legal(env.seat)
        if policy is not None:
            numbers, rows = action_features(observation, mask, memory)
            liked = likeliest(policy, numbers, rows, top)
            legal = {number: action for number, action in legal.items() if number in liked}
        return search_choice(searcher(env, memory), env, legal)

    return act


def rule(worth: Callable[[np.ndarray, int], float]) -> Agent:
    """Play the legal card of the highest `worth` (a black card naming the colour held most),
    else draw; a drawn card that can be played is played."""
    def act(env: SingleAgentEnv, observation: np.ndarray, mask: np.ndarray, memory: Memory
            ) -> int:
        return rule_choice(worth, observation, np.flatnonzero(mask))

    return act


def rule_choice(worth: Callable[[np.ndarray, int], float], observation: np.ndarray,
                numbers: np.ndarray) -> int:
    """`rule`'s choice among the legal action `numbers`, from an observation that starts with
    the seat's hand (the environment's, and OpenSpiel's `tictac_timos_twist` tensor)."""
    plays = [int(n) for n in numbers if n < DRAW]
    if not plays:
        return int(numbers[0])
    hand = np.flatnonzero(observation[HAND:HAND + DECK_SIZE])
    held = [sum(COLOR[c] == colour for c in hand) for colour in range(4)]
    return max(plays, key=lambda n: (worth(hand, card_and_colour(n)[0]),
                                     held[card_and_colour(n)[1]]))


def highest_value(hand: np.ndarray, card: int) -> float:
    return VALUE[card]


def most_of_colour(hand: np.ndarray, card: int) -> float:
    """The colour held most (black cards last), then the highest value."""
    if card >= BLACK_PLAYS:
        return -1.0
    return sum(COLOR[c] == COLOR[card] for c in hand) + VALUE[card] / 100


def bot(kind: str) -> Agent:
    """One of our bots in the agent's seat, seeing that seat's view: a new one each round, its
    own draws seeded by the round's seed (so that a row reads the same whichever rounds a
    process played before: the processes of `played` play several parts each)."""
    player = EachRound(lambda env, memory: make_bot(
        "timos-twist", kind, env.seat, Rng(f"agent-{memory.seed}")))

    def act(env: SingleAgentEnv, observation: np.ndarray, mask: np.ndarray, memory: Memory
            ) -> int:
        return env.bot_number(player(env, memory), env.seat)

    return act


# The table's first round's seed: its rounds are apart from tuning's.
FIRST = 10_000_000


def evaluate(agent: Agent, opponents: str, games: int, first: int = FIRST) -> int:
    """Rounds the agent wins of `games` seeded ones (seeds from `first` on) against `opponents`
    bots, its seat alternating (the same deals whatever the agent)."""
    return sum(outcomes(agent, opponents, games, first))


def outcomes(agent: Agent, opponents: str, games: int, first: int = FIRST) -> list[bool]:
    """`evaluate`'s rounds one by one: whether the agent won each."""
    envs, won = make_envs(opponents), []
    for index in range(games):
        env, memory = envs[index % 2], Memory(first + index)
        observation, info = env.reset(seed=first + index)
        while True:
            memory.see(observation)
            number = agent(env, observation, info["action_mask"], memory)
            memory.acted(observation, number)
            observation, reward, terminated, truncated, info = env.step(number)
            if terminated or truncated:
                won.append(bool(reward > 0))
                break
    return won


def tune(policy: Policy, generations: int, pairs: int, rounds: int, seed: int,
         spread: float = 0.3, rate: float = 0.1, log: Callable[[str], None] = print) -> None:
    """Evolution strategies on the greedy policy's win rate against the heuristic bot: each
    generation plays `pairs` random perturbations of the weights (`spread` times a standard
    normal) and their opposites on the same `rounds` seeded rounds, new rounds each generation
    (seeds from 20,000,000 on, apart from the table's), and steps the weights (Adam) along the
    perturbations, each weighed by how many more rounds it won than its opposite. A greedy
    policy's win rate has no gradient to follow; this estimates the smoothed one's, and playing
    each pair on the same deals keeps the luck of the deal out of the difference."""
    rng, trial = np.random.default_rng(seed), Policy()
    for generation in range(generations):
        first = 20_000_000 + (seed * generations + generation) * rounds
        directions = rng.standard_normal((pairs, WIDTH))
        gains = []
        for direction in directions:
            trial.w = policy.w + spread * direction
            won = evaluate(greedy(trial), "heuristic", rounds, first)
            trial.w = policy.w - spread * direction
            gains.append((won - evaluate(greedy(trial), "heuristic", rounds, first)) / rounds)
        policy.update([np.asarray(gains) @ directions / (pairs * spread)], rate)
        log(f"generation {generation + 1}: a perturbation moved the win rate by "
            f"{100 * np.mean(np.abs(gains)):.1f} points on average")


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate."""
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def cell(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return (f"{100 * wins / games:.1f} % [{100 * low:.1f} %, {100 * high:.1f} %] "
            f"({wins:,}/{games:,})")


# The table's rows, set before the processes that play them are forked (a row's agent is a
# closure: it cannot be sent to them).
_ROWS: list[tuple[str, Agent]] = []
# A row's rounds are played in parts of this many, each part in one process. Even, so that each
# seat plays the rounds it plays in one part; fixed, so that the random bot's rows (its draws run
# on from round to round within a part) read the same however many processes play them.
PART = 250


def play_part(task: tuple[int, str, int, int]) -> tuple[list[bool], float]:
    """Whether row `row` of `_ROWS` wins each of `games` rounds from seed `first` on against
    `opponents` bots (`task` holds them in that order), and the CPU seconds they took."""
    row, opponents, first, games = task
    started = time.process_time()
    return outcomes(_ROWS[row][1], opponents, games, first), time.process_time() - started


def played(rows: list[tuple[str, Agent]], games: int, processes: int
           ) -> Iterator[tuple[str, list[str], float, list[bool]]]:
    """Each row's name, its cells against random play and against the heuristic bot (`games`
    rounds each), the CPU seconds they took and whether it won each round against the heuristic
    bot, in order; the rows' parts played `processes` at a time in forked processes."""
    _ROWS[:] = rows
    starts = range(FIRST, FIRST + games, PART)
    tasks = [(row, opponents, first, min(PART, FIRST + games - first))
             for row in range(len(rows)) for opponents in ("random", "heuristic")
             for first in starts]
    results = mapped(play_part, tasks, processes)
    for name, _ in rows:
        against = [list(islice(results, len(starts))) for _ in range(2)]
        yield (name, [cell(sum(sum(won) for won, _ in parts), games) for parts in against],
               sum(seconds for parts in against for _, seconds in parts),
               [won for part, _ in against[1] for won in part])


def paired(rows: list[tuple[str, Agent]], games: int, processes: int) -> list[list[bool]]:
    """Whether each of the rows wins each of the table's `games` rounds against the heuristic
    bot, in parts as `played` plays them (so the same rounds and the same wins)."""
    _ROWS[:] = rows
    tasks = [(row, "heuristic", first, min(PART, FIRST + games - first))
             for row in range(len(rows)) for first in range(FIRST, FIRST + games, PART)]
    results = mapped(play_part, tasks, processes)
    parts = len(tasks) // len(rows)
    return [[won for part, _ in islice(results, parts) for won in part] for _ in rows]


def mcnemar(only_first: int, only_second: int) -> float:
    """McNemar's exact two-sided p-value: the chance, were either row as likely to win a round
    the other lost, of a split of the discordant rounds as uneven as this one or more (twice
    the binomial tail at one half, at most 1)."""
    discordant = only_first + only_second
    tail = sum(math.comb(discordant, k) for k in range(min(only_first, only_second) + 1))
    return min(1.0, 2 * tail / 2**discordant)


def compare(names: tuple[str, str], first: list[bool], second: list[bool]) -> list[str]:
    """The lines `--paired` prints for two rows' outcomes on the same rounds."""
    only_first = sum(a and not b for a, b in zip(first, second, strict=True))
    only_second = sum(b and not a for a, b in zip(first, second, strict=True))
    return [f"{names[0]}: {cell(sum(first), len(first))}",
            f"{names[1]}: {cell(sum(second), len(second))}",
            f"both won {sum(a and b for a, b in zip(first, second, strict=True)):,}; "
            f"only the first {only_first:,}, only the second {only_second:,}",
            f"McNemar's exact test, two-sided: p = {mcnemar(only_first, only_second):.2g}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teacher-rounds", type=int, default=1500)
    parser.add_argument("--teacher-iterations", type=int, default=100)
    parser.add_argument("--generations", type=int, default=0,
                        help="steps of evolution strategies after cloning (0: none)")
    parser.add_argument("--pairs", type=int, default=8)
    parser.add_argument("--tune-rounds", type=int, default=300)
    parser.add_argument("--top", type=int, default=2,
                        help="legal moves the learned policy hands the search")
    parser.add_argument("--playouts", type=int, default=30,
                        help="the search's playouts a move, with the policy and without")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--processes", type=int, default=1,
                        help="parts of the teacher's rounds and of the table's rows played at "
                        "once, each in a process of its own")
    parser.add_argument("--hidden", type=int, default=16,
                        help="tanh units of the network cloned from the teacher's choices")
    parser.add_argument("--net-epochs", type=int, default=600)
    parser.add_argument("--corrections", type=int, default=1,
                        help="steps of the searched network's corrections (DAgger) after cloning")
    parser.add_argument("--correction-rounds", type=int, default=1000)
    parser.add_argument("--paired", action="store_true",
                        help="play only the search bot and the learner's search at --playouts "
                        "against the heuristic bot, and compare them round by round")
    args = parser.parse_args()

    policy = Policy()
    shown = demonstrations(args.teacher_rounds, args.teacher_iterations, args.seed,
                           args.processes)
    agree = clone(policy, shown)
    print(f"cloned {len(shown):,} choices of the search bot (greedy agrees on {agree:.1%})")
    tune(policy, args.generations, args.pairs, args.tune_rounds, args.seed)
    print(f"trained in {cpu_seconds():.0f} CPU s; weights:")
    for name, weight in zip(FEATURES, policy.w, strict=True):
        print(f"  {weight:+6.2f}  {name}")
    search = f"search bot, {args.playouts} playouts a move"
    learned = f"learner's {args.top} likeliest moves, searched ({args.playouts} playouts)"
    if args.paired:
        rows = [(search, searching(None, 0, args.playouts)),
                (learned, searching(policy, args.top, args.playouts))]
        first, second = paired(rows, args.games, args.processes)
        print("\nagainst the heuristic bot, the same rounds:")
        print("\n".join(compare((search, learned), first, second)))
        print(f"{cpu_seconds():.0f} CPU s in all")
        return
    started = cpu_seconds()
    net = Net(args.hidden, args.seed)
    agree = clone(net, shown, args.net_epochs, NET_RATE)
    print(f"a {args.hidden}-unit network cloned from the same choices: greedy agrees on "
          f"{agree:.1%}")
    cloned = copy.deepcopy(net)
    correct(net, shown, args.corrections, args.correction_rounds, args.top, args.playouts,
            args.seed, args.teacher_rounds, args.processes)
    print(f"the network trained in {cpu_seconds() - started:.0f} CPU s more")
    network = f"learner, a {args.hidden}-unit network cloned from the same choices, greedy"
    corrected = (f"the same network, {args.corrections} step{'s' * (args.corrections > 1)} of "
                 f"its searched corrections ({args.correction_rounds:,} rounds each), greedy")
    agents: dict[str, Agent] = {
        "random legal move": bot("random"),
        "rule: highest value, else draw": rule(highest_value),
        "rule: colour held most, else draw": rule(most_of_colour),
        "heuristic bot": bot("heuristic"),
        f"learner, cloned from {args.teacher_rounds:,} rounds of search"
        f"{f', tuned {args.generations} generations' if args.generations else ''}, greedy":
            greedy(policy),
        f"search bot, {args.teacher_iterations} playouts a move (the teacher)":
            searching(None, 0, args.teacher_iterations),
        search: searching(None, 0, args.playouts),
        learned: searching(policy, args.top, args.playouts),
        network: greedy(cloned),
        corrected: greedy(net),
    }
    print("\n| agent | against random play | against the heuristic bot |\n|---|---|---|")
    won: dict[str, list[bool]] = {}
    for name, cells, seconds, rounds in played(list(agents.items()), args.games,
                                               args.processes):
        print(f"| {name} | {cells[0]} | {cells[1]} |  ({seconds:.0f} CPU s)", flush=True)
        won[name] = rounds
    rule_row = max((name for name in won if name.startswith("rule")), key=lambda n: sum(won[n]))
    for baseline in ("heuristic bot", rule_row):
        for name in (network, corrected):
            print("\nagainst the heuristic bot, the same rounds:")
            print("\n".join(compare((baseline, name), won[baseline], won[name])))
    print(f"{cpu_seconds():.0f} CPU s in all")


if __name__ == "__main__":
    main()
