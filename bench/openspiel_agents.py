"""OpenSpiel's agents against tictac's bots, on the games as OpenSpiel games (docs/rl.md).

    uv run --group rl --group spiel python bench/openspiel_agents.py [--games 40]
        [--simulations 20] [--search-iterations 100] [--mccfr-iterations 500]
        [--mccfr-rounds 2] [--only timos-twist|time-bomb|mccfr] [--agents random,ismcts,...]
        [--bots heuristic,reasoning,...]

Timo's Twist: single rounds (target score 1), 2 players, the OpenSpiel agent's seat
alternating, against one of our bots. Time Bomb: 4 players, the agent in one seat (moving game
by game), our bots in the three others; beside the agent's win rate, the table gives our bot's
in that seat on the same seeds, which is what the agent has to beat (the roles make a seat's
odds uneven). The agents: uniform random; in Timo's Twist the rule baselines, "play the
highest-value playable card, else draw" (bench/timos_twist_learner.py's rule) and our heuristic
bot in the agent's seat; OpenSpiel's ISMCTS (information-set MCTS with random
rollouts, on states resampled from the agent's information state); MCTS on one such resampled
state per move (determinized, so it cannot see the cards it should not); and, on Time Bomb cut
to `--mccfr-rounds` rounds with no claims (small enough for it), the average policy of
external-sampling MCCFR. `--agents` keeps some of the rows (by the agents' short names:
random, rule, heuristic, ismcts, mcts, mccfr) and `--bots` by our bots (heuristic, search,
reasoning, random), so that the cheap rows can be played on many more games than those where
anyone searches. Everything is seeded: the same arguments give the same table.
Intervals are 95 % Wilson intervals.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import tictac.rl.openspiel  # noqa: F401  (registers the games)
from tictac.bots import Bot, make_bot
from tictac.bots.search import Budget
from tictac.bots.time_bomb.search import SearchBot as TimeBombSearch
from tictac.bots.timos_twist_search import SearchBot as TimosTwistSearch
from tictac.engine import Rng
from tictac.games import time_bomb, timos_twist
from tictac.rl.openspiel.solving import mccfr
from tictac.rl.openspiel.time_bomb import CLAIM, SILENT
from tictac.rl.openspiel.timos_twist import action_number
from timos_twist_learner import highest_value, rule_choice

Agent = Callable[[Any], int]  # an OpenSpiel state -> the action its current player takes


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate."""
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


# OpenSpiel's agents.
def random_agent(seed: int) -> Agent:
    rng = np.random.RandomState(seed)
    return lambda state: int(rng.choice(state.legal_actions()))


def ismcts_agent(game: Any, simulations: int, seed: int) -> Agent:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations,
                           random_state=np.random.RandomState(seed + 1),
                           allow_inconsistent_action_sets=True)
    # ISMCTS's own resampling draws from a sampler it makes afresh, unseeded: its hook for a
    # resampler of one's own takes a seeded one, so that the rows replay.
    rng = random.Random(seed)
    bot._resampler_cb = lambda state, player: state.determinized(player, rng)
    return lambda state: int(bot.step(state))


def determinized_mcts_agent(game: Any, simulations: int, seed: int) -> Agent:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = mcts.MCTSBot(game, 2.0, simulations, evaluator,
                       random_state=np.random.RandomState(seed + 1))
    rng = random.Random(seed)
    return lambda state: int(bot.step(state.determinized(state.current_player(), rng)))


def policy_agent(policy: Any, seed: int) -> Agent:
    rng = np.random.RandomState(seed)

    def act(state: Any) -> int:
        actions, chances = zip(*policy.action_probabilities(state).items(), strict=True)
        return int(rng.choice(actions, p=np.array(chances) / sum(chances)))

    return act


def highest_value_agent(_seed: int) -> Agent:
    """The rule "play the highest-value playable card, else draw" (a black card naming the
    colour held most), read off the seat's observation tensor, which starts with its hand."""

    def act(state: Any) -> int:
        observation = np.array(state.observation_tensor(state.current_player()))
        return rule_choice(highest_value, observation, np.array(state.legal_actions()))

    return act


