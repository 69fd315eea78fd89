"""Shared decks in a cluster of three nodes on one PostgreSQL (issue 25, item 3): a deck kept
through one node is read through every other, and a room made and owned elsewhere loads it by
its code (the lobby op relayed to the room's owner, which reads the deck from the shared
store); every phone of the room hears its title and count, none a card."""

from __future__ import annotations

import json

import httpx
import pytest
from serverproc import ServerProcess

from cluster import spread_table

pytestmark = pytest.mark.timeout(90)

NAMES = [f"Voisin {chr(65 + i)}" for i in range(12)]
DECK = {"language": "fr", "title": "Le quartier",
        "cards": [{"name": name, "about": ""} for name in NAMES]}


async def test_a_deck_kept_through_one_node_is_loaded_by_a_room_on_another(
        nodes: list[ServerProcess]) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        made = await http.post(f"{nodes[2].base}/api/decks", json=DECK)
        assert made.status_code == 201, made.text
        code = made.json()["code"]
        for node in nodes:
            exported = await http.get(f"{node.base}/api/decks/{code}")
            assert exported.status_code == 200 and exported.json() == {"code": code, **DECK}
            missing = await http.get(f"{node.base}/api/decks/ZZZZZZ")
            assert missing.json()["code"] == "no_deck"
    room, seated, _ = await spread_table(nodes, "times-up", 4, made_on=0, options={})
    host = seated[0]  # connected to node 0; the others to nodes 1, 2 and 0
    await host.send({"type": "lobby", "op": "use_deck", "code": code})
    for player in seated:
        while (message := await player.until("room"))["room"]["deck"] is None:
            pass
        assert message["room"]["deck"] == {"title": "Le quartier", "language": "fr",
                                           "cards": 12}
    await host.send({"type": "lobby", "op": "start"})
    for player in seated:
        view = (await player.until("view"))["view"]
        assert view["pack"]["title"] == "Le quartier" and view["deck_count"] == 12
    for player in seated:  # no card reached any phone before the first turn
        heard = json.dumps(player.received, ensure_ascii=False)
        assert not any(name in heard for name in NAMES), (room, player.seat)
        await player.close()
