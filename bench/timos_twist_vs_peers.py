"""Random play, flat out: our Timo's Twist engine against RLCard's UNO environment and OpenSpiel's
`crazy_eights` (C++ driven from Python), same player count, in one process; then our three
PettingZoo environments, per decision, against RLCard's and OpenSpiel's.

    uv run --group rl --group bench python bench/timos_twist_vs_peers.py [--players 2] [--repeat 5]
        [--slices 10] [--part engines|environments|instructions]

Each engine plays whole games with uniformly random legal actions chosen by Python's `random`
for `--seconds`, `--repeat` times, the engines taking turns; the best run of each counts (the
machine is shared, so a single run can be slowed down by others; a second here is one of
this process's CPU time, for the same reason). For the environments a margin must hold in every
run, not only best to best: each of the `--repeat` runs sets ours against a peer in `--slices`
interleaved slices of `--seconds / --slices` a side and gives the median of the slices' ratios,
so that a busy moment spoils a slice, not a run. `--part instructions` counts instructions a
decision with callgrind instead (bench/timos_twist_env_episodes.py), which a busy machine does
not change (it needs valgrind and takes minutes). An action is one decision of a player: for
us one `apply` (play, draw, pass, TIMO or catch; the catch window's grace time is set to 0
because nobody waits here), for RLCard one `env.step`, for OpenSpiel one
non-chance `apply_action` (chance nodes, the deal, are played but not counted). A peer whose
package is missing is reported and skipped.

Ours runs three ways: the bare loop (`legal_actions` then `apply`); building the acting seat's
whole view at every step, as an agent that observes the table would, and choosing among its
`legal`; and the same with a `LazyView`, which works out only the keys read (here `legal`).

The environments part counts decisions of an agent that reads everything it is given: for ours
one `last()` (the observation and its action mask) and one `step` of an action drawn from the
mask, through `agent_iter`; for RLCard one `env.step` (which builds the next observation and its
legal actions); for OpenSpiel one `observation_tensor` and `legal_actions` and one
`apply_action` (chance nodes played, not counted). Ours: Timo's Twist (`--players`), Time Bomb
(5 players) and Time's Up (4 players), each set against RLCard's UNO environment (the yardstick
of issue 26) and a peer of its kind: crazy_eights for Timo's Twist, RLCard's limit hold'em (hidden
cards, bluffing, 5 players) for Time Bomb, OpenSpiel's hanabi (a team giving clues, 4 players)
for Time's Up. The load average is printed with the figures: the machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tictac.engine import get_game
from tictac.games.timos_twist.views import LazyView

Runner = Callable[[int, float, random.Random], int]
# Runs last, and rates are counted, in this process's CPU time, not the wall clock's: on a machine
# shared with other work, the time the others take is then counted against no engine.
cpu_seconds = time.process_time


def ours(players: int, seconds: float, rnd: random.Random) -> int:
    """Actions played in `seconds`, whole games through the public game contract."""
    game = get_game("timos-twist")
    legal_actions = game.legal_actions
    return _random_play(players, seconds, rnd, lambda state, seat: legal_actions(state, seat))


def ours_with_view(players: int, seconds: float, rnd: random.Random) -> int:
    """The same, building the acting seat's whole view (what the server sends) at every step
    and choosing among its `legal`."""
    view = get_game("timos-twist").view
    return _random_play(players, seconds, rnd, lambda state, seat: view(state, seat)["legal"])


def ours_with_lazy_view(players: int, seconds: float, rnd: random.Random) -> int:
    """The same with the acting seat's LazyView: only the keys read are worked out, here
    `legal`, all a random player looks at."""
    return _random_play(players, seconds, rnd, lambda state, seat: LazyView(state, seat)["legal"])


def _random_play(
    players: int, seconds: float, rnd: random.Random, legal: Callable[[Any, int], list[Any]]
) -> int:
    game = get_game("timos-twist")
    setup, to_act, apply = game.setup, game.to_act, game.apply
    choice = rnd.choice
    options = {"timo_grace_ms": 0}
    actions = 0
    end = cpu_seconds() + seconds
    while cpu_seconds() < end:
        state = setup(players, options, rnd.getrandbits(32))
        while waiting := to_act(state):
            seat = waiting[0]
            apply(state, seat, choice(legal(state, seat)), 0)
            actions += 1
    return actions


def rlcard_uno(players: int, seconds: float, rnd: random.Random) -> int:
    return rlcard_env("uno", players)(players, seconds, rnd)


def openspiel_crazy_eights(players: int, seconds: float, rnd: random.Random) -> int:
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": players})
    decisions = 0
    end = cpu_seconds() + seconds
    while cpu_seconds() < end:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rnd.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rnd.choice(state.legal_actions()))
                decisions += 1
    return decisions


def random_episode(env: Any, randrange: Callable[[int], int]) -> int:
    """Plays a reset environment to its end, each agent picking uniformly from its mask; the
    decisions made."""
    decisions = 0
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = observation["action_mask"].nonzero()[0]
        env.step(int(legal[randrange(len(legal))]))
        decisions += 1
    return decisions


def ours_env(game: str, players: int) -> Runner:
    """Decisions of random agents through our PettingZoo environment of `game`."""

    def run(_players: int, seconds: float, rnd: random.Random) -> int:
        from tictac.rl import ENVS

        env = ENVS[game](players)
        randrange = rnd.randrange
        decisions = 0
        end = cpu_seconds() + seconds
        while cpu_seconds() < end:
            env.reset(seed=rnd.getrandbits(32))
            decisions += random_episode(env, randrange)
        return decisions

    return run


def rlcard_make(name: str, players: int, seed: int) -> Any:
    """RLCard's environment `name` at `players` players."""
    import rlcard

    env = rlcard.make(name, config={"seed": seed})
    if players != env.num_players:
        # Its environments ignore `game_num_players`; the game takes it directly.
        env.game.configure({"game_num_players": players})
        env.num_players = players
    return env


