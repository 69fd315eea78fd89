"""Scripted clients: real WebSockets, each seat played by one of the game's bots, and every
message checked against the protocol's schema as it arrives."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

from tictac.bots import Bot, bot_kinds, make_bot
from tictac.engine import Rng
from tictac.server.models import server_message

QUICK = {
    "timos-twist": {"target_score": 30, "timo_grace_ms": 300},
    "time-bomb": {},
    "times-up": {"deck_size": 10, "turn_seconds": 10},
}


@dataclass
class Player:
    ws_base: str
    code: str
    token: str
    seat: int | None
    game: str
    bot: Bot | None = None
    ws: Any = None
    views: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    # (version, seat, action) of every acknowledged action
    acks: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    acked_at: list[float] = field(default_factory=list)  # monotonic time of each ack, heard
    last_acked_id: int = 0  # the id of the latest acknowledged action (ids only grow)
    errors: list[dict[str, Any]] = field(default_factory=list)
    received: list[dict[str, Any]] = field(default_factory=list)
    sent: dict[int, dict[str, Any]] = field(default_factory=dict)
    next_id: int = 1
    heard_at: float = 0.0  # monotonic time of the last message
    stopped: str | None = None  # why its playing task ended, when it failed
    closed_at: float | None = None  # monotonic time its socket closed, until a view comes again
    outages: list[float] = field(default_factory=list)  # from each close to the next view

    async def connect(self) -> Player:
        self.ws = await websockets.connect(f"{self.ws_base}/ws/{self.code}",
                                           max_size=2**22, compression=None)
        await self.send({"type": "hello", "token": self.token})
        return self

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def recv(self, timeout: float = 15) -> dict[str, Any]:
        # Not asyncio.wait_for: on Python 3.11 it swallows a cancellation that arrives as the
        # frame does, and a player's task cancelled at the end of a test then plays on for good.
        async with asyncio.timeout(timeout):
            raw = await self.ws.recv()
        self.heard_at = time.monotonic()
        message: dict[str, Any] = json.loads(raw)
        server_message.validate_python(message)  # every message fits the documented schema
        self.received.append(message)
        if message["type"] == "view":
            self.views.append((message["version"], message["view"]))
            if self.closed_at is not None:
                self.outages.append(self.heard_at - self.closed_at)
                self.closed_at = None
        elif message["type"] == "ack":
            self.acks.append((message["version"], self.seat, self.sent[message["id"]]))  # type: ignore[arg-type]
            self.acked_at.append(self.heard_at)
            self.last_acked_id = max(self.last_acked_id, message["id"])
        elif message["type"] == "error":
            self.errors.append(message)
        return message

    def describe(self) -> str:
        """Where this client stands, for a failure's message: what it heard last and when."""
        version, view = self.views[-1] if self.views else (None, {})
        recent = [message["type"] if message["type"] != "error" else f"error {message['code']}"
                  for message in self.received[-6:]]
        return (f"seat {self.seat} via {self.ws_base}: heard {recent} last "
                f"{time.monotonic() - self.heard_at:.1f} s ago; view v{version} "
                f"to_act={view.get('to_act')}; sent #{self.next_id - 1}, acked "
                f"#{self.last_acked_id}" + ("" if self.stopped is None
                                            else f"; stopped by {self.stopped}"))

    async def until(self, kind: str, timeout: float = 15) -> dict[str, Any]:
        while True:
            message = await self.recv(timeout)
            if message["type"] == kind:
                return message

    async def act(self, action: dict[str, Any]) -> int:
        msg_id = self.next_id
        self.next_id += 1
        self.sent[msg_id] = action
        await self.send({"type": "action", "action": action, "id": msg_id})
        return msg_id

    async def play(self, *, stop_after_acks: int | None = None, timeout: float = 15) -> bool:
        """Plays its seat until the game is over (True) or it has `stop_after_acks` acks."""
        if self.bot is None:
            assert self.seat is not None
            kind = next(iter(bot_kinds(self.game)))
            self.bot = make_bot(self.game, kind, self.seat, Rng(f"{self.code}-{self.seat}"))
        while True:
            message = await self.recv(timeout)
            if stop_after_acks is not None and len(self.acks) >= stop_after_acks:
                return False
            if message["type"] == "error":
                await self.send({"type": "sync"})  # a stale or early move: look again
            if message["type"] != "view":
                continue
            view = message["view"]
            if view["over"]:
                return True
            if self.seat in view["to_act"] and view["legal"]:
                action = self.bot.act(view, view["legal"], True)
                if action is not None:
                    await self.act(action)


async def open_table(base: str, ws_base: str, game: str, players: int, *,
                     spectators: int = 0, options: dict[str, Any] | None = None,
                     ) -> tuple[str, list[Player], list[Player]]:
    """A room with `players` people seated (the first is host) and connected, not started."""
    # A generous timeout: on a loaded machine the server is slow, not wrong.
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        made = (await http.post("/api/rooms", json={
            "game": game, "name": "P0", "options": QUICK[game] if options is None else options,
        })).json()
        code = made["code"]
        joined = [made]
        for index in range(1, players + spectators):
            answer = await http.post(f"/api/rooms/{code}/join", json={
                "name": f"P{index}", "spectator": index >= players})
            joined.append(answer.json())
    seated = [Player(ws_base, code, j["token"], j["seat"], game) for j in joined[:players]]
    watching = [Player(ws_base, code, j["token"], None, game) for j in joined[players:]]
    for player in seated + watching:
        await player.connect()
        await player.until("room")
    return code, seated, watching


async def start(host: Player) -> None:
    await host.send({"type": "lobby", "op": "start"})


async def watch(spectator: Player, timeout: float = 15) -> None:
    while True:
        message = await spectator.recv(timeout)
        if message["type"] == "view" and message["view"]["over"]:
            return
