"""Issue 22, item 4: error codes are one catalogue per layer (the games' shared codes, the
rooms', the server's), each code declared once with its meaning, and docs/protocol.md's tables
are written from them (tests/server/test_server_schema.py checks the file is current)."""

from __future__ import annotations

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
