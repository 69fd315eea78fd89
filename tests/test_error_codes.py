"""Issue 22, item 4: error codes are one catalogue per layer (the games' shared codes, the
rooms', the server's), each code declared once with its meaning, and docs/protocol.md's tables
are written from them (tests/server/test_server_schema.py checks the file is current)."""

from __future__ import annotations

import re
from types import ModuleType

import pytest

from tictac.engine import errors as engine_errors
from tictac.engine.errors import GAME_CODES, Codes
from tictac.rooms import errors as room_errors
from tictac.rooms.errors import ROOM_CODES
from tictac.server import errors as server_errors
from tictac.server.errors import SERVER_CODES

LAYERS: list[tuple[ModuleType, Codes]] = [
    (engine_errors, GAME_CODES), (room_errors, ROOM_CODES), (server_errors, SERVER_CODES)]


def test_no_code_is_declared_by_two_layers() -> None:
    seen: dict[str, int] = {}
    for _, codes in LAYERS:
        for code in codes.meanings:
            seen[code] = seen.get(code, 0) + 1
    assert {code for code, count in seen.items() if count > 1} == set()


@pytest.mark.parametrize(("module", "codes"), LAYERS,
                         ids=lambda layer: getattr(layer, "__name__", ""))
def test_every_code_of_a_layer_module_is_in_a_catalogue(module: ModuleType, codes: Codes) -> None:
    """A code written as a bare string would have no meaning in the docs: every upper-case
    string of an errors module is a catalogued code (its own layer's, or one it imports)."""
    catalogued = {code for _, layer in LAYERS for code in layer.meanings}
    constants = {name: value for name, value in vars(module).items()
                 if name.isupper() and isinstance(value, str)}
    assert constants and set(constants.values()) <= catalogued
    assert all(meaning.strip() for meaning in codes.meanings.values())


def test_a_code_declared_twice_is_refused() -> None:
    codes = Codes()
    codes("twice", "once")
    with pytest.raises(ValueError, match="twice"):
        codes("twice", "again")


@pytest.mark.parametrize(("module", "codes"), LAYERS,
                         ids=lambda layer: getattr(layer, "__name__", ""))
def test_a_codes_http_status_is_declared_with_it_not_written_in_its_meaning(
        module: ModuleType, codes: Codes) -> None:
    """The status is the catalogue's (the server answers with it, the docs' tables show it):
    a meaning that named one too could say another (`too_many_places` answered 409 while its
    meaning named none)."""
    assert [code for code, meaning in codes.meanings.items()
            if re.search(r"HTTP \d{3}", meaning)] == []
    assert all(100 <= status < 600 for status in codes.statuses.values())
    assert set(codes.statuses) == set(codes.meanings)


def test_the_server_answers_each_code_with_its_declared_status() -> None:
    from tictac.server.http_api import STATUS

    assert STATUS[room_errors.TOO_MANY_PLACES] == 409
    assert STATUS[room_errors.NO_ROOM] == 404
    assert STATUS[server_errors.TOO_LARGE] == 413
    assert STATUS[engine_errors.BAD_OPTION] == 400


def test_each_games_own_codes_are_its_catalogues_and_no_layers() -> None:
    """A game's own codes are declared in its `GameInfo.codes` (docs/games/<game>.md's table
    is written from it: tests/server/test_server_schema.py), none a layer's code too."""
    from tictac.engine import GAMES, get_info

    layered = {code for _, codes in LAYERS for code in codes.meanings}
    own = {name: set(get_info(name).codes.meanings) for name in GAMES}
    assert own["times-up"] >= {"time_is_up", "too_many_guesses"}
    assert own["timos-twist"] >= {"card_not_held", "timo_grace"}
    assert own["time-bomb"] == {"cut_yourself", "already_cut", "claim_exceeds_wires",
                                "too_many_claims"}
    assert {name: codes & layered for name, codes in own.items() if codes & layered} == {}
