"""Count Up as a plugged-in game, without a browser: `--games` registers it (and refuses a bad
spec or a module that does not import, so a typo stops the server at start), the manifest entry
points at its own folder, and the game keeps the contract every game keeps."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tictac.bots import make_bot
from tictac.bots.driver import play_out
from tictac.cli import main
from tictac.cli.serve import register_games
from tictac.engine import GAMES, IllegalAction, Rng, get_game
from tictac.server.http_api import game_info


@pytest.fixture
def registry() -> Iterator[None]:
    saved = dict(GAMES)
    yield
    GAMES.clear()
    GAMES.update(saved)


def test_games_flag_registers_count_up_and_the_manifest_points_at_its_folder(
    registry: None,
) -> None:
    register_games("count-up=toygame")
    info = game_info("count-up")
    assert info["module"] == "/games/count-up/client.js"
    assert info["rules"] == "/games/count-up/rules"
    assert info["texts"] == "/games/count-up/texts"
    assert (info["title"], info["bots"], info["client_info"]) == ("Count Up", ["random"], {})
    # A built-in game's are the web client's own, named the same way.
    built_in = game_info("times-up")
    assert (built_in["module"], built_in["rules"], built_in["texts"]) == (
        "/static/times-up.js", "/static/rules/times-up", "/static/texts/times-up")


@pytest.mark.parametrize("spec", ["count-up", "=toygame", "count-up="])
def test_a_games_spec_without_name_and_module_is_refused(registry: None, spec: str) -> None:
    with pytest.raises(ValueError):
        register_games(spec)
    assert set(GAMES) == {"timos-twist", "time-bomb", "times-up"}


def test_serve_stops_at_once_on_a_game_module_that_does_not_import(
    registry: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--games", "ghost=no_such_module_here"]) == 2
    assert "no_such_module_here" in capsys.readouterr().err


def test_count_up_refuses_moves_out_of_turn_or_past_the_target_and_changes_nothing(
    registry: None,
) -> None:
    register_games("count-up=toygame")
    game = get_game("count-up")
    state = game.setup(2, {"target": 5}, seed=1)
    for seat, action, code in [
        (1, {"type": "add", "n": 1}, "not_your_turn"),
        (0, {"type": "add", "n": 3}, "bad_field"),
        (0, {"type": "jump"}, "unknown_action"),
        (2, {"type": "add", "n": 1}, "bad_seat"),
    ]:
        before = game.view(state, None)
        with pytest.raises(IllegalAction) as refused:
            game.apply(state, seat, action, 0)
        assert refused.value.code == code
        assert game.view(state, None) == before


def test_random_bots_play_count_up_to_the_target(registry: None) -> None:
    register_games("count-up=toygame")
    game = get_game("count-up")
    state = game.setup(3, {"target": 12}, seed=7)
    bots = {seat: make_bot("count-up", "random", seat, Rng(seat)) for seat in range(3)}
    play_out(game, state, bots, log=[], max_actions=100)
    view = game.view(state, None)
    assert view["over"] and view["count"] == 12
    last_seat, last_count = view["said"][-1]
    assert view["outcome"]["winners"] == [last_seat] and last_count == 12
    steps = [count for _, count in view["said"]]
    assert all(1 <= now - before <= 2 for before, now in zip([0, *steps], steps, strict=False))
