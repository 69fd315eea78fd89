"""The message catalogs: the client's shared one and each game's own texts (the built-in games'
in static/texts/, the plugged-in ones' in their folders: issue 22, item 5), which the client
loads into one catalog. English and French hold the same keys with the same {placeholders}; no
key is in two catalogs; every key the client or a game's module names exists; every error code
the server or a game can send, every game option, every Time's Up phase and constraint has its
words, a game's own error codes in its own texts. (No browser needed.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import nim
import toygame
from tictac.engine import GAMES, get_game, get_info
from tictac.engine.errors import GAME_CODES
from tictac.games.time_bomb.rules import ACTION_TYPES as BOMB_ACTIONS
from tictac.games.times_up import HANDLERS as TIMES_UP_ACTIONS
from tictac.games.timos_twist.moves import ACTION_TYPES as TIMO_ACTIONS
from tictac.rooms.errors import ROOM_CODES
from tictac.server.errors import SERVER_CODES

STATIC = Path(__file__).resolve().parents[2] / "src" / "tictac" / "web" / "static"
SOURCES = Path(__file__).resolve().parents[2] / "src" / "tictac"
TESTS = Path(__file__).resolve().parents[1]
# The plugged-in games kept under tests/: name -> the folder of their client.js and texts.
PLUGGED = {"count-up": TESTS / "toygame", "nim": TESTS / "nim"}
# Where each built-in game's words are, beside `opt.<game>.`, `game.<game>.` and `error.<code>`
# for its own codes (a plugged-in game's are under `<game>.`): a key there belongs in the game's
# texts, not the client's catalog.
GAME_PREFIXES = {
    "times-up": ("tu.", "teams.", "moves.tu.", "stats.tu.", "tv.tu."),
    "timos-twist": ("timo.", "moves.timo.", "stats.timo."),
    "time-bomb": ("bomb.", "stats.bomb.", "tv.bomb."),
}


def read(path: Path) -> dict[str, str]:
    loaded: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def catalogs(lang: str) -> dict[str, dict[str, str]]:
    """Each catalog of `lang`, by what it holds: the client's, then every game's."""
    found = {"client": read(STATIC / "i18n" / f"{lang}.json")}
    found |= {name: read(STATIC / "texts" / f"{name}.{lang}.json") for name in GAMES}
    found |= {name: read(folder / f"texts.{lang}.json") for name, folder in PLUGGED.items()}
    return found


def catalog(lang: str) -> dict[str, str]:
    """The one catalog the client holds with every game there is."""
    merged: dict[str, str] = {}
    for words in catalogs(lang).values():
        merged |= words
    return merged


def own_codes(name: str) -> set[str]:
    """A game's own refusal codes (its `GameInfo.codes`; the plugged-in games here have none)."""
    return set(get_info(name).codes.meanings) if name in GAMES else set()


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_english_and_french_have_the_same_keys_and_placeholders() -> None:
    english, french = catalogs("en"), catalogs("fr")
    assert english.keys() == french.keys()
    for source, en in english.items():
        fr = french[source]
        assert en.keys() == fr.keys(), source
        for key in en:
            assert en[key].strip() and fr[key].strip(), key
            assert placeholders(en[key]) == placeholders(fr[key]), key


def test_no_key_is_in_two_catalogs_and_a_games_keys_are_its_own() -> None:
    """One catalog would hide another's words for the same key."""
    seen: dict[str, str] = {}
    for source, words in catalogs("en").items():
        for key in words:
            assert key not in seen, (key, seen.get(key), source)
            seen[key] = source
    english = catalogs("en")
    for name in [*GAMES, *PLUGGED]:
        assert f"game.{name}.blurb" in english[name]
        errors = (f"error.{code}" for code in own_codes(name))
        # (the question of the game's audience ballot, `audience.ask.<kind>`, is its own too)
        own = (f"opt.{name}.", f"game.{name}.", "audience.ask.",
               *GAME_PREFIXES.get(name, (f"{name}.",)), *errors)
        assert [key for key in english[name] if not key.startswith(own)] == [], name
        assert [key for key in english["client"] if key.startswith(own)] == [], name


