"""What an observation carries (issue 26, items 1 and 3): everything is encoded from the game
state directly, so these tests hold each layout to the seat's own knowledge. A differential
test: the other seats' secrets (their hands and the pile, roles and where the wires lie, the
card in hand and the deck) are dealt again behind the environment's back, and the seat's
observation and mask must not change. And the history layouts carry what the seat saw: every
round's claims and cuts, every card played."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np

from tictac.games.time_bomb.table import CUT, DEFUSING, SAFE
from tictac.rl import TictacEnv, TimeBombEnv, TimesUpEnv, TimosTwistEnv
from tictac.rl.base import HISTORY
from tictac.rl.time_bomb import ROUND_PART
from tictac.rl.time_bomb import SIZE as BOMB_SIZE
from tictac.rl.timos_twist import DISCARDED, PLAYED
from tictac.rl.timos_twist import SIZE as TWIST_SIZE

Scramble = Callable[[Any, int, np.random.Generator], None]


def scramble_timos_twist(state: Any, seat: int, rng: np.random.Generator) -> None:
    """The other hands and the pile dealt again from the cards in them (a drawn card the seat
    to act may still play stays where it is)."""
    others = [other for other in range(state.players) if other != seat]
    kept = {state.turn: state.drawn} if state.drawn >= 0 else {}
    pool = [card for other in others for card in state.hands[other] if card != kept.get(other)]
    pool += state.pile
    rng.shuffle(pool)
    for other in others:
        size = len(state.hands[other]) - (other in kept)
        state.hands[other] = [pool.pop() for _ in range(size)] + (
            [kept[other]] if other in kept else [])
    state.pile = pool


def scramble_time_bomb(state: Any, seat: int, rng: np.random.Generator) -> None:
    """The other seats' roles (the set-aside card among them), where the seat's own wires lie,
    and which face-down wire lies where in the other rows."""
    others = [other for other in range(state.players) if other != seat]
    roles = [state.roles[other] for other in others] + (
        [state.set_aside] if state.set_aside else [])
    rng.shuffle(roles)
    for other, role in zip(others, roles, strict=False):
        state.roles[other] = role
    if state.set_aside:
        state.set_aside = roles[-1]
    own = state.rows[seat]
    slots = [position for position, kind in enumerate(own) if kind != CUT]
    kinds = [own[position] for position in slots]
    rng.shuffle(kinds)
    for position, kind in zip(slots, kinds, strict=True):
        own[position] = kind
    places = [(other, position) for other in others
              for position, kind in enumerate(state.rows[other]) if kind != CUT]
    hidden = [state.rows[other][position] for other, position in places]
    rng.shuffle(hidden)
    for (other, position), kind in zip(places, hidden, strict=True):
        state.rows[other][position] = kind


def scramble_times_up(state: Any, seat: int, rng: np.random.Generator) -> None:
    """The deck's order and, for anyone but the cluegiver, which card is in hand."""
    rng.shuffle(state.deck)
    if state.in_hand is not None and state.deck and seat != state.cluegiver():
        state.in_hand, state.deck[0] = state.deck[0], state.in_hand


SCRAMBLES: list[tuple[type[TictacEnv], int, Scramble]] = [
    (TimosTwistEnv, 3, scramble_timos_twist),
    (TimeBombEnv, 6, scramble_time_bomb),
    (TimesUpEnv, 4, scramble_times_up),
]
CASES = [(env_class, players, scramble, observation)
         for env_class, players, scramble in SCRAMBLES for observation in env_class.ENCODINGS]


