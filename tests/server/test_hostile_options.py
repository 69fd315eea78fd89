"""Any option value a client may send, against a real `tictac serve` (issue 20, item 3): sent
with a create and with `set_options`, it gets a clear refusal with a stable code or makes a room
that works (it answers a GET, takes a join, and starts or refuses to with a code): never a 500,
never a crash. The values come from `hostile_options`, which the chaos script sends too."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest
from hostile_options import hostile_options
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from serverproc import ServerProcess
from test_ws_host_ops import open_ws
from websockets.sync.client import ClientConnection

from tictac.engine import GAMES, get_game

pytestmark = pytest.mark.timeout(900)

# What a refused option value may be answered with; anything else (a 500 above all) fails.
REFUSALS = {"bad_message", "bad_text", "bad_option", "bad_json", "too_large"}
START_REFUSALS = {"bad_option", "bad_setup"}
# Each example is a handful of requests to a real server: on a busy machine one may take
# seconds, which says nothing about the server's answers.
settings.register_profile("hostile_options", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
JSON = {"content-type": "application/json"}


def first(ws: ClientConnection, *kinds: str) -> dict[str, Any]:
    """The next message of one of `kinds` (the others are passed over)."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if message["type"] in kinds:
            return message


def refused(answer: httpx.Response) -> None:
    assert answer.status_code in (400, 413), answer.text
    assert answer.json()["code"] in REFUSALS, answer.text


def works(server: ServerProcess, http: httpx.Client, game: str, made: dict[str, Any]) -> None:
    """The room answers a GET, takes a join, and starts or refuses to with a code."""
    code = made["code"]
    looked = http.get(f"/api/rooms/{code}")
    assert looked.status_code == 200, looked.text
    # People, not bots, fill the table: Time's Up seats no bot.
    for name in ["Bea", "Cid", "Dee", "Eve"][:max(1, get_game(game).MIN_PLAYERS - 1)]:
        joined = http.post(f"/api/rooms/{code}/join", json={"name": name})
        assert joined.status_code == 200, joined.text
    host = open_ws(server, code, made["token"])
    try:
        first(host, "room")
        # The table waits for its people once they leave: the game does not play on alone.
        host.send(json.dumps({"type": "lobby", "op": "set_policy", "policy": "wait"}))
        host.send(json.dumps({"type": "lobby", "op": "start"}))
        answer = first(host, "view", "error")
        assert answer["type"] == "view" or answer["code"] in START_REFUSALS, answer
    finally:
        host.close()


def set_options(server: ServerProcess, made: dict[str, Any], options: str) -> dict[str, Any]:
    """The answer to the host's `set_options` (an error, or the room summary it changed)."""
    host = open_ws(server, made["code"], made["token"])
    try:
        first(host, "room")
        host.send('{"type":"lobby","op":"set_options","options":' + options + "}")
        return first(host, "room", "error")
    finally:
        host.close()


@settings(settings.get_profile("hostile_options"))
@given(st.sampled_from(list(GAMES)), st.randoms(use_true_random=False))
def test_a_hostile_option_value_is_refused_with_a_code_or_makes_a_room_that_works(
        server: ServerProcess, game: str, rng: random.Random) -> None:
    options = hostile_options(rng, game)
    with httpx.Client(base_url=server.base, timeout=60) as http:
        body = '{"game":"' + game + '","name":"Host","options":' + options + "}"
        made = http.post("/api/rooms", content=body, headers=JSON)
        event(f"create: {made.status_code}")
        if made.status_code == 201:
            works(server, http, game, made.json())
        else:
            refused(made)
        plain = http.post("/api/rooms", json={"game": game, "name": "Host"}).json()
        answer = set_options(server, plain, options)
        event(f"set_options: {answer.get('code', 'taken')}")
        assert answer["type"] == "room" or answer["code"] in REFUSALS, answer
        works(server, http, game, plain)
