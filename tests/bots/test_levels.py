"""The difficulties a room offers: easy, normal and hard for every game, first in the list."""

from __future__ import annotations

import pytest

from tictac.bots import LEVELS, RandomBot, bot_kinds, make_bot
from tictac.bots.time_bomb.reasoning import ReasoningBot
from tictac.bots.time_bomb.search import SearchBot as TimeBombSearch
from tictac.bots.times_up import ModelTable
from tictac.bots.timos_twist import HeuristicBot
from tictac.bots.timos_twist_search import SearchBot as TimosTwistSearch
from tictac.engine import GAMES, Rng


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_offers_the_three_levels_first(game: str) -> None:
    assert list(bot_kinds(game))[:3] == list(LEVELS)


@pytest.mark.parametrize(
    ("game", "level", "bot_class"),
    [
        ("timos-twist", "easy", RandomBot), ("timos-twist", "normal", HeuristicBot),
        ("timos-twist", "hard", TimosTwistSearch),
        ("time-bomb", "normal", ReasoningBot), ("time-bomb", "hard", TimeBombSearch),
        ("times-up", "hard", ModelTable),
    ],
)
def test_a_level_makes_the_bot_it_names(game: str, level: str, bot_class: type) -> None:
    assert isinstance(make_bot(game, level, 0, Rng(1)), bot_class)


def test_a_room_that_names_no_bot_still_gets_the_random_one() -> None:
    first = next(iter(bot_kinds("timos-twist")))
    assert first == "easy"
    assert isinstance(make_bot("timos-twist", first, 0, Rng(1)), RandomBot)


def test_the_bots_own_names_still_work() -> None:
    assert isinstance(make_bot("time-bomb", "reasoning", 0, Rng(1)), ReasoningBot)
    with pytest.raises(KeyError):
        make_bot("time-bomb", "telepath", 0, Rng(1))