def walk(env: TictacEnv, seed: int, decisions: int) -> Any:
    """Random masked play, stopping at each decision (the caller looks, then it goes on)."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    for _ in range(decisions):
        if env.terminations[env.agent_selection]:
            return
        yield
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize(("env_class", "players", "scramble", "observation"), CASES)
def test_an_observation_carries_no_other_seat_secret(
    env_class: type[TictacEnv], players: int, scramble: Scramble, observation: str
) -> None:
    env = env_class(players, observation=observation)
    rng = np.random.default_rng(5)
    compared = 0
    for seed in range(10):
        for _ in walk(env, seed, 60):
            for seat, agent in enumerate(env.possible_agents):
                seen = env.observe(agent)
                real = env.game_state
                env.game_state = real.clone()
                scramble(env.game_state, seat, rng)
                env._legal = None
                again = env.observe(agent)
                env.game_state, env._legal = real, None
                assert np.array_equal(seen["observation"], again["observation"])
                assert np.array_equal(seen["action_mask"], again["action_mask"])
                compared += 1
    assert compared > 900


@pytest.mark.parametrize(("env_class", "players"), [
    (TimosTwistEnv, 2), (TimosTwistEnv, 5), (TimeBombEnv, 4), (TimeBombEnv, 7),
    (TimesUpEnv, 4), (TimesUpEnv, 6),
])
def test_the_mask_is_the_legal_actions(env_class: type[TictacEnv], players: int) -> None:
    """The mask (from the legal actions listed once a decision) is what the engine allows the
    seat now, each number standing for one of its legal actions (or the environment's own)."""
    env = env_class(players)
    for seed in range(3):
        for _ in walk(env, seed, 300):
            agent = env.agent_selection
            seat = env.seats[agent]
            mask = set(np.flatnonzero(env.observe(agent)["action_mask"]))
            allowed = env.game.legal_actions(env.game_state, seat)
            fresh = type(env).legal(env, seat)
            assert mask == set(fresh)
            assert all(action is None or action in allowed for action in fresh.values())
            for other in env.possible_agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any()


def test_timos_twist_history_shows_the_cards_each_seat_played() -> None:
    env, compact = TimosTwistEnv(3, observation=HISTORY), TimosTwistEnv(3)
    rng = np.random.default_rng(3)
    env.reset(seed=3)
    played: list[set[int]] = [set(), set(), set()]
    rounds = 0
    for _ in range(400):
        seat = env.seats[env.agent_selection]
        mask = env.observe(env.agent_selection)["action_mask"]
        action = int(rng.choice(np.flatnonzero(mask)))
        card = action if action < 52 else 52 + (action - 52) // 4 if action < 60 else None
        env.step(action)
        if len(env.game_state.rounds) != rounds:  # a new round: nothing played in it yet
            rounds, played = len(env.game_state.rounds), [set(), set(), set()]
        elif card is not None:
            played[seat].add(card)
        if env.terminations[env.agent_selection]:
            break
        for viewer in range(3):
            observation = env.observe(env.possible_agents[viewer])["observation"]
            compact.game_state = env.game_state
            first = np.zeros(TWIST_SIZE, np.float32)
            compact.encode(viewer, first)
            assert np.array_equal(observation[:TWIST_SIZE], first), "compact, then history"
            assert set(np.flatnonzero(observation[DISCARDED:PLAYED])) == set(
                env.game_state.discard)
            for offset in range(3):
                part = observation[PLAYED + 54 * offset:PLAYED + 54 * (offset + 1)]
                assert set(np.flatnonzero(part)) == played[(viewer + offset) % 3]
    assert rounds >= 1, "the walk crossed a round"


def test_time_bomb_history_keeps_every_round_and_counts_cuts_by_row() -> None:
    env = TimeBombEnv(4, observation=HISTORY)
    env.reset(seed=8)
    state = env.game_state
    claims: dict[tuple[int, int], tuple[int, bool]] = {}
    while state.round < 3 and state.team is None:
        seat = env.seats[env.agent_selection]
        if env.claiming:  # everyone claims one defusing wire, and the bomb in round 1
            claims[seat, state.round] = (1, state.round == 1)
            env.step(35 + 2 + (state.round == 1))
            continue
        # Cut the next seat's first face-down wire that is no bomb.
        target = (seat + 1) % 4
        row = state.rows[target]
        position = next((p for p, kind in enumerate(row) if kind in (SAFE, DEFUSING)), None)
        assert position is not None
        env.step(position)
    assert state.team is None, "no bomb was cut"
    for viewer in range(4):
        observation = env.observe(env.possible_agents[viewer])["observation"]
        for offset in range(4):
            other = (viewer + offset) % 4
            for round_ in (1, 2):
                part = BOMB_SIZE + ROUND_PART * (4 * offset + round_ - 1)
                defusing, bomb = claims[other, round_]
                assert list(observation[part:part + 3]) == [1.0, defusing / 5, float(bomb)]
                from_row = [kind for r, _, _, target, _, kind in state.revealed
                            if r == round_ and target == other]
                assert observation[part + 3] == pytest.approx(from_row.count(DEFUSING) / 5)
                assert observation[part + 4] == pytest.approx(from_row.count(SAFE) / 5)
