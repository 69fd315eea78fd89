"""`tictac play timos-twist`: a whole game in the terminal, with typed answers."""

from __future__ import annotations

import argparse
import io
from collections.abc import Iterator

import pytest
from rich.console import Console

from terminal_seed import seed_told_at_the_end
from tictac.cli import main
from tictac.cli.play_timos_twist import TerminalTable, add_arguments, card_text, options
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


def test_a_refused_option_is_one_line_and_exit_code_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "timos-twist", "--target-score", "0"]) == 2
    out = capsys.readouterr()
    assert out.out.strip().count("\n") == 0 and "target_score" in out.out
    assert "Traceback" not in out.out + out.err


def test_a_random_seed_is_shown_only_once_the_game_is_over(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The seed rebuilds every hand: shown early, it would give the bots' cards away."""
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")
    assert main(["play", "timos-twist", "--bots", "1", "--target-score", "40"]) == 0
    out = capsys.readouterr().out
    seed = seed_told_at_the_end(out, "Game over")
    state = game.setup(2, {"target_score": 40}, seed)
    assert f"first card is {card_text(game.view(state, 0)['top']).plain}" in out


def test_a_seed_given_by_the_player_is_shown_at_the_start(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")
    assert main(["play", "timos-twist", "--bots", "1", "--target-score", "40", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "Seed 7." in out.split("\n")[1] and "This game's seed was" not in out


def test_round_1_first_card_and_its_effect_are_told_before_the_first_move() -> None:
    """With seed 31 and four players the first card is a Skip: you are skipped, and told so."""
    out = io.StringIO()

    def read(prompt: str) -> str:
        raise EOFError

    table = TerminalTable(Console(file=out, width=100), 3, "heuristic", {}, "31", read=read)
    assert game.view(table.state, 0)["top"] == "green-skip"
    table.play()
    lines = out.getvalue().splitlines()
    assert lines[2:4] == ["Round 1: Bot 3 deals; the first card is green Skip", "You lose a turn."]


@pytest.mark.parametrize(("flags", "counts"), [([], True), (["--booklet-last-card"], False)])
def test_booklet_last_card_flag_turns_last_draw_counts_off(flags: list[str], counts: bool) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    state = game.setup(2, options(parser.parse_args(flags)), 1)
    assert state.last_draw_counts is counts
