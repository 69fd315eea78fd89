"""Every game played to its end across a cluster of three nodes: the room made on one node,
players joining and connected through the others, so actions, views and joins are relayed."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from scripted import start, watch
from serverproc import ServerProcess

from cluster import check_acks, replay_steps, spread_table
from tictac.engine import GAMES, get_game

pytestmark = pytest.mark.timeout(90)


async def test_every_game_is_played_through_different_nodes(nodes: list[ServerProcess]) -> None:
    tables = [await spread_table(nodes, name, get_game(name).MIN_PLAYERS, made_on=index,
                                 spectators=1)
              for index, name in enumerate(sorted(GAMES))]
    assert {player.ws_base for _, seated, _ in tables for player in seated} == \
        {node.ws_base for node in nodes}
    for _, seated, _ in tables:
        await start(seated[0])
    results = await asyncio.gather(*(player.play() for _, seated, _ in tables for player in seated),
                                   *(watch(spectator) for _, _, [spectator] in tables))
    assert all(result is not False for result in results)
    for index, (code, seated, [spectator]) in enumerate(tables):
        # asked of a node that does not own the room: the replay is relayed too
        steps = await replay_steps(nodes[(index + 2) % len(nodes)], code, spectator.token)
        assert steps[-1]["view"]["over"] is True
        assert check_acks(seated, steps) == len(steps) - 1
        for version, view in spectator.views:  # what a relayed spectator saw is the log's
            assert view == steps[version]["view"]
    for _, seated, spectators in tables:
        for player in [*seated, *spectators]:
            await player.close()


async def test_a_room_summary_and_a_bad_code_answer_on_every_node(
        nodes: list[ServerProcess]) -> None:
    code, seated, _ = await spread_table(nodes, "time-bomb", 4)
    async with httpx.AsyncClient(timeout=30) as http:
        for node in nodes:
            answer = await http.get(f"{node.base}/api/rooms/{code}")
            assert answer.status_code == 200 and answer.json()["code"] == code
            assert answer.json()["seats"][3]["name"] == "P3"
            missing = await http.get(f"{node.base}/api/rooms/ZZZZZ")
            assert missing.status_code == 404 and missing.json()["code"] == "no_room"
    for player in seated:
        await player.close()