def rlcard_episode(env: Any, choice: Callable[[list[int]], int]) -> int:
    """Plays a game of an RLCard environment to its end, at random; the decisions made."""
    decisions = 0
    state, _ = env.reset()
    while not env.is_over():
        state, _ = env.step(choice(list(state["legal_actions"])))
        decisions += 1
    return decisions


def rlcard_env(name: str, players: int) -> Runner:
    """Decisions through an RLCard environment (`env.step` builds the next observation)."""

    def run(_players: int, seconds: float, rnd: random.Random) -> int:
        env = rlcard_make(name, players, rnd.getrandbits(31))
        decisions = 0
        end = cpu_seconds() + seconds
        while cpu_seconds() < end:
            decisions += rlcard_episode(env, rnd.choice)
        return decisions

    return run


def openspiel_env(name: str, players: int) -> Runner:
    """Decisions of an OpenSpiel game read as an environment: the acting player's
    `observation_tensor` and `legal_actions`, then `apply_action`."""

    def run(_players: int, seconds: float, rnd: random.Random) -> int:
        import pyspiel

        game = pyspiel.load_game(name, {"players": players})
        decisions = 0
        end = cpu_seconds() + seconds
        while cpu_seconds() < end:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rnd.choice(state.chance_outcomes())[0])
                    continue
                state.observation_tensor(state.current_player())
                state.apply_action(rnd.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return run


def environments(players: int) -> list[tuple[str, Runner, dict[str, tuple[str, Runner]]]]:
    """Each of our environments, with the peers it is measured against."""
    uno = ("rlcard", rlcard_env("uno", players))
    return [
        ("tictac timos-twist env", ours_env("timos-twist", players), {
            "RLCard uno env": uno,
            "OpenSpiel crazy_eights": ("pyspiel", openspiel_env("crazy_eights", players)),
        }),
        ("tictac time-bomb env (5)", ours_env("time-bomb", 5), {
            "RLCard uno env": ("rlcard", rlcard_env("uno", 5)),
            "RLCard limit-holdem (5)": ("rlcard", rlcard_env("limit-holdem", 5)),
        }),
        ("tictac times-up env (4)", ours_env("times-up", 4), {
            "RLCard uno env": ("rlcard", rlcard_env("uno", 4)),
            "OpenSpiel hanabi (4)": ("pyspiel", openspiel_env("hanabi", 4)),
        }),
    ]


OURS = "tictac timos-twist"
OURS_WITH_VIEWS: dict[str, Runner] = {
    "  + view per step": ours_with_view,
    "  + lazy view per step": ours_with_lazy_view,
}
PEERS: dict[str, tuple[str, Runner]] = {
    "RLCard uno": ("rlcard", rlcard_uno),
    "OpenSpiel crazy_eights": ("pyspiel", openspiel_crazy_eights),
}


def runs(
    runners: dict[str, Runner], players: int, seconds: float, repeat: int, seed: int
) -> list[dict[str, float]]:
    """Each runner's actions/s in each of `repeat` runs, the runners taking turns within a run
    so that a busy moment of the machine falls on all of them alike."""
    rates = []
    for index in range(repeat):
        rate = {}
        for name, run in runners.items():
            started = cpu_seconds()
            actions = run(players, seconds, random.Random(seed + index))
            rate[name] = actions / (cpu_seconds() - started)
        rates.append(rate)
    return rates


def best_rates(
    runners: dict[str, Runner], players: int, seconds: float, repeat: int, seed: int
) -> dict[str, float]:
    """Each runner's best actions/s over `repeat` runs (`runs`)."""
    measured = runs(runners, players, seconds, repeat, seed)
    return {name: max(rate[name] for rate in measured) for name in runners}


def installed(module: str) -> str | None:
    """None when the module imports, else why not."""
    try:
        __import__(module)
    except Exception as missing:  # a broken wheel fails in many ways; the bench reports it
        return f"{type(missing).__name__}: {missing}"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=1.0, help="per run")
    parser.add_argument("--repeat", type=int, default=5,
                        help="runs; for the engines the best counts")
    parser.add_argument("--slices", type=int, default=10,
                        help="interleaved slices of a run, for the environments")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--part", choices=("engines", "environments", "instructions"),
                        help="only this part (default: the engines and the environments; "
                        "instructions needs valgrind and takes minutes)")
    args = parser.parse_args()
    if args.part in (None, "engines"):
        engines(args)
    if args.part in (None, "environments"):
        environments_part(args)
    if args.part == "instructions":
        instructions_part()
    print("load average (1, 5, 15 min): {:.2f} {:.2f} {:.2f} on {} cores".format(
        *os.getloadavg(), os.cpu_count()))


