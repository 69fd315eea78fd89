"""Time's Up card packs: the validator finds every kind of problem, every bundled pack passes it,
and the loader hands out typed cards. See docs/packs.md for the rules."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictac.games.times_up import packs
from tictac.games.times_up.packs import (
    MIN_CARDS,
    Card,
    Name,
    Pack,
    load_pack,
    main,
    pack_ids,
    validate_pack,
)

PACK_DIR = resources.files("tictac.games.times_up") / "packs"
SCHEMA = json.loads((PACK_DIR / "schema.json").read_text(encoding="utf-8"))
SCHEMA_CHECK = jsonschema.Draft202012Validator(SCHEMA)


def make_pack(kind: str = "personalities", language: str = "en", count: int = MIN_CARDS) -> Any:
    """A small valid pack whose names are all distinct, to break one thing at a time."""
    about = "Someone made up for a test" if kind == "personalities" else ""
    return {
        "id": f"{language}-test",
        "language": language,
        "kind": kind,
        "title": "Test pack",
        "turn_seconds": 30,
        "cards": [
            {
                "id": f"t-{i:03d}",
                "yellow": {"name": f"Yellow Person {i}", "about": about},
                "blue": {"name": f"Blue Person {i}", "about": about},
            }
            for i in range(count)
        ],
    }


def broken(change: Callable[[Any], object], kind: str = "personalities") -> Any:
    data = make_pack(kind)
    change(data)
    return data


def only_problem(data: object) -> str:
    problems = validate_pack(data)
    assert len(problems) == 1, problems
    return problems[0]


def schema_accepts(data: object) -> bool:
    return bool(SCHEMA_CHECK.is_valid(data))


def bundled_json(pack_id: str) -> Any:
    return json.loads((PACK_DIR / f"{pack_id}.json").read_text(encoding="utf-8"))


# --- the validator ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["personalities", "words"])
def test_hand_made_valid_pack_has_no_problem(kind: str) -> None:
    data = make_pack(kind)
    assert validate_pack(data) == []
    assert schema_accepts(data)


@pytest.mark.parametrize("data", [None, [], "pack", 3])
def test_pack_must_be_an_object(data: object) -> None:
    assert only_problem(data) == "pack: must be a JSON object"


def test_missing_and_unknown_pack_keys_are_each_reported() -> None:
    data = make_pack()
    del data["title"]
    data["colour"] = "yellow"
    assert validate_pack(data) == ["pack: missing 'title'", "pack: unknown key 'colour'"]


def test_missing_and_unknown_card_and_name_keys_are_reported() -> None:
    data = make_pack()
    del data["cards"][4]["blue"]
    data["cards"][5]["yellow"]["hint"] = "x"
    del data["cards"][6]["yellow"]["about"]
    assert validate_pack(data) == [
        "cards[4]: missing 'blue'",
        "cards[5].yellow: unknown key 'hint'",
        "cards[6].yellow: missing 'about'",
    ]


@pytest.mark.parametrize(
    ("key", "value"),
    [("language", "de"), ("language", "EN"), ("kind", "places"), ("kind", None)],
)
def test_language_and_kind_must_be_known(key: str, value: object) -> None:
    data = make_pack()
    data[key] = value
    assert only_problem(data).startswith(f"{key}: must be one of")
    assert not schema_accepts(data)


def test_pack_id_must_start_with_its_language() -> None:
    data = make_pack(language="fr")
    data["id"] = "en-test"
    assert "must start with the language code 'fr'" in only_problem(data)


@pytest.mark.parametrize("pack_id", ["EN-test", "en_test", "en--test", "", "en-test-"])
def test_pack_id_is_a_lowercase_slug(pack_id: str) -> None:
    data = make_pack()
    data["id"] = pack_id
    assert validate_pack(data)
    assert not schema_accepts(data)


@pytest.mark.parametrize("seconds", [5, 125, 33, "30", True, None])
def test_turn_seconds_is_a_whole_multiple_of_five_in_range(seconds: object) -> None:
    data = make_pack()
    data["turn_seconds"] = seconds
    assert only_problem(data).startswith("turn_seconds:")
    assert not schema_accepts(data)


@pytest.mark.parametrize("seconds", [10, 30, 45, 120])
def test_turn_seconds_accepts_the_usual_lengths(seconds: int) -> None:
    data = make_pack()
    data["turn_seconds"] = seconds
    assert validate_pack(data) == []


def test_pack_needs_at_least_220_cards() -> None:
    assert only_problem(make_pack(count=MIN_CARDS - 1)) == "cards: 219 cards, at least 220 needed"
    assert not schema_accepts(make_pack(count=MIN_CARDS - 1))


def test_cards_must_be_a_list_of_objects() -> None:
    assert only_problem(broken(lambda d: d.update(cards={}))) == "cards: must be a list"
    assert only_problem(broken(lambda d: d["cards"].__setitem__(3, "Renoir"))) == (
        "cards[3]: must be an object"
    )


def test_card_ids_are_unique() -> None:
    problem = only_problem(broken(lambda d: d["cards"][9].update(id="t-002")))
    assert problem == "cards[9].id: card id 't-002' is taken by cards[2].id"


def test_a_name_may_not_repeat_across_colours() -> None:
    data = make_pack()
    data["cards"][7]["blue"]["name"] = data["cards"][2]["yellow"]["name"]
    assert only_problem(data).startswith("cards[7].blue: name 'Yellow Person 2' is taken by")


def two_names(kind: str, language: str, first: str, second: str) -> Any:
    data = make_pack(kind, language)
    data["cards"][0]["yellow"]["name"] = first
    data["cards"][1]["blue"]["name"] = second
    return data


@pytest.mark.parametrize(
    ("kind", "language", "first", "second"),
    [
        pytest.param("personalities", "en", "Édith Piaf", "edith-PIAF!", id="case-accents-marks"),
        pytest.param("words", "en", "ice cream", "icecream", id="spacing"),
        # One typed "Renoir" would win both cards.
        pytest.param(
            "personalities", "en", "(Pierre Auguste) Renoir", "(Jean) Renoir", id="required-part"
        ),
        pytest.param("personalities", "en", "(Jean) Renoir", "Renoir", id="bare-surname"),
        pytest.param("words", "en", "mouse", "mice", id="english-plural"),
        pytest.param("words", "fr", "chevaux", "cheval", id="french-plural"),
    ],
)
def test_names_that_one_guess_would_win_clash(
    kind: str, language: str, first: str, second: str
) -> None:
    problem = only_problem(two_names(kind, language, first, second))
    assert problem == f"cards[1].blue: name {second!r} is taken by cards[0].yellow"


@pytest.mark.parametrize(
    ("kind", "first", "second"),
    [
        # "Nixon" alone does not win "Richard Nixon", so no guess answers both cards.
        pytest.param("personalities", "Richard Nixon", "(Pat) Nixon", id="required-first-name"),
        pytest.param("personalities", "Prince", "Princes", id="no-plurals-for-people"),
    ],
)
def test_names_no_single_guess_wins_both_may_share_a_pack(
    kind: str, first: str, second: str
) -> None:
    assert validate_pack(two_names(kind, "en", first, second)) == []


@pytest.mark.parametrize("name", ["", 42, None])
def test_a_name_is_a_non_empty_string(name: object) -> None:
    data = make_pack()
    data["cards"][3]["blue"]["name"] = name
    assert only_problem(data).startswith("cards[3].blue.name: ")
    assert not schema_accepts(data)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (" Renoir", "has leading, trailing or doubled spaces"),
        ("Renoir ", "has leading, trailing or doubled spaces"),
        ("Pierre  Renoir", "has leading, trailing or doubled spaces"),
        ("Pierre\nRenoir", "must be one line (no line breaks or tabs)"),
        ("Pierre\tRenoir", "must be one line (no line breaks or tabs)"),
        ("R" * 61, "longer than 60 characters"),
    ],
)
def test_a_name_is_one_tidy_short_line(text: str, problem: str) -> None:
    data = make_pack()
    data["cards"][3]["blue"]["name"] = text
    assert only_problem(data) == f"cards[3].blue.name: {problem}"
    assert not schema_accepts(data)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("(Pierre Auguste Renoir", "parentheses must be balanced and not nested"),
        ("Pierre) Renoir", "parentheses must be balanced and not nested"),
        ("((Pierre) Auguste) Renoir", "parentheses must be balanced and not nested"),
        ("() Renoir", "empty parentheses"),
        ("(...) Renoir", "empty parentheses"),
        ("(Pierre Auguste Renoir)", "nothing is left outside the parentheses"),
        ("(Pierre) - (Renoir)", "nothing is left outside the parentheses"),
    ],
)
def test_parentheses_leave_a_required_name(text: str, problem: str) -> None:
    data = make_pack()
    data["cards"][3]["blue"]["name"] = text
    assert only_problem(data) == f"cards[3].blue.name: {problem}"


def test_every_personality_has_a_description() -> None:
    data = make_pack()
    data["cards"][8]["yellow"]["about"] = ""
    assert only_problem(data) == "cards[8].yellow.about: is empty"
    assert not schema_accepts(data)


def test_a_word_may_go_without_a_gloss() -> None:
    data = make_pack("words")
    data["cards"][8]["yellow"]["about"] = ""
    data["cards"][9]["yellow"]["about"] = "the animal, not the club"
    assert validate_pack(data) == []
    assert schema_accepts(data)


@pytest.mark.parametrize(
    ("about", "problem"),
    [
        ("Painter.\nBorn in Limoges.", "must be one line (no line breaks or tabs)"),
        ("x" * 161, "longer than 160 characters"),
        (7, "must be a string"),
    ],
)
def test_a_description_is_one_line(about: object, problem: str) -> None:
    data = make_pack("words")
    data["cards"][8]["blue"]["about"] = about
    assert only_problem(data) == f"cards[8].blue.about: {problem}"
    assert not schema_accepts(data)


def test_every_problem_is_reported_not_just_the_first() -> None:
    data = make_pack(count=5)
    data["language"] = "xx"
    data["cards"][0]["yellow"]["name"] = ""
    data["cards"][1]["blue"]["about"] = ""
    data["cards"][2]["id"] = "t-001"
    assert len(validate_pack(data)) == 5


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=20,
)


@settings(max_examples=150)
@given(
    st.dictionaries(
        st.sampled_from(["id", "language", "kind", "title", "turn_seconds", "cards", "x"]),
        json_values,
    )
)
def test_any_json_gets_a_list_of_problems_never_a_crash(data: dict[str, Any]) -> None:
    problems = validate_pack(data)
    assert problems
    assert all(isinstance(problem, str) for problem in problems)


@settings(max_examples=40)
@given(
    st.sampled_from(["personalities", "words"]),
    st.integers(0, MIN_CARDS - 1),
    st.sampled_from(["yellow", "blue"]),
    st.integers(0, MIN_CARDS - 1),
    st.sampled_from(["yellow", "blue"]),
)
def test_copying_any_name_onto_another_card_is_always_caught(
    kind: str, source: int, source_colour: str, target: int, target_colour: str
) -> None:
    data = make_pack(kind)
    if (source, source_colour) == (target, target_colour):
        return
    name = data["cards"][source][source_colour]["name"]
    data["cards"][target][target_colour]["name"] = name
    assert any(f"name {name!r} is taken by" in problem for problem in validate_pack(data))


# --- the bundled packs ------------------------------------------------------------------------


def test_bundled_packs_cover_both_languages_and_both_kinds() -> None:
    found = {(load_pack(pid).language, load_pack(pid).kind) for pid in pack_ids()}
    assert found >= {(lang, kind) for lang in ("en", "fr") for kind in ("personalities", "words")}


@pytest.mark.parametrize("pack_id", pack_ids())
def test_bundled_pack_is_valid(pack_id: str) -> None:
    data = bundled_json(pack_id)
    assert validate_pack(data) == []
    assert data["id"] == pack_id


@pytest.mark.parametrize("pack_id", pack_ids())
def test_bundled_pack_matches_the_json_schema(pack_id: str) -> None:
    errors = [error.message for error in SCHEMA_CHECK.iter_errors(bundled_json(pack_id))]
    assert errors == []


@pytest.mark.parametrize("pack_id", pack_ids())
def test_bundled_pack_has_at_least_220_cards_and_440_names(pack_id: str) -> None:
    pack = load_pack(pack_id)
    names = {name.name for card in pack.cards for name in (card.yellow, card.blue)}
    assert len(pack.cards) >= 220
    assert len(names) == 2 * len(pack.cards) >= 440


@pytest.mark.parametrize("pack_id", pack_ids())
def test_bundled_pack_turn_length_follows_its_kind(pack_id: str) -> None:
    pack = load_pack(pack_id)
    assert pack.turn_seconds == {"personalities": 30, "words": 45}[pack.kind]


def test_schema_and_validator_share_their_limits() -> None:
    props = SCHEMA["properties"]
    assert tuple(props["language"]["enum"]) == packs.LANGUAGES
    assert tuple(props["kind"]["enum"]) == packs.KINDS
    assert props["cards"]["minItems"] == MIN_CARDS
    assert props["turn_seconds"]["minimum"] == packs.TURN_SECONDS_MIN
    assert props["turn_seconds"]["maximum"] == packs.TURN_SECONDS_MAX
    assert props["turn_seconds"]["multipleOf"] == packs.TURN_SECONDS_STEP
    assert set(SCHEMA["required"]) == packs.PACK_KEYS
    assert set(SCHEMA["$defs"]["card"]["required"]) == packs.CARD_KEYS
    assert set(SCHEMA["$defs"]["name"]["required"]) == packs.NAME_KEYS
    assert SCHEMA["$defs"]["name"]["properties"]["name"]["maxLength"] == packs.MAX_NAME
    assert SCHEMA["$defs"]["name"]["properties"]["about"]["maxLength"] == packs.MAX_ABOUT


# --- the loader -------------------------------------------------------------------------------


def test_load_pack_returns_typed_frozen_cards() -> None:
    pack = load_pack("en-personalities")
    assert isinstance(pack, Pack)
    assert (pack.id, pack.language, pack.kind) == ("en-personalities", "en", "personalities")
    assert isinstance(pack.cards, tuple)
    card = pack.cards[0]
    assert isinstance(card, Card)
    assert isinstance(card.yellow, Name) and isinstance(card.blue, Name)
    assert card.yellow.about and card.blue.about
    with pytest.raises(AttributeError):
        card.yellow.name = "someone else"  # type: ignore[misc]


def test_load_pack_keeps_the_file_order_and_ids() -> None:
    data = bundled_json("en-words")
    pack = load_pack("en-words")
    assert [card.id for card in pack.cards] == [card["id"] for card in data["cards"]]
    assert pack.cards[0].yellow == Name(**data["cards"][0]["yellow"])


def test_load_pack_is_cached() -> None:
    assert load_pack("en-words") is load_pack("en-words")


@pytest.mark.parametrize("pack_id", ["de-words", "", "schema", "../en-words"])
def test_unknown_pack_id_raises_key_error(pack_id: str) -> None:
    with pytest.raises(KeyError):
        load_pack(pack_id)


def test_pack_ids_lists_the_pack_files_but_not_the_schema() -> None:
    ids = pack_ids()
    assert "schema" not in ids
    assert {"en-personalities", "en-words"} <= set(ids)
    assert ids == sorted(ids)


# --- the command line -------------------------------------------------------------------------


def test_command_checks_every_bundled_pack(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    lines = capsys.readouterr().out.splitlines()
    counts = {pid: len(load_pack(pid).cards) for pid in pack_ids()}
    assert lines == [f"{pid}: {count} cards, ok" for pid, count in counts.items()]


def test_command_fails_on_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "en-test.json"
    good.write_text(json.dumps(make_pack()), encoding="utf-8")
    bad = tmp_path / "en-bad.json"
    bad.write_text(json.dumps(make_pack(count=3)), encoding="utf-8")
    assert main([str(good)]) == 0
    assert main([str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}: 3 cards, 2 problem(s)" in out
    assert "  cards: 3 cards, at least 220 needed" in out
    assert "differs from the file name 'en-bad'" in out


def test_command_fails_on_unreadable_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    garbled = tmp_path / "en-garbled.json"
    garbled.write_text("{not json", encoding="utf-8")
    assert main([str(garbled), str(tmp_path / "missing.json")]) == 1
    out = capsys.readouterr().out
    assert f"{garbled}: unreadable" in out
    assert "missing.json: unreadable" in out


# --- what a table accepts and refuses, per card ------------------------------------------------


def test_a_name_may_list_the_forms_a_table_accepts_and_refuses() -> None:
    data = make_pack()
    data["cards"][0]["yellow"]["accepts"] = ["Yel Person 0", "Yellow P. Zero"]
    data["cards"][0]["yellow"]["refuses"] = ["Yellow Person Junior"]
    assert validate_pack(data) == []
    assert schema_accepts(data)


@pytest.mark.parametrize(
    ("forms", "problem"),
    [
        ([], "must be a list of 1 to 12 names"),
        ("Yel Person", "must be a list of 1 to 12 names"),
        ([f"Form {i}" for i in range(13)], "must be a list of 1 to 12 names"),
        (["Yel  Person"], "has leading, trailing or doubled spaces"),
        (["Yel Person", "Yel Person"], "a name is listed twice"),
        ([3], "must be a string"),
    ],
)
def test_a_broken_list_of_forms_is_reported(forms: object, problem: str) -> None:
    data = make_pack()
    data["cards"][0]["yellow"]["accepts"] = forms
    assert problem in only_problem(data)
    assert not schema_accepts(data)


def test_a_form_both_accepted_and_refused_is_reported() -> None:
    data = make_pack()
    data["cards"][0]["yellow"]["accepts"] = ["Yel Person"]
    data["cards"][0]["yellow"]["refuses"] = ["Yel Person"]
    assert only_problem(data) == "cards[0].yellow: 'Yel Person' is both accepted and refused"


def test_the_loader_keeps_each_cards_accepted_and_refused_forms() -> None:
    pack = load_pack("en-personalities")
    faces = {face.name: face for card in pack.cards for face in (card.yellow, card.blue)}
    assert "Leo Messi" in faces["Lionel Messi"].accepts
    assert "Mick Schumacher" in faces["Michael Schumacher"].refuses
