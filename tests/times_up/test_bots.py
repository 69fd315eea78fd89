"""The simulated table: bots play whole games of both rule sets, fouls only when configured."""

from __future__ import annotations

import pytest

from tictac.bots import make_bot
from tictac.bots.driver import play_out
from tictac.cli import main
from tictac.engine import LoggedAction, Rng, SetupArgs, replay
from tictac.games import times_up as game


def simulated(players: int, kind: str, **options: object) -> tuple[game.State, list[LoggedAction]]:
    args = SetupArgs(players=players, options=options, seed=f"{kind}-{players}")
    state = game.setup(args.players, args.options, args.seed)
    rng = Rng(players)
    bots = {seat: make_bot(game.NAME, kind, seat, rng.fork()) for seat in range(players)}
    log: list[LoggedAction] = []
    play_out(game, state, bots, log=log, max_actions=20_000)
    assert replay(game, args, log) == state
    return state, log


@pytest.mark.parametrize("rules", ["fr", "en"])
@pytest.mark.parametrize("players", [4, 5, 7, 10, 12])
def test_bots_play_whole_games(rules: str, players: int) -> None:
    state, _ = simulated(players, "random", rules=rules)
    result = game.outcome(state)
    assert result is not None
    assert sum(result.detail["round_scores"][0]) == 40  # every card won, every round
    assert {sum(by_round) for by_round in result.detail["round_scores"]} == {40}


def test_bots_write_names_for_a_player_written_deck() -> None:
    state, _ = simulated(6, "quick", pack="players", names_per_player=4, fourth_round=True)
    assert game.outcome(state) is not None and len(state.faces) == 24


def kinds_sent(log: list[LoggedAction]) -> set[str]:
    return {entry.action["type"] for entry in log}


def test_the_default_table_calls_no_fouls() -> None:
    _, log = simulated(6, "random")
    assert "foul" not in kinds_sent(log)
    assert {"found", "pass", "guess", "time_up"} <= kinds_sent(log)


def test_a_strict_table_calls_fouls() -> None:
    _, log = simulated(6, "strict", rules="en")
    assert "foul" in kinds_sent(log)


def test_simulate_command_plays_times_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "times-up", "--players", "5", "--games", "2",
                 "--option", "rules=en"]) == 0
    assert "2 games of times-up, 5 players" in capsys.readouterr().out
