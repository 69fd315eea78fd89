"""The audience's votes over real WebSockets against a real `tictac serve` (issue 25, item 4):
a TV joins as a TV, the audience votes during a Time Bomb round and hears only its own vote,
and every bad vote gets a stable code: a player's or the TV's, a seat that is not offered, a
ballot that is not open, a wrong type, and a flood (the one keyed bucket: `Quotas.vote`)."""

from __future__ import annotations

import json
from typing import Any

import httpx
from serverproc import ServerProcess
from test_ws_host_ops import open_ws
from websockets.sync.client import ClientConnection


def _next(ws: ClientConnection, check: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if check(message):
            return message


def _error(ws: ClientConnection) -> str:
    code: str = _next(ws, lambda m: m["type"] == "error")["code"]
    return code


def test_the_audience_votes_and_bad_votes_get_stable_codes(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/rooms", json={"game": "time-bomb", "name": "Host"}).json()
        code = made["code"]
        tv = http.post(f"/api/rooms/{code}/join",
                       json={"name": "TV", "spectator": True, "tv": True}).json()
        fans = [http.post(f"/api/rooms/{code}/join", json={"name": name, "spectator": True})
                .json() for name in ("Ann", "Bob")]
    host = open_ws(server, code, made["token"])
    screen = open_ws(server, code, tv["token"])
    ann, bob = (open_ws(server, code, fan["token"]) for fan in fans)
    host.send(json.dumps({"type": "lobby", "op": "set_bot_pause", "ms": 5000}))
    for _ in range(3):
        host.send(json.dumps({"type": "lobby", "op": "add_bot"}))
    ann.send(json.dumps({"type": "vote", "ballot": "round-1", "choice": 0}))
    assert _error(ann) == "no_ballot"  # the lobby: nothing to vote on yet
    host.send(json.dumps({"type": "lobby", "op": "start"}))
    opened = _next(ann, lambda m: m["type"] == "audience" and m["audience"]["ballot"])
    assert opened["audience"]["ballot"]["key"] == "round-1" and opened["yours"] is None
    ann.send(json.dumps({"type": "vote", "ballot": "round-1", "choice": 2}))
    assert _next(ann, lambda m: m["type"] == "audience")["yours"] == 2
    bob.send(json.dumps({"type": "vote", "ballot": "round-1", "choice": 9}))
    assert _error(bob) == "bad_choice"
    bob.send(json.dumps({"type": "vote", "ballot": "round-7", "choice": 1}))
    assert _error(bob) == "no_ballot"
    bob.send(json.dumps({"type": "vote", "ballot": "round-1", "choice": "1"}))
    assert _error(bob) == "bad_message"
    for player in (host, screen):
        player.send(json.dumps({"type": "vote", "ballot": "round-1", "choice": 1}))
        assert _error(player) == "not_audience"
    tally = _next(screen, lambda m: m["type"] == "audience" and m["audience"]["voted"] == 1)
    assert "yours" not in tally and tally["audience"]["members"] == 2
    for _ in range(10):  # a flood: the bucket lets a burst of 5 through
        bob.send(json.dumps({"type": "vote", "ballot": "round-1", "choice": 1}))
    assert _error(bob) == "vote_limited"
    for ws in (host, screen, ann, bob):
        ws.close()
