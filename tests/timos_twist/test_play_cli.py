"""`tictac play timos-twist`: a whole game in the terminal, with typed answers."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from rich.console import Console

from tictac.cli import main
from tictac.cli.play_timos_twist import TerminalTable
from tictac.games import timos_twist as game


def answers(first: list[str]) -> Iterator[str]:
    yield from first
    while True:
        yield "1"


def test_a_whole_game_is_played_with_bad_input_asked_again_and_scores_between_rounds() -> None:
    out = io.StringIO()
    typed = answers(["", "zero", "0", "99"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(typed)

    table = TerminalTable(Console(file=out, width=100), 2, "heuristic",
                          {"target_score": 300}, "cli-test", read=read)
    assert table.play() == 0
    text = out.getvalue()
    assert game.outcome(table.state) is not None
    assert text.count("Please type a number from 1 to") >= 4
    assert "won by" in text and "Press Enter for the next round " in prompts
    assert "Game over" in text
    assert text.count("won by") == len(table.state.rounds)


def test_random_bots_and_end_of_input(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    def no_more(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", no_more)
    assert main(["play", "timos-twist", "--bots", "5", "--level", "random", "--seed", "4"]) == 0
    assert "Bye!" in capsys.readouterr().out


def test_the_command_line_plays_to_the_end(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")
    assert main(["play", "timos-twist", "--bots", "1", "--target-score", "40",
                 "--no-stacking", "--draw-anytime", "--seed", "9"]) == 0
    out = capsys.readouterr().out
    assert "first to 40 points" in out and "Game over" in out