def engines(args: argparse.Namespace) -> None:
    """Random play through the bare engines, ours three ways."""
    print(f"random play, {args.players} players, best of {args.repeat} x {args.seconds:g} s")
    runners: dict[str, Runner] = {OURS: ours}
    for name, (module, run) in PEERS.items():
        problem = installed(module)
        if problem is None:
            runners[name] = run
        else:
            print(f"{name:<24} skipped ({module} not usable: {problem})")
    rates = best_rates(runners | OURS_WITH_VIEWS, args.players, args.seconds, args.repeat,
                       args.seed)
    mine = rates.pop(OURS)
    print(f"{OURS:<24} {mine:>10,.0f} actions/s")
    with_views = {name: rates.pop(name) for name in OURS_WITH_VIEWS}
    for name, rate in with_views.items():
        print(f"{name:<24} {rate:>10,.0f} actions/s")
    for name, rate in rates.items():
        ratios = " / ".join(f"{ours / rate:.2f}x" for ours in [mine, *with_views.values()])
        print(f"{name:<24} {rate:>10,.0f} actions/s   ours / theirs = {ratios}")
    print("(ours / theirs: the bare loop / with the view / with the lazy view)")


def interleaved_ratios(
    ours: tuple[str, Runner], peer: tuple[str, Runner], players: int, seconds: float,
    slices: int, seed: int,
) -> tuple[float, float, float]:
    """One run: the two runners take turns for `slices` slices of `seconds / slices` CPU
    seconds each (who goes first alternating); the median of the slices' ratios of ours to
    theirs, and each one's median rate. A busy moment spoils one slice, not the run."""
    (_, mine), (_, theirs) = ours, peer
    pairs = []
    for index in range(slices):
        rates = []
        order = [mine, theirs] if index % 2 == 0 else [theirs, mine]
        for run in order:
            started = cpu_seconds()
            actions = run(players, seconds / slices, random.Random(seed + index))
            rates.append(actions / (cpu_seconds() - started))
        pairs.append(rates if index % 2 == 0 else rates[::-1])
    return (statistics.median(a / b for a, b in pairs),
            statistics.median(a for a, _ in pairs), statistics.median(b for _, b in pairs))


