"""Tables spread over the nodes of a cluster: made on one node, joined and played through the
others, and players who reconnect to another node whenever their socket closes."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from scripted import QUICK, Player
from serverproc import ServerProcess
from websockets.exceptions import ConnectionClosed, InvalidHandshake


async def spread_table(nodes: list[ServerProcess], game: str, players: int, *, made_on: int = 0,
                       spectators: int = 0, options: dict[str, Any] | None = None,
                       ) -> tuple[str, list[Player], list[Player]]:
    """A room made on `nodes[made_on]`; everyone else joins through the next nodes in turn and
    connects to a node of their own (seat i to node made_on + i), so most frames are relayed."""
    count = len(nodes)
    async with httpx.AsyncClient(timeout=30) as http:
        made = (await http.post(nodes[made_on].base + "/api/rooms", json={
            "game": game, "name": "P0", "options": QUICK[game] if options is None else options,
        })).json()
        code, joined = made["code"], [made]
        for index in range(1, players + spectators):
            through = nodes[(made_on + index) % count]
            answer = await http.post(f"{through.base}/api/rooms/{code}/join", json={
                "name": f"P{index}", "spectator": index >= players})
            assert answer.status_code == 200, answer.text
            joined.append(answer.json())
    everyone = [Player(nodes[(made_on + index) % count].ws_base, code, j["token"],
                       j["seat"] if index < players else None, game)
                for index, j in enumerate(joined)]
    for player in everyone:
        await player.connect()
        await player.until("room")
    return code, everyone[:players], everyone[players:]


async def reconnect(player: Player, bases: list[str]) -> None:
    """To the next node of `bases` that takes the connection (the list may shrink meanwhile)."""
    for attempt in range(200):
        player.ws_base = bases[attempt % len(bases)]
        try:
            await player.connect()
            return
        except (OSError, InvalidHandshake, TimeoutError):
            await asyncio.sleep(0.1)
    raise AssertionError(f"player of seat {player.seat} found no node to reconnect to")


async def play_on(player: Player, bases: list[str]) -> bool:
    """Plays the seat to the game's end through whatever node answers: a closed socket (its node
    died, or the room moved) is followed by a new connection with the same token."""
    while True:
        try:
            return await player.play()
        except (ConnectionClosed, OSError):
            await reconnect(player, bases)


async def replay_steps(node: ServerProcess, code: str, token: str) -> list[dict[str, Any]]:
    async with httpx.AsyncClient(timeout=30) as http:
        answer = await http.get(f"{node.base}/api/rooms/{code}/replay", params={"token": token})
    assert answer.status_code == 200, answer.text
    steps: list[dict[str, Any]] = answer.json()["steps"]
    return steps


def check_acks(players: list[Player], steps: list[dict[str, Any]]) -> int:
    """Every acknowledged action is in the log at the version its ack gave; returns how many.
    Two owners appending to one room would acknowledge two actions at one version: at most one
    of them can match the log."""
    checked = 0
    for player in players:
        for version, seat, action in player.acks:
            assert (steps[version]["seat"], steps[version]["action"]) == (seat, action)
            checked += 1
    return checked
