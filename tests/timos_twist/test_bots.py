"""The bots: legal moves only, TIMO calls and catches, and the heuristic beats random play."""

from __future__ import annotations

from tictac.bots import make_bot
from tictac.bots.driver import play_out
from tictac.bots.duels import round_wins
from tictac.bots.timos_twist import HeuristicBot
from tictac.engine import Rng
from tictac.games import timos_twist as game

from .table import deal, give, play


def test_heuristic_bot_beats_the_random_bot() -> None:
    assert round_wins("heuristic", "random", 200) > 120


def test_random_bots_win_about_as_often_as_each_other() -> None:
    assert 70 < round_wins("random", "random", 200) < 130


def test_heuristic_bot_calls_timo_with_its_play() -> None:
    state = deal([[], []], "blue-5")
    give(state, 0, ["blue-1", "green-2"])
    bot = HeuristicBot(0, Rng(1))
    action = bot.act(game.view(state, 0), game.legal_actions(state, 0), True)
    assert action == {"type": "play", "card": "blue-1", "timo": True}


def test_heuristic_bot_catches_a_missed_timo() -> None:
    state = deal([[], [], []], "blue-5")
    give(state, 0, ["blue-1", "green-2"])
    play(state, 0, "blue-1")
    bot = HeuristicBot(2, Rng(1))
    assert bot.act(game.view(state, 2), game.legal_actions(state, 2), False) == {
        "type": "catch", "target": 0}


def test_heuristic_bot_keeps_its_black_card_and_names_its_main_colour() -> None:
    state = deal([[], []], "blue-5")
    give(state, 0, ["blue-1", "joker", "pink-2", "pink-3", "pink-4"])
    bot = HeuristicBot(0, Rng(1))
    assert bot.act(game.view(state, 0), game.legal_actions(state, 0), True) == {
        "type": "play", "card": "blue-1"}
    give(state, 0, ["joker", "pink-2", "pink-3", "green-4"])
    assert bot.act(game.view(state, 0), game.legal_actions(state, 0), True) == {
        "type": "play", "card": "joker", "color": "pink"}


def test_heuristic_bot_stacks_rather_than_draws() -> None:
    state = deal([[], []], "blue-5")
    give(state, 0, ["blue-plus2", "blue-3", "blue-4"])
    give(state, 1, ["green-plus2", "green-1", "pink-1"])
    play(state, 0, "blue-plus2")
    bot = HeuristicBot(1, Rng(1))
    assert bot.act(game.view(state, 1), game.legal_actions(state, 1), True) == {
        "type": "play", "card": "green-plus2"}


def test_bots_play_whole_games_with_the_default_grace_window() -> None:
    for kind in ("random", "heuristic"):
        state = game.setup(4, {"target_score": 100}, kind)
        seats = {seat: make_bot("timos-twist", kind, seat, Rng(seat)) for seat in range(4)}
        assert play_out(game, state, seats) > 0  # type: ignore[arg-type]
        assert game.outcome(state) is not None
