"""The registry: the games come from the `tictac.games` entry points, each a `GameInfo` whose
rules keep the contract (issue 22 item 3); a registered target that is no descriptor, or whose
rules lack part of the contract, is refused when it is looked up."""

from __future__ import annotations

import pytest

from tictac.engine import GAMES, GameInfo, get_game, get_info

BUILT_IN = {"timos-twist", "time-bomb", "times-up"}


def test_the_built_in_games_are_registered_by_entry_point_each_with_its_descriptor() -> None:
    assert set(GAMES) >= BUILT_IN
    for name in BUILT_IN:
        info = get_info(name)
        assert GAMES[name].startswith("tictac.games.") and isinstance(info, GameInfo)
        assert (info.name, info.client_folder, info.bots) == (
            name, None, "tictac.bots." + name.replace("-", "_"))


def test_a_registered_module_without_a_descriptor_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(GAMES, "dice", "tictac.engine.rng:Rng")
    with pytest.raises(TypeError, match=r"tictac\.engine\.rng:Rng is no GameInfo"):
        get_info("dice")


def test_a_descriptor_whose_rules_lack_the_contract_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tictac.engine.rng

    broken = GameInfo(rules=tictac.engine.rng, bots="tictac.bots")  # type: ignore[arg-type]
    monkeypatch.setattr(tictac.engine.rng, "GAME_INFO", broken, raising=False)
    monkeypatch.setitem(GAMES, "dice", "tictac.engine.rng:GAME_INFO")
    with pytest.raises(TypeError, match="lacks a name of the game contract"):
        get_info("dice")


def test_get_game_returns_the_registered_rules() -> None:
    for name in GAMES:
        assert get_game(name) is get_info(name).rules
        assert name == get_game(name).NAME