# Our bots, seeing their seat's view of the engine's state, as OpenSpiel agents.
def timos_twist_bot(bot: Bot) -> Agent:
    def act(state: Any) -> int:
        seat = state.current_player()
        engine = state.engine
        chosen = bot.act(timos_twist.view(engine, seat),
                         timos_twist.legal_actions(engine, seat), True)
        assert chosen is not None
        return action_number(chosen)

    return act


def time_bomb_bot(bot: Bot) -> Agent:
    """In a claiming turn the bot claims if it wants to (else it stays silent); at the pliers it
    cuts, and only the row counts (no one knows where in a row a wire lies). In a game without
    claims, a claim the bot would make is heard by nobody: it enters only its own view."""

    def act(state: Any) -> int:
        seat = state.current_player()
        engine = state.engine
        view = time_bomb.view(engine, seat)
        legal = time_bomb.legal_actions(engine, seat)
        if state.claiming:
            claim = bot.act(view, [a for a in legal if a["type"] == "claim"], False)
            if claim is None:
                return SILENT
            return CLAIM + 2 * int(claim["defusing"]) + int(claim["bomb"])
        chosen = bot.act(view, legal, True)
        while chosen is not None and chosen["type"] == "claim":
            view["claims"].append({"seat": seat, "defusing": chosen["defusing"],
                                   "bomb": chosen["bomb"], "round": engine.round,
                                   "cut": engine.cuts})
            chosen = bot.act(view, legal, True)
        assert chosen is not None
        return int(chosen["target"])

    return act


AGENTS = ("random", "rule", "heuristic", "ismcts", "mcts", "mccfr")


def searching_agents(game: Any, args: argparse.Namespace
                     ) -> dict[str, tuple[str, Callable[[int], Agent]]]:
    """OpenSpiel's searching agents on `game`, by short name: (row label, maker)."""
    return {
        "ismcts": (f"ISMCTS ({args.simulations} sim.)",
                   lambda seed: ismcts_agent(game, args.simulations, seed)),
        "mcts": (f"MCTS, determinized ({args.simulations} sim.)",
                 lambda seed: determinized_mcts_agent(game, args.simulations, seed)),
    }


def chosen(args: argparse.Namespace, agents: dict[str, tuple[str, Callable[[int], Agent]]]
           ) -> dict[str, Callable[[int], Agent]]:
    """The agents `--agents` names, by row label."""
    wanted = args.agents.split(",")
    return {label: make for name, (label, make) in agents.items() if name in wanted}


