import pytest

from tictac.engine import IllegalAction, Option, resolve
from tictac.engine.options import check_players

SPECS = [
    Option("stacking", "bool", True, "stack +2 and +4"),
    Option("target", "int", 300, "points to win", low=50, high=1000, step=50),
    Option("rules", "choice", "fr", "which rule book", choices=("fr", "en")),
    Option("teams", "list", None, "fixed teams"),
]


def test_defaults_fill_every_missing_option() -> None:
    assert resolve(SPECS, None) == {"stacking": True, "target": 300, "rules": "fr", "teams": None}


def test_given_values_are_kept() -> None:
    got = resolve(SPECS, {"stacking": False, "target": 100, "rules": "en", "teams": [[0, 1]]})
    assert got == {"stacking": False, "target": 100, "rules": "en", "teams": [[0, 1]]}


@pytest.mark.parametrize(
    "given",
    [
        {"unknown": 1},
        {"stacking": "yes"},
        {"target": True},
        {"target": 20},
        {"target": 2000},
        {"target": 125},
        {"rules": "de"},
        {"teams": "0,1"},
    ],
)
def test_bad_options_are_refused_with_a_code(given: dict[str, object]) -> None:
    with pytest.raises(IllegalAction) as refused:
        resolve(SPECS, given)
    assert refused.value.code == "bad_option"


def test_options_describe_themselves_for_the_lobby() -> None:
    assert SPECS[1].to_json() == {
        "name": "target",
        "kind": "int",
        "default": 300,
        "help": "points to win",
        "low": 50,
        "high": 1000,
        "step": 50,
    }
    assert SPECS[2].to_json()["choices"] == ["fr", "en"]


@pytest.mark.parametrize("players", [1, 7, True, 3.0, "4", None])
def test_a_player_count_outside_the_game_or_not_an_int_is_refused(players: object) -> None:
    with pytest.raises(IllegalAction) as refused:
        check_players(players, 2, 6, "Timo's Twist")
    assert refused.value.code == "bad_setup"
    assert "Timo's Twist takes 2 to 6 players" in refused.value.message


def test_a_good_player_count_is_returned() -> None:
    assert check_players(4, 2, 6, "Timo's Twist") == 4
