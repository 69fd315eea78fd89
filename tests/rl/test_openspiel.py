"""The games as OpenSpiel games (issue 26, item 2; docs/rl.md, "OpenSpiel"): OpenSpiel's own
consistency test, the cards and wires the chance nodes deal, what each seat's observations
leave out, and OpenSpiel's MCTS, ISMCTS and MCCFR running on them."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import (  # noqa: E402
    external_sampling_mccfr,
    ismcts,
    mcts,
    outcome_sampling_mccfr,
)

import tictac.rl.openspiel  # noqa: E402, F401  (registers the games)
from tictac.games.time_bomb.table import CUT, SHERLOCK  # noqa: E402
from tictac.games.timos_twist.cards import DECK_SIZE, IS_BLACK  # noqa: E402

TIMOS_TWIST = [
    {"target_score": 1},
    {"players": 4, "target_score": 40},
    {"players": 3, "target_score": 30, "stacking": False, "draw_anytime": True},
    {"target_score": 20, "last_draw_counts": False},
]
TIME_BOMB = [{}, {"players": 7}, {"players": 5, "rounds": 2}, {"rounds": 1, "claims": False}]


def sample_chance(state, rng: np.random.Generator) -> None:
    outcomes, chances = zip(*state.chance_outcomes(), strict=True)
    assert sum(chances) == pytest.approx(1.0)
    state.apply_action(int(rng.choice(outcomes, p=chances)))


def random_states(game, seed: int):
    """Every state of a game played at random, chance included."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        yield state
        if state.is_chance_node():
            sample_chance(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    yield state


@pytest.mark.parametrize("params", TIMOS_TWIST + [("tb", p) for p in TIME_BOMB], ids=str)
def test_openspiel_random_sim_test(params) -> None:
    """OpenSpiel's own API test: legal actions, chance outcomes, clones, returns, observation
    and information state tensors and strings, and serialize/deserialize round trips."""
    name, params = ("tictac_time_bomb", params[1]) if isinstance(params, tuple) else (
        "tictac_timos_twist", params)
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("params", TIMOS_TWIST, ids=str)
def test_timos_twist_every_card_is_somewhere_once(params) -> None:
    """Across deals, draws and rebuilt piles the 54 cards stay where the engine keeps them:
    hands, pile and discard pile together hold each card exactly once, and the first card of a
    deal is never black."""
    game = pyspiel.load_game("tictac_timos_twist", params)
    rebuilt = 0
    for seed in range(3):
        for state in random_states(game, seed):
            engine = state.engine
            if engine is None or state.dealing is not None:
                continue
            cards = [c for hand in engine.hands for c in hand] + engine.pile + engine.discard
            assert sorted(cards) == list(range(DECK_SIZE)), str(state)
            rebuilt += sum(text == "pile_rebuilt" for _, text in state.log[-3:])
            if state.log and state.log[-1][1].startswith("round:"):
                assert not IS_BLACK[engine.discard[0]]
        assert state.returns() in ([0.0] * state.players,) or max(state.returns()) == 1.0
    if params.get("draw_anytime"):
        assert rebuilt, "drawing at will runs the pile out: the game rebuilt it"


def test_timos_twist_draws_come_from_the_pile_at_even_odds() -> None:
    """A draw is a chance node over exactly the cards in the pile, each as likely; the card
    drawn lands in the drawer's hand."""
    game = pyspiel.load_game("tictac_timos_twist", {"target_score": 1, "draw_anytime": True})
    rng = np.random.default_rng(4)
    state = game.new_initial_state()
    while state.is_chance_node():
        sample_chance(state, rng)
    seat = state.current_player()
    pile = sorted(state.engine.pile)
    state.apply_action(60)  # draw
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [card for card, _ in outcomes] == pile
    assert {chance for _, chance in outcomes} == {1 / len(pile)}
    drawn = [pile[5]]
    state.apply_action(pile[5])
    while state.is_chance_node():  # a +2 turned first: seat 0 draws two
        drawn.append(state.chance_outcomes()[0][0])
        state.apply_action(drawn[-1])
    assert state.engine.hands[seat][7:] == drawn


def test_timos_twist_a_short_pile_is_drawn_out_before_the_rebuilt_one() -> None:
    """Drawing 2 from a pile of 1: the engine draws the pile's card, then rebuilds the pile from
    the discard pile (its top card stays) and draws from it. The chance nodes follow: the first
    has the old pile's one card, the second the rebuilt pile's cards."""
    game = pyspiel.load_game("tictac_timos_twist", {"target_score": 1})
    rng = np.random.default_rng(2)
    state = game.new_initial_state()
    while state.is_chance_node():
        sample_chance(state, rng)
    engine = state.engine
    last, *rest = engine.pile  # the bottom card stays in the pile, the others are discarded
    engine.pile = [last]
    engine.discard = rest + engine.discard
    engine.penalty = 2
    seat = state.current_player()
    state.apply_action(60)  # draw the penalty
    assert [card for card, _ in state.chance_outcomes()] == [last]
    state.apply_action(last)
    assert [card for card, _ in state.chance_outcomes()] == sorted(rest)
    state.apply_action(rest[0])
    assert state.engine.hands[seat][-2:] == [last, rest[0]]


def test_time_bomb_deals_with_the_rule_sheets_odds() -> None:
    """The role cards and wires come with the chances of shuffling the set-up table's cards:
    at 5 players, a seat is Sherlock 3 times in 5 and holds the bomb once in 5."""
    game = pyspiel.load_game("tictac_time_bomb", {"players": 5})
    state = game.new_initial_state()
    assert dict(state.chance_outcomes()) == pytest.approx({0: 3 / 5, 1: 2 / 5})
    for _ in range(5):
        state.apply_action(0 if state.roles.count(SHERLOCK) < 3 else 1)
    wires = dict(state.chance_outcomes())
    assert sum(chance for outcome, chance in wires.items() if outcome % 2) == pytest.approx(1 / 5)
    assert sum(wires.values()) == pytest.approx(1.0)


def test_time_bomb_plays_the_engines_game_to_its_end() -> None:
    """Cuts reveal the kinds the engine holds; the game ends as the engine says (defused,
    exploded, time up) and the returns give +1 to the winning team's seats."""
    game = pyspiel.load_game("tictac_time_bomb", {"players": 4})
    for seed in range(20):
        for state in random_states(game, seed):
            if state.engine is not None and state.cutting is not None:
                row = state.engine.rows[state.cutting]
                left = [kind for kind in row if kind != CUT]
                assert sum(c for _, c in state.chance_outcomes()) == pytest.approx(1.0)
                assert {kind for kind, _ in state.chance_outcomes()} == set(left)
        team = state.engine.team
        assert team is not None
        assert state.returns() == [1.0 if role == team else -1.0 for role in state.roles]


def test_time_bomb_rounds_option_ends_the_game_with_time_up() -> None:
    game = pyspiel.load_game("tictac_time_bomb", {"rounds": 1, "claims": False})
    for seed in range(10):
        *_, state = random_states(game, seed)
        assert state.engine.round == 1 or state.time_up
        if state.time_up:
            assert state.returns() == [1.0 if r == "moriarty" else -1.0 for r in state.roles]


def differing_other_seat(name: str, params: dict, seed: int):
    """Two states reached by the same public history, the same for seat 0, that differ in
    another seat's secrets (another deal of the cards seat 0 does not see)."""
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while state.is_chance_node():
        sample_chance(state, rng)
    other = state.determinized(0, random.Random(seed))
    return state, other


@pytest.mark.parametrize("name, params", [("tictac_timos_twist", {"players": 3}),
                                          ("tictac_time_bomb", {"players": 6})])
def test_observations_hide_what_the_seat_does_not_know(name, params) -> None:
    """Seat 0's observation and information state are the same whatever the secrets it
    cannot see; another seat's differ (so the check can fail)."""
    game = pyspiel.load_game(name, params)
    changed = 0
    for seed in range(10):
        state, other = differing_other_seat(name, params, seed)
        assert state.observation_tensor(0) == other.observation_tensor(0)
        assert state.observation_string(0) == other.observation_string(0)
        assert state.information_state_string(0) == other.information_state_string(0)
        if game.get_type().provides_information_state_tensor:
            assert state.information_state_tensor(0) == other.information_state_tensor(0)
        changed += any(state.observation_tensor(seat) != other.observation_tensor(seat)
                       for seat in range(1, game.num_players()))
    assert changed


def test_mcts_plays_both_games() -> None:
    """OpenSpiel's MCTS (on the true state) and ISMCTS (on states resampled from the seat's
    information state) play whole games."""
    for name, params in (("tictac_timos_twist", {"target_score": 1}),
                         ("tictac_time_bomb", {"players": 4})):
        game = pyspiel.load_game(name, params)
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
        bots = [mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=np.random.RandomState(1)),
                ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(2),
                                 allow_inconsistent_action_sets=True)]
        rng = np.random.default_rng(3)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                sample_chance(state, rng)
            else:
                bot = bots[state.current_player() % 2]
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)


