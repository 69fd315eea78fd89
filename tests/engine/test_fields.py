import pytest

from tictac.engine import IllegalAction
from tictac.engine.fields import action_type, bool_field, choice_field, int_field, str_field

KNOWN = {"play", "draw"}


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ("play", "malformed_action"),
        (None, "malformed_action"),
        ([], "malformed_action"),
        ({}, "malformed_action"),
        ({"type": 3}, "malformed_action"),
        ({"type": "fly"}, "unknown_action"),
    ],
)
def test_action_type_refuses_what_is_not_an_action(action: object, code: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        action_type(action, KNOWN)
    assert refused.value.code == code


def test_action_type_returns_a_known_type() -> None:
    assert action_type({"type": "draw"}, KNOWN) == "draw"


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "cut"}, "missing_field"),
        ({"type": "cut", "target": "2"}, "bad_field"),
        ({"type": "cut", "target": True}, "bad_field"),
        ({"type": "cut", "target": 2.0}, "bad_field"),
        ({"type": "cut", "target": 9}, "bad_field"),
        ({"type": "cut", "target": -1}, "bad_field"),
    ],
)
def test_int_field_codes(action: dict[str, object], code: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        int_field(action, "target", 0, 5)
    assert refused.value.code == code


def test_typed_fields_pass_good_values() -> None:
    action = {"type": "x", "n": 3, "s": "hi", "b": False, "c": "blue"}
    assert int_field(action, "n", 0, 5) == 3
    assert str_field(action, "s") == "hi"
    assert bool_field(action, "b") is False
    assert bool_field(action, "missing", default=True) is True
    assert choice_field(action, "c", {"blue", "pink"}) == "blue"


@pytest.mark.parametrize(
    ("check", "code"),
    [
        (lambda: str_field({"type": "x", "s": 1}, "s"), "bad_field"),
        (lambda: str_field({"type": "x", "s": "a" * 201}, "s"), "bad_field"),
        (lambda: str_field({"type": "x"}, "s"), "missing_field"),
        (lambda: bool_field({"type": "x", "b": 1}, "b"), "bad_field"),
        (lambda: bool_field({"type": "x"}, "b"), "missing_field"),
        (lambda: choice_field({"type": "x", "c": "red"}, "c", {"blue"}), "bad_field"),
    ],
)
def test_typed_fields_refuse_bad_values_with_their_code(check, code: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalAction) as refused:
        check()
    assert refused.value.code == code
