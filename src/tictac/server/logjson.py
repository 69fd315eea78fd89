"""`tictac serve --log-format json`: each log line one JSON object, for a log collector.

A request is one line (`"event": "request"`: client, method, path, status; a WebSocket's
opening is `"event": "websocket"`), and so is each room event worth keeping (`room_created`,
`game_started`, `game_over`, `room_expired`, `room_closed` by the admin: the room's code, its
game, the game's index), with the fields their log call gives (`extra=`). No line holds a
token or anything a player wrote: paths lose their query string (where a token could travel),
and the text of tictac's own lines keeps its numbers and room code but not its words (a name,
a chat line or a card could be among them); an error's message is left out too, its type and
traceback kept."""

from __future__ import annotations

import logging
import traceback
from datetime import UTC, datetime
from typing import Any

import orjson

EVENT_FIELDS = ("event", "room", "game", "index", "seats")  # what a room event gives (extra=)
WEBSOCKET = '%s - "WebSocket %s"'  # uvicorn's line for a WebSocket's handshake
LOGGERS = ("", "uvicorn", "uvicorn.error", "uvicorn.access")  # those with handlers of their own


def without_query(path: object) -> str:
    return str(path).partition("?")[0]


def fields(record: logging.LogRecord) -> dict[str, Any]:
    """What the line says besides its time, level and logger."""
    args = record.args if isinstance(record.args, tuple) else ()
    template = record.msg if isinstance(record.msg, str) else str(record.msg)
    if record.name == "uvicorn.access" and len(args) == 5:
        client, method, path, _version, status = args
        return {"event": "request", "client": client, "method": method,
                "path": without_query(path), "status": status}
    if record.name == "uvicorn.error" and template.startswith(WEBSOCKET) and len(args) == 2:
        return {"event": "websocket", "client": args[0], "path": without_query(args[1]),
                "outcome": template[len(WEBSOCKET):].strip(" []")}
    found = {name: getattr(record, name) for name in EVENT_FIELDS if hasattr(record, name)}
    if not record.name.startswith("tictac"):
        found["message"] = record.getMessage()
        return found
    if template.startswith("room %s") and args:
        found.setdefault("room", args[0])
    shown = tuple(arg if isinstance(arg, int | float) or arg == found.get("room") else "…"
                  for arg in args)
    try:
        found["message"] = template % shown if shown else template
    except (TypeError, ValueError):  # a template that does not take its arguments
        found["message"] = template
    return found


class JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(), "logger": record.name, **fields(record)}
        if record.exc_info and record.exc_info[0] is not None:
            line["error"] = record.exc_info[0].__name__
            line["trace"] = "".join(traceback.format_tb(record.exc_info[2]))
        return orjson.dumps(line, default=str).decode()


def use_json_lines() -> None:
    """Every handler set up so far (the root's, uvicorn's) writes JSON lines."""
    for name in LOGGERS:
        for handler in logging.getLogger(name).handlers:
            handler.setFormatter(JsonLines())