@pytest.mark.parametrize("solver", [external_sampling_mccfr.ExternalSamplingSolver,
                                    outcome_sampling_mccfr.OutcomeSamplingSolver])
def test_mccfr_learns_a_policy_for_one_round_of_time_bomb(solver) -> None:
    game = pyspiel.load_game("tictac_time_bomb", {"rounds": 1, "claims": False})
    cfr = solver(game)
    for _ in range(5):
        cfr.iteration()
    policy = cfr.average_policy()
    for state in random_states(game, 1):
        if not state.is_chance_node() and not state.is_terminal():
            chances = policy.action_probabilities(state)
            assert set(chances) == set(state.legal_actions())
            assert sum(chances.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("name, params", [("tictac_timos_twist", {"players": 7}),
                                          ("tictac_time_bomb", {"players": 3}),
                                          ("tictac_time_bomb", {"rounds": 5})])
def test_bad_parameters_are_refused(name, params) -> None:
    with pytest.raises(Exception, match=r"players|rounds"):
        pyspiel.load_game(name, params)


def redeal_states(rows_2_and_3: tuple[int, int]):
    """Each chance node of round 2's deal in a 4-player game without claims: seat 0 holds the
    pliers, round 1's four cuts alternate between rows 1 and 0 and each comes up safe; seats 2
    and 3 are dealt `rows_2_and_3` (wires as 2 × defusing + bomb) in round 1."""
    game = pyspiel.load_game("tictac_time_bomb", {"rounds": 2, "claims": False})
    state = game.new_initial_state()
    for _ in range(4):  # the role cards: the first that may come, each time
        state.apply_action(state.chance_outcomes()[0][0])
    for wires in (2, 2, *rows_2_and_3):  # seats 0 and 1: one defusing wire, four safe
        state.apply_action(wires)
    state.apply_action(0)  # the first holder of the pliers
    for row in (1, 0, 1, 0):
        state.apply_action(row)
        state.apply_action(0)  # SAFE comes up
    while state.is_chance_node():
        yield state.clone()
        state.apply_action(state.chance_outcomes()[0][0])


def test_time_bomb_redeal_shows_a_seat_only_what_it_knows() -> None:
    """Two games that differ only in which of seats 2 and 3 got which wires in round 1 look
    the same to seats 0 and 1 at every chance node of round 2's deal: the same wires are left
    face down. (The engine's own re-deal, which the chance nodes replace, showed through.)"""
    pairs = list(zip(redeal_states((4, 1)), redeal_states((1, 4)), strict=True))
    assert len(pairs) == 4
    for first, second in pairs:
        for seat in (0, 1):
            assert first.information_state_string(seat) == \
                second.information_state_string(seat)
            assert first.information_state_tensor(seat) == second.information_state_tensor(seat)
            assert first.observation_string(seat) == second.observation_string(seat)
            assert first.observation_tensor(seat) == second.observation_tensor(seat)


def test_timos_twist_information_state_names_whose_turn_it_is() -> None:
    game = pyspiel.load_game("tictac_timos_twist", {"players": 3, "target_score": 1})
    decisions = 0
    for state in random_states(game, 4):
        if state.is_chance_node() or state.is_terminal():
            continue
        decisions += 1
        for seat in range(3):
            assert state.information_state_string(seat).endswith(
                f" to-act:{state.current_player()}")
    assert decisions > 10