def environments_part(args: argparse.Namespace) -> None:
    """Each of our environments against its peers, per decision: `--repeat` runs of interleaved
    slices, each run's median ratio."""
    print(f"\nenvironments, decisions per CPU second: {args.repeat} runs, each the median of "
          f"{args.slices} interleaved slices of {args.seconds / args.slices:g} s a side")
    for name, run, peers in environments(args.players):
        print(name)
        for peer, (module, peer_run) in peers.items():
            if installed(module) is not None:
                print(f"  {peer:<24} skipped (not installed)")
                continue
            measured = [interleaved_ratios((name, run), (peer, peer_run), args.players,
                                           args.seconds, args.slices, args.seed + 100 * index)
                        for index in range(args.repeat)]
            each = " ".join(f"{ratio:.2f}x" for ratio, _, _ in measured)
            print(f"  {peer:<24} ours / theirs, run by run: {each}; lowest "
                  f"{min(ratio for ratio, _, _ in measured):.2f}x "
                  f"(ours {statistics.median(m for _, m, _ in measured):,.0f}/s, theirs "
                  f"{statistics.median(t for _, _, t in measured):,.0f}/s)", flush=True)


# Each of our environments and RLCard's UNO at the same player count, for the instruction count.
INSTRUCTION_RUNS = (("timos-twist", 2, 20), ("time-bomb", 5, 200), ("times-up", 4, 4))
UNO_GAMES = 100


def instructions(env: str, players: int, games: int) -> tuple[int, int]:
    """Instructions and decisions of `games` seeded random games of `env` (ours, or
    rlcard-uno) under callgrind (bench/timos_twist_env_episodes.py), less the same with none."""
    counted = []
    for count in (games, 0):
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
             str(Path(__file__).with_name("timos_twist_env_episodes.py")), "--env", env,
             "--players", str(players), "--games", str(count)],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"})
        total = re.search(r"Collected : (\d+)", done.stderr)
        played = re.search(r"decisions (\d+)", done.stdout)
        assert total is not None and played is not None, done.stderr
        counted.append((int(total.group(1)), int(played.group(1))))
    (work, decisions), (start_up, _) = counted
    return work - start_up, decisions


def instructions_part() -> None:
    """Instructions a decision, counted by callgrind (the same on a busy machine as on an idle
    one), ours against RLCard's UNO at the same player count."""
    print("\nenvironments, instructions per decision (callgrind; random seeded games)")
    for env, players, games in INSTRUCTION_RUNS:
        ours_work, ours_decisions = instructions(env, players, games)
        uno_work, uno_decisions = instructions("rlcard-uno", players, UNO_GAMES)
        mine, theirs = ours_work / ours_decisions, uno_work / uno_decisions
        print(f"tictac {env} env ({players}) {mine:>9,.0f} ({ours_decisions:,} decisions); "
              f"RLCard uno env {theirs:>9,.0f} ({uno_decisions:,}); theirs / ours = "
              f"{theirs / mine:.2f}x", flush=True)


if __name__ == "__main__":
    main()
