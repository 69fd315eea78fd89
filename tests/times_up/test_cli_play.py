"""`tictac play times-up`, driven by scripted keys and a fake clock: whole games of both rule
sets from the deal to the final score."""

from __future__ import annotations

import io
import itertools

import pytest
from rich.console import Console

from tictac.cli import build_parser
from tictac.cli.play_times_up import PassAndPlay, _options
from tictac.games import times_up as game


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000

    def __call__(self) -> int:
        return self.now


class Table:
    """The people at the table: every key press takes a second; lines answer the prompts."""

    def __init__(self, clock: FakeClock, presses: str, decide: str = "c") -> None:
        self.clock = clock
        self.presses = itertools.cycle(presses)
        self.decide = decide
        self.prompts: list[str] = []
        self.written = itertools.count()

    def key(self, timeout: float) -> str | None:
        self.clock.now += 1000
        return next(self.presses)

    def line(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if prompt.startswith("Name"):
            return f"Someone number {next(self.written)}"
        if prompt.startswith("Two numbers"):
            return "9 9" if self.prompts.count(prompt) == 1 else "1, 2"
        if prompt.startswith("c or h"):
            return self.decide
        return ""


def play(options: dict[str, object], presses: str, decide: str = "c") -> tuple[str, Table]:
    state = game.setup(4, options, "cli")
    clock = FakeClock()
    table = Table(clock, presses, decide)
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    PassAndPlay(state, [f"P{seat}" for seat in range(4)], console, table, clock).play()
    assert state.phase == "over"
    return out.getvalue(), table


@pytest.mark.parametrize("rules", ["fr", "en"])
def test_a_whole_game_from_the_deal_to_the_final_score(rules: str) -> None:
    text, table = play({"pack": "fr-personalities", "rules": rules}, "f.fpfwfx")
    assert "Final score: team" in text and "Points by round" in text
    assert "Read back the names found in round 1" in text
    assert sum(p.startswith("Two numbers") for p in table.prompts) == 5  # one retry
    assert "Pass the device to P0" in text
    assert "Foul: the turn is over." in text


def test_en_a_team_may_hand_the_deck_over_from_the_terminal() -> None:
    text, table = play({"pack": "en-words", "rules": "en"}, "f", decide="h")
    assert "Every card is won" in text and any(p.startswith("c or h") for p in table.prompts)
    assert "Final score" in text


def test_a_player_written_deck_from_the_terminal() -> None:
    text, table = play({"pack": "players", "names_per_player": 3}, "ff")
    assert sum(p.startswith("Name") for p in table.prompts) == 12
    assert "Someone number" in text


def test_the_countdown_and_the_card_show_while_the_clock_runs() -> None:
    text, _ = play({"pack": "players", "names_per_player": 2, "turn_seconds": 10}, ".f")
    assert "gives clues" in text and " s" in text
    assert "Time's up!" in text


def test_command_line_flags_become_game_options() -> None:
    args = build_parser().parse_args(
        ["play", "times-up", "--players", "5", "--pack", "en-words", "--rules", "en",
         "--turn-seconds", "50", "--fourth-round", "--no-gestures-round1"])
    options = _options(args)
    assert options == {"pack": "en-words", "rules": "en", "turn_seconds": 50,
                       "gestures_round1": False, "fourth_round": True}
    assert game.setup(args.players, options, 1).settings.rounds == 4
