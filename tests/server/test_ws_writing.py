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
    the reader with the ack alone)."""
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
        assert kinds[at + 1:at + 2] == ["view"] and read[at + 1]["version"] == version + 1, kinds
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
