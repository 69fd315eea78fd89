"""One guesser on 4 sockets floods typed guesses (issue 20, item 2: 953 guesses in 41 s, views of
145 KiB, 69 MB to the TV). Against a real `tictac serve`: the seat's guesses are rated across
all its sockets (Time's Up's `SEAT_RATES`, a server limit, docs/server.md), the rest refused
with `too_many_guesses`, and what the TV receives stays small."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import httpx
from serverproc import PATIENCE_S, ServerProcess
from test_ws_limits import drain, open_ws
from websockets.sync.client import ClientConnection

from tictac.games import times_up
from tictac.games.times_up.views import GUESS_TAIL

RATE = times_up.SEAT_RATES["guess"]
OPTIONS = {"pack": "players", "names_per_player": 2, "turn_seconds": 120,
           "teams": [[0, 1], [2, 3]]}


def latest_view(messages: list[dict[str, Any]]) -> dict[str, Any]:
    view: dict[str, Any] = [m for m in messages if m["type"] == "view"][-1]["view"]
    return view


def view_where(ws: ClientConnection, holds: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first view on `ws` for which `holds` is true, however slowly it comes (a pause on a
    busy machine decides nothing)."""
    while True:
        message = json.loads(ws.recv(timeout=PATIENCE_S))
        if message["type"] == "view" and holds(message["view"]):
            return message["view"]  # type: ignore[no-any-return]


def running_turn(server: ServerProcess) -> tuple[str, list[str], str, list[ClientConnection]]:
    """A started game of four whose first turn runs: the room, the seats' tokens, the TV's, and
    one open socket for each seat and the TV."""
    with httpx.Client(base_url=server.base, timeout=30) as http:
        made = http.post("/api/rooms", json={"game": "times-up", "name": "P0",
                                             "options": OPTIONS}).json()
        code = made["code"]
        joined = [http.post(f"/api/rooms/{code}/join", json={"name": name, "spectator": tv})
                  .json() for name, tv in [("P1", False), ("P2", False), ("P3", False),
                                           ("TV", True)]]
    tokens = [made["token"], *[j["token"] for j in joined[:3]]]
    sockets = [open_ws(server, code, token) for token in [*tokens, joined[3]["token"]]]
    sockets[0].send(json.dumps({"type": "lobby", "op": "start"}))
    for seat, ws in enumerate(sockets[:4]):
        names = [f"Name {seat} {index}" for index in range(2)]
        ws.send(json.dumps({"type": "action", "action": {"type": "write", "names": names}}))
    view = view_where(sockets[4], lambda view: (view.get("turn") or {}).get("cluegiver")
                      is not None)
    sockets[view["turn"]["cluegiver"]].send(json.dumps(
        {"type": "action", "action": {"type": "start"}}))
    view_where(sockets[4], lambda view: view["phase"] == "running")
    return code, tokens, joined[3]["token"], sockets


def answers_to(ws: ClientConnection, ids: set[int]) -> list[dict[str, Any]]:
    """The answers (acks and errors) to the actions of these ids, however slowly they come (a
    busy machine may take seconds for the first: a pause decides nothing)."""
    answers: list[dict[str, Any]] = []
    while ids:
        message = json.loads(ws.recv(timeout=PATIENCE_S))
        if message.get("id") in ids:
            ids = ids - {message["id"]}
            answers.append(message)
    return answers


def tv_view_with(tv: ClientConnection, guesses: int) -> dict[str, Any]:
    """The TV's view once it shows at least this many guesses, and then every later one (none
    may push it past them)."""
    view: dict[str, Any] = {"guesses": []}
    while len(view["guesses"]) < guesses:
        message = json.loads(tv.recv(timeout=PATIENCE_S))
        if message["type"] == "view":
            view = message["view"]
    seen = drain(tv)
    return latest_view(seen) if any(m["type"] == "view" for m in seen) else view


def test_one_guesser_on_four_sockets_is_held_to_the_seats_guess_rate(
        server: ServerProcess) -> None:
    code, tokens, _, sockets = running_turn(server)
    tv = sockets[4]
    view = latest_view(drain(sockets[0]))
    guesser = view["turn"]["guessers"][0]
    flood = [sockets[guesser], *[open_ws(server, code, tokens[guesser]) for _ in range(3)]]
    for ws in flood[1:]:
        drain(ws)
    began = time.monotonic()
    for index in range(25):
        for number, ws in enumerate(flood):
            ws.send(json.dumps({"type": "action", "id": 100 * number + index,
                                "action": {"type": "guess", "text": f"wrong {number} {index}"}}))
    answers = [message for number, ws in enumerate(flood)
               for message in answers_to(ws, {100 * number + index for index in range(25)})]
    elapsed = time.monotonic() - began
    acked = sum(message["type"] == "ack" for message in answers)
    refused = [message for message in answers if message.get("code") == "too_many_guesses"]
    assert acked + len(refused) == 100
    # The burst, plus what refilled while 100 guesses were sent and answered.
    assert RATE.burst <= acked <= RATE.burst + RATE.per_s * elapsed + 1
    assert {message["id"] for message in refused} < {100 * n + i for n in range(4)
                                                    for i in range(25)}
    assert len(tv_view_with(tv, acked)["guesses"]) == acked <= GUESS_TAIL
    for ws in sockets + flood[1:]:
        ws.close()
