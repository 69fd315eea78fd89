"""The registry: every built-in game is type-checked against the contract, and a registered
module that lacks part of it is refused when it is looked up."""

from __future__ import annotations

import pytest

from tictac.engine import GAMES, get_game
from tictac.games.checked import CHECKED


def test_every_built_in_game_is_in_the_type_checked_table() -> None:
    built_in = {name: path for name, path in GAMES.items() if path.startswith("tictac.games.")}
    assert {name: module.__name__ for name, module in CHECKED.items()} == built_in


def test_a_registered_module_without_the_contract_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(GAMES, "dice", "tictac.engine.rng")
    with pytest.raises(TypeError, match=r"tictac\.engine\.rng"):
        get_game("dice")


def test_get_game_returns_the_registered_module() -> None:
    for name in GAMES:
        game = get_game(name)
        assert name == game.NAME
