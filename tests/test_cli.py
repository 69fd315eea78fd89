"""The `tictac` command as a user runs it."""

from __future__ import annotations

import re

import pytest

from tictac.cli import main
from tictac.engine import GAMES, get_game


@pytest.mark.parametrize("name", sorted(GAMES))
def test_simulate_plays_whole_games_and_prints_speed(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    players = get_game(name).MIN_PLAYERS
    assert main(["simulate", name, "--players", str(players), "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert f"3 games of {name}, {players} players" in out
    assert re.search(r"[\d,.]+ games/s\s+[\d,]+ actions/s", out)
    wins = re.search(r"wins: (.*)", out)
    assert wins is not None
    assert sum(int(n) for n in re.findall(r": (\d+)", wins.group(1))) == 3


def test_simulate_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "timos-twist", "--games", "1", "--bots", "psychic"]) == 2
    assert "no bot 'psychic'" in capsys.readouterr().out


def test_unknown_game_is_refused() -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "chess"])
    assert exit_.value.code == 2


def test_every_game_has_a_terminal_front_end(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--help"])
    assert exit_.value.code == 0
    listed = capsys.readouterr().out
    assert all(name in listed for name in GAMES)