def test_every_key_named_in_the_client_exists() -> None:
    en = catalog("en")
    named = set()
    for script in [*STATIC.glob("*.js"), *(folder / "client.js" for folder in PLUGGED.values())]:
        named |= set(
            re.findall(r"(?<![.\w])(?:t|has)\('([a-z0-9_.-]+)'", script.read_text(encoding="utf-8"))
        )
    assert len(named) > 200
    # A key held only as plural forms is named without its form (`t` picks it by `n`).
    assert sorted(key for key in named - en.keys() if f"{key}.other" not in en) == []


def test_plural_keys_have_the_one_and_other_forms_and_other_has_an_n() -> None:
    """The "one" form may spell its number out ("drew a card"); "other" always shows `n`."""
    for lang in ("en", "fr"):
        words = catalog(lang)
        bases = {key.rsplit(".", 1)[0] for key in words if key.endswith((".one", ".other"))}
        assert len(bases) >= 10
        for base in bases:
            assert base not in words, base
            assert f"{base}.one" in words, (lang, base)
            assert "n" in placeholders(words[f"{base}.other"]), (lang, base)


@pytest.mark.parametrize(
    "prefix, names",
    [
        ("timo.colour", ["blue", "green", "orange", "pink"]),
        ("timo.rank", ["skip", "twist", "plus2", "joker", "plus4"]),
        ("bomb.kind", ["safe", "defusing", "bomb"]),
        ("bomb.role", ["sherlock", "moriarty"]),
        ("bomb.won", ["sherlock", "moriarty"]),
        ("bomb.reason", ["defused", "exploded", "time_up"]),
        ("conn", ["connecting", "online", "reconnecting", "offline"]),
        ("lobby.policy", ["wait", "bot", "skip"]),
        ("rejoin", [f"{lost}_{part}" for lost in ("moved", "superseded")
                    for part in ("title", "help")]),
        ("tu.phase", ["write", "deal", "waiting", "running", "round_won", "readback", "over"]),
        ("tu.constraint", [f"{rules}.{kind}" for rules in ("en", "fr") for kind in
                           ("talk", "talk_no_gestures", "one_word", "mime", "one_gesture")]),
        ("game", [f"{name}.blurb" for name in GAMES]),
        ("action", sorted(TIMO_ACTIONS | set(BOMB_ACTIONS) | set(TIMES_UP_ACTIONS))),
        ("audience.ask", ["moriarty", "funniest", "first_out"]),  # issue 25, item 4
    ],
)
def test_keys_built_at_run_time_exist(prefix: str, names: list[str]) -> None:
    en = catalog("en")
    assert [name for name in names if f"{prefix}.{name}" not in en] == []


def test_every_error_code_has_words() -> None:
    """The layers' codes in the client's catalog, each game's own codes in its own texts (the
    client loads both into one catalog, so `errors.js` finds either), in both languages."""
    layered = {code for layer in (GAME_CODES, ROOM_CODES, SERVER_CODES) for code in layer.meanings}
    assert len(layered) > 50
    for lang in ("en", "fr"):
        words = catalogs(lang)
        assert sorted(code for code in layered if f"error.{code}" not in words["client"]) == []
        for name in GAMES:
            codes = own_codes(name)
            assert codes, name
            assert sorted(code for code in codes if f"error.{code}" not in words[name]) == [], name


def test_every_game_option_has_a_label_and_a_line_of_help() -> None:
    en = catalog("en")
    missing = []
    every = {**{name: get_game(name).OPTIONS for name in GAMES},
             "count-up": toygame.OPTIONS, "nim": nim.OPTIONS}
    for name, options in every.items():
        for option in options:
            if option.kind == "list":
                continue  # set by its own screen (teams)
            for key in (f"opt.{name}.{option.name}", f"opt.{name}.{option.name}.help"):
                if key not in en:
                    missing.append(key)
            for choice in option.choices:
                if f"opt.{name}.{option.name}.{choice}" not in en:
                    missing.append(f"opt.{name}.{option.name}.{choice}")
    assert missing == []


def test_rules_pages_exist_in_both_languages_with_the_same_shape() -> None:
    for name in GAMES:
        en = json.loads((STATIC / "rules" / f"{name}.en.json").read_text(encoding="utf-8"))
        fr = json.loads((STATIC / "rules" / f"{name}.fr.json").read_text(encoding="utf-8"))
        assert en["title"] != fr["title"]
        assert len(en["sections"]) == len(fr["sections"]) >= 4
        for one, other in zip(en["sections"], fr["sections"], strict=True):
            assert one.keys() == other.keys()
            assert len(one.get("ul", [])) == len(other.get("ul", []))
