"""A replay of a game still in play, over HTTP against a real server: whatever seat is asked
for, the asker sees their own seat's views only and no action (docs/protocol.md, spoilers).
Removing the room's check
(`replays._ask`, the asker's own seat while the game is on) makes this fail."""

from __future__ import annotations

import json

import httpx
from serverproc import ServerProcess
from test_ws_host_ops import open_ws


def test_a_replay_in_play_shows_only_the_askers_seat(server: ServerProcess) -> None:
    # Four people connected and none of them moving: the game stays in play however slow the
    # machine (bots, even at their longest pause, could end it first by cutting the bomb).
    with httpx.Client(base_url=server.base, timeout=60) as http:
        made = http.post("/api/rooms", json={"game": "time-bomb", "name": "Host"}).json()
        code, token = made["code"], made["token"]
        tokens = [http.post(f"/api/rooms/{code}/join", json={"name": name}).json()["token"]
                  for name in ("Bea", "Cy", "Dee")]
        sockets = [open_ws(server, code, seated) for seated in (token, *tokens)]
        host = sockets[0]
        try:
            host.send(json.dumps({"type": "lobby", "op": "start"}))
            while json.loads(host.recv(timeout=60))["type"] != "view":
                pass
            bearer = {"authorization": f"Bearer {token}"}
            for asked in (None, 0, 1, 2, 3):
                params = {} if asked is None else {"seat": str(asked)}
                answer = http.get(f"/api/rooms/{code}/replay", params=params, headers=bearer)
                assert answer.status_code == 200, answer.text
                replay = answer.json()
                assert replay["finished"] is False, asked
                assert {step["view"]["seat"] for step in replay["steps"]} == {0}, asked
                assert all(step["action"] is None and step["seat"] is None
                           for step in replay["steps"])
        finally:
            for socket in sockets:
                socket.close()
