"""How the server writes to a client (issue 23): the `ack` of an action and the view that
follows it reach the actor's socket in one write, the ack first. Over a real socket read by
the test, on `tictac serve`. And the flag a send waits on while the client does not read."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
from rawws import TEXT, RawClient
from serverproc import PATIENCE_S, ServerProcess

from tictac.server.ws_protocol import Writable


def messages(frames: list[tuple[int, bytes]]) -> list[dict[str, Any]]:
    return [json.loads(payload) for opcode, payload in frames if opcode == TEXT]


def test_an_ack_and_the_actors_view_come_in_one_write(server: ServerProcess) -> None:
    """Time Bomb, the first wire holder the only one connected: its cut is acknowledged, and
    the read that brings the ack brings the holder's new view behind it (two writes would wake
    the reader with the ack alone). A first cut that finds the bomb ends the game, and then the
    ack goes alone, before the room says the game is over (room.py's `_changed`): that deal is
    checked for it and dealt again (about one deal in twenty)."""
    for _ in range(DEALS):
        if _cut_once(server):
            return
    raise AssertionError(f"the first cut found the bomb in {DEALS} deals in a row")


DEALS = 30  # (all thirty ending at the first cut: a chance below 1e-30)


def _cut_once(server: ServerProcess) -> bool:
    """One deal and its first cut; False if that cut ended the game."""
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/rooms", json={"game": "time-bomb", "name": "A",
                                             "options": {"first_holder": 0}}).json()
        for name in ("B", "C", "D"):
            http.post(f"/api/rooms/{made['code']}/join", json={"name": name})
    client = RawClient(server.port, f"/ws/{made['code']}")
    try:
        client.send(client.frame(json.dumps({"type": "hello", "token": made["token"]})),
                    client.frame(json.dumps({"type": "lobby", "op": "start"})))
        view: dict[str, Any] = {}
        while not view.get("legal"):
            for message in messages(client.read_once()):
                if message["type"] == "view":
                    view, version = message["view"], message["version"]
        cut = next(action for action in view["legal"] if action["type"] == "cut")
        client.send(client.frame(json.dumps({"type": "action", "action": cut, "id": 1})))
        kinds: list[str] = []
        while "ack" not in kinds:
            assert "view" not in kinds, kinds  # (no view before the ack)
            read = messages(client.read_once())
            kinds = [message["type"] for message in read]
        at = kinds.index("ack")
        assert read[at] == {"type": "ack", "id": 1, "version": version + 1}
        later = read[at + 1:]
        if later[:1] and later[0]["type"] == "view":
            assert later[0]["version"] == version + 1, later[0]
            return True
        # Not the view: the game is over, and the room says so next.
        while not later:
            later = messages(client.read_once())
        assert later[0]["type"] == "room" and later[0]["room"]["status"] == "finished", later
        return False
    finally:
        client.close()


def test_a_send_waits_until_the_socket_takes_writes_again() -> None:
    """uvicorn's `writable` (ws_protocol.Writable): cleared when the socket stops taking writes,
    every waiting send goes on once it is set again, one given up meanwhile included."""
    async def sends() -> None:
        writable = Writable()
        await asyncio.wait_for(writable.wait(), PATIENCE_S)  # set: no wait
        writable.clear()
        waiting = [asyncio.ensure_future(writable.wait()) for _ in range(3)]
        await asyncio.sleep(0)
        assert not any(send.done() for send in waiting)
        waiting[0].cancel()
        writable.set()
        await asyncio.wait_for(asyncio.gather(*waiting[1:]), PATIENCE_S)
        assert writable.is_set()

    asyncio.run(sends())