def play(game: Any, agents: list[Agent], seed: int) -> list[float]:
    """One game, chance sampled by a generator seeded with `seed`; the returns."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=chances)))
        else:
            state.apply_action(agents[state.current_player()](state))
    return [float(r) for r in state.returns()]


def report(game: str, agent: str, opponent: str, wins: int, games: int, started: float,
           baseline: str = "") -> None:
    low, high = wilson(wins, games)
    print(f"| {game} | {agent} | {opponent} | {games} | {wins / games:.1%} "
          f"[{low:.1%}, {high:.1%}] | {baseline} | {time.process_time() - started:.0f} |",
          flush=True)


def timos_twist_matches(args: argparse.Namespace) -> None:
    game = pyspiel.load_game("tictac_timos_twist", {"target_score": 1})
    budget = Budget(iterations=args.search_iterations, ms=None)
    opponents: dict[str, Callable[[int, Rng], Bot]] = {
        "heuristic": lambda seat, rng: make_bot("timos-twist", "heuristic", seat, rng),
        f"search ({args.search_iterations} it.)":
            lambda seat, rng: TimosTwistSearch(seat, rng, budget),
    }
    agents = chosen(args, {
        "random": ("random", random_agent),
        "rule": ("rule: highest value, else draw", highest_value_agent),
        # (the agent's seat is its game's index % 2, its seed 1000 + index: seed % 2)
        "heuristic": ("our heuristic bot", lambda seed: timos_twist_bot(
            make_bot("timos-twist", "heuristic", seed % 2, Rng(f"tt-agent-{seed}")))),
        **searching_agents(game, args),
    })
    for agent_name, make_agent in agents.items():
        for opponent_name, make_opponent in opponents.items():
            if opponent_name.split()[0] not in args.bots.split(","):
                continue
            if not agent_name.startswith("ISMCTS") and opponent_name != "heuristic":
                continue  # the reference and the slowest agent play the heuristic bot only
            started, wins = time.process_time(), 0
            for index in range(args.games):
                seat = index % 2
                bot = timos_twist_bot(make_opponent(1 - seat, Rng(f"tt-bot-{index}")))
                seats = [bot, bot]
                seats[seat] = make_agent(1000 + index)
                wins += play(game, seats, index)[seat] > 0
            report("Timo's Twist", agent_name, opponent_name, wins, args.games, started)


def time_bomb_games(game: Any, make_agent: Callable[[int], Agent] | None, ours: str,
                    games: int) -> int:
    """How many of `games` the seat of the agent (our bot `ours` if None) wins, with our
    `ours` bots in every other seat."""
    players = game.num_players()
    wins = 0
    for index in range(games):
        seat = index % players
        agents = [time_bomb_bot(_time_bomb_bot(ours, s, Rng(f"tb-bot-{index}-{s}")))
                  for s in range(players)]
        if make_agent is not None:
            agents[seat] = make_agent(2000 + index)
        wins += play(game, agents, index)[seat] > 0
    return wins


def _time_bomb_bot(kind: str, seat: int, rng: Rng) -> Bot:
    if kind == "search":
        return TimeBombSearch(seat, rng, Budget(iterations=60, ms=None))
    return make_bot("time-bomb", kind, seat, rng)


def time_bomb_matches(args: argparse.Namespace) -> None:
    game = pyspiel.load_game("tictac_time_bomb", {"players": 4})
    agents = chosen(args, {"random": ("random", random_agent), **searching_agents(game, args)})
    if not agents:
        return
    for ours in ("reasoning", "search"):
        if ours not in args.bots.split(","):
            continue
        base = time_bomb_games(game, None, ours, args.games)
        for agent_name, make_agent in agents.items():
            started = time.process_time()
            wins = time_bomb_games(game, make_agent, ours, args.games)
            report("Time Bomb, 4 players", agent_name, ours, wins, args.games, started,
                   f"{base / args.games:.1%}")


def mccfr_matches(args: argparse.Namespace) -> None:
    rounds = args.mccfr_rounds
    small = pyspiel.load_game("tictac_time_bomb",
                              {"players": 4, "rounds": rounds, "claims": False})
    agents = chosen(args, {"random": ("random", random_agent)})
    if "mccfr" in args.agents.split(","):  # training takes minutes: only for its rows
        started = time.process_time()
        # MCCFR samples from numpy's global generator: seeded, so that the table replays.
        solver = mccfr(small, args.mccfr_iterations, seed=0)
        trained = time.process_time() - started
        policy = solver.average_policy()
        print(f"(external-sampling MCCFR: {args.mccfr_iterations} iterations in "
              f"{trained:.0f} CPU s, {len(solver._infostates)} information states)", flush=True)
        agents[f"MCCFR ({args.mccfr_iterations} it.)"] = (
            lambda seed: policy_agent(policy, seed))
    if not agents:
        return
    for ours in ("random", "reasoning"):
        if ours not in args.bots.split(","):
            continue
        base = time_bomb_games(small, None, ours, args.games)
        for agent_name, make_agent in agents.items():
            started = time.process_time()
            wins = time_bomb_games(small, make_agent, ours, args.games)
            report(f"Time Bomb, {rounds} round(s), no claims", agent_name, ours, wins,
                   args.games, started, f"{base / args.games:.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--search-iterations", type=int, default=100)
    parser.add_argument("--mccfr-iterations", type=int, default=500)
    parser.add_argument("--mccfr-rounds", type=int, default=2)
    parser.add_argument("--only", choices=("timos-twist", "time-bomb", "mccfr"))
    parser.add_argument("--agents", default=",".join(AGENTS),
                        help="the rows to play, by agent, comma-separated")
    parser.add_argument("--bots", default="heuristic,search,reasoning,random",
                        help="the rows to play, by our bots, comma-separated")
    args = parser.parse_args()
    print("| game | OpenSpiel agent | our bots | games | agent's wins [95 % CI] "
          "| our bot in that seat | CPU s |")
    print("|---|---|---|---|---|---|---|")
    for part, run in (("timos-twist", timos_twist_matches), ("time-bomb", time_bomb_matches),
                      ("mccfr", mccfr_matches)):
        if args.only in (None, part):
            run(args)


if __name__ == "__main__":
    main()
