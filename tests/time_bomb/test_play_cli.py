"""`tictac play time-bomb`: a whole game typed at the keyboard, seeing only its own seat."""

from __future__ import annotations

import io
import itertools
import re

import pytest
from rich.console import Console

from terminal_seed import seed_told_at_the_end
from tictac.cli import main
from tictac.cli.play_time_bomb import parse, play
from tictac.games import time_bomb as game


class Typist:
    """Answers the prompts: one claim, a cut of its own wire and some nonsense first, then
    every cut in turn until one is accepted."""

    def __init__(self, seat: int, players: int) -> None:
        self.claimed = False
        tries = [f"cut {t} {p}" for t in range(players) if t != seat for p in range(5)]
        self.cuts = itertools.chain([f"cut {seat} 0", "hello"], itertools.cycle(tries))

    def __call__(self, prompt: str) -> str:
        if "Claim something" in prompt:
            answer, self.claimed = ("" if self.claimed else "claim 1 bomb"), True
            return answer
        return next(self.cuts)


def play_scripted(players: int, seat: int, seed: str) -> tuple[int, str, game.State]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    state = game.setup(players, {"first_holder": seat}, seed)
    code = play(state, seat, "reasoning", seed, console, Typist(seat, players))
    return code, out.getvalue(), state


def test_terminal_game_is_played_to_the_end_from_one_seat() -> None:
    code, text, state = play_scripted(6, 2, "cli")
    assert code == 0 and game.outcome(state) is not None
    assert "cut_yourself" in text, "an illegal cut is answered with its code"
    assert "cut SEAT POSITION cuts a wire" in text, "nonsense gets the help"
    assert "You claim 1 defusing, the bomb" in text
    assert f"You are {state.roles[2].capitalize()}" in text


def test_terminal_shows_no_other_role_before_the_end() -> None:
    for seed in ("a", "b", "c"):
        _, text, state = play_scripted(6, 0, seed)
        before_end = text[: text.index("'s team wins")]
        before_end = before_end[: before_end.rindex("\n")]
        for line in before_end.splitlines():
            if re.search(r"sherlock|moriarty", line, re.IGNORECASE):
                assert line.startswith(f"You are {state.roles[0].capitalize()};"), line
        end = text[text.index("'s team wins") :]
        assert all(role in end for role in state.roles)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("cut 3 1", {"type": "cut", "target": 3, "position": 1}),
        ("c 0 4", {"type": "cut", "target": 0, "position": 4}),
        ("claim 2", {"type": "claim", "defusing": 2, "bomb": False}),
        ("claim 0 bomb", {"type": "claim", "defusing": 0, "bomb": True}),
        ("s 1 b", {"type": "claim", "defusing": 1, "bomb": True}),
        ("cut 3", None),
        ("cut three one", None),
        ("claim 1 2", None),
        ("claim bomb", None),
        ("dance", None),
        ("", None),
    ],
)
def test_typed_commands_become_actions(text: str, action: dict[str, object] | None) -> None:
    assert parse(text) == action


def test_quitting_leaves_the_game() -> None:
    state = game.setup(5, {"first_holder": 0}, 1)
    console = Console(file=io.StringIO(), color_system=None)
    assert play(state, 0, "random", "1", console, lambda prompt: "quit") == 1


def test_play_refuses_a_player_count_outside_the_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "time-bomb", "--players", "9"]) == 2
    assert "4 to 8 players" in capsys.readouterr().out


def test_a_random_seed_is_shown_only_once_the_game_is_over(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The seed deals every role and wire: shown at the start it would give them all away."""
    typist = Typist(0, 6)
    monkeypatch.setattr(Console, "input", lambda self, prompt="": typist(prompt))
    assert main(["play", "time-bomb", "--first-holder", "0", "--delay", "0"]) == 0
    out = capsys.readouterr().out
    seed = seed_told_at_the_end(out, "'s team wins")
    again = game.setup(6, {"first_holder": 0}, seed)
    assert f"You are {again.roles[0].capitalize()};" in out


def test_leaving_a_game_with_a_random_seed_shows_the_seed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    assert main(["play", "time-bomb", "--first-holder", "0", "--delay", "0"]) == 1
    out = capsys.readouterr().out
    left = out.index("You leave the table.")
    assert "seed" not in out[:left].lower() and "This game's seed was" in out[left:]


def test_a_seed_given_by_the_player_is_shown_at_the_start() -> None:
    out = io.StringIO()
    state = game.setup(5, {"first_holder": 0}, "mine")
    console = Console(file=out, width=120, color_system=None)
    assert play(state, 0, "random", "mine", console, lambda prompt: "quit") == 1
    text = out.getvalue()
    assert "seed mine" in text[: text.index("You leave")] and "This game's seed" not in text
