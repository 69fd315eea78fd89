"""docs/protocol.md carries the schemas of the models the server validates with."""

from __future__ import annotations

from tictac.server import schema


def test_protocol_doc_schemas_are_the_models_schemas() -> None:
    assert schema.main(["--check"]) == 0
