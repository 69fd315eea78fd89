"""tictac's own requests to the SFU (Janus's HTTP API, its video room plugin): each batch a
short session of its own, made, used and destroyed, so nothing of it needs keeping alive. The
requests block (the standard library's HTTP client): callers run them off the event loop."""

from __future__ import annotations

import json
import secrets
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

PLUGIN = "janus.plugin.videoroom"
TIMEOUT_S = 10.0
# The video room's answer when the room to make exists already (made by an earlier batch).
ROOM_EXISTS = 427


class JanusError(Exception):
    """Janus refused a request, or answered what is not its API."""


def _post(url: str, body: dict[str, Any], token: str) -> dict[str, Any]:
    data = json.dumps({**body, "transaction": secrets.token_hex(8), "token": token}).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
        answer = json.loads(response.read())
    if not isinstance(answer, dict) or answer.get("janus") not in ("success", "ack"):
        raise JanusError(f"{body.get('janus')}: {answer}")
    return answer


@contextmanager
def videoroom(url: str, token: str) -> Iterator[Callable[[dict[str, Any]], dict[str, Any]]]:
    """A session attached to the video room plugin: yields `ask`, which sends one request and
    returns the plugin's answer. A request it refuses raises JanusError (making a room that
    exists is no refusal: an earlier session made it)."""
    session = _post(url, {"janus": "create"}, token)["data"]["id"]
    try:
        handle = _post(f"{url}/{session}", {"janus": "attach", "plugin": PLUGIN},
                       token)["data"]["id"]

        def ask(body: dict[str, Any]) -> dict[str, Any]:
            answer = _post(f"{url}/{session}/{handle}", {"janus": "message", "body": body},
                           token)
            data: dict[str, Any] = answer.get("plugindata", {}).get("data", {})
            if "error_code" in data and data["error_code"] != ROOM_EXISTS:
                raise JanusError(f"{body['request']}: {data.get('error')}")
            return data

        yield ask
    finally:
        with suppress(OSError, JanusError):  # else Janus ends the session after a minute
            _post(f"{url}/{session}", {"janus": "destroy"}, token)
