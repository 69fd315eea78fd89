"""Writes the JSON Schemas of every message and HTTP body into docs/protocol.md, from the same
models the server validates with: `uv run python -m tictac.server.schema [--check]`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from tictac.server.models import (
    ClientMessage,
    CreateRoom,
    GameInfo,
    HelloIn,
    Joined,
    JoinRoom,
    Rejoin,
    RejoinCode,
    Replay,
    ServerMessage,
)

DOC = Path(__file__).resolve().parents[3] / "docs" / "protocol.md"
MARK = "<!-- generated: uv run python -m tictac.server.schema -->"
SECTIONS: list[tuple[str, Any]] = [
    ("Client → server (WebSocket): the first message", HelloIn),
    ("Client → server (WebSocket): every later message", ClientMessage),
    ("Server → client (WebSocket)", ServerMessage),
    ("`POST /api/rooms` body", CreateRoom),
    ("`POST /api/rooms/{code}/join` body", JoinRoom),
    ("`POST /api/rooms/{code}/rejoin` body", Rejoin),
    ("`POST /api/rooms`, `/join` and `/rejoin` answer", Joined),
    ("`POST /api/rooms/{code}/rejoin-code` answer", RejoinCode),
    ("`GET /api/games` item", GameInfo),
    ("`GET /api/rooms/{code}/replay` answer", Replay),
]


def rendered() -> str:
    parts = [MARK, ""]
    for title, model in SECTIONS:
        schema = TypeAdapter(model).json_schema()
        parts += [f"### {title}", "", "```json", json.dumps(schema, indent=2), "```", ""]
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    text = DOC.read_text()
    updated = text[: text.index(MARK)] + rendered()
    if "--check" in argv:
        if updated != text:
            print("docs/protocol.md schemas are stale: run python -m tictac.server.schema")
            return 1
        return 0
    DOC.write_text(updated)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
