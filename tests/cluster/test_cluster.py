"""A cluster of three nodes sharing PostgreSQL and Redis. Every game played to its end with the
room made on one node and its players joining and connected through the others (actions, views
and joins relayed); then games played on under failures: Redis restarted (every lease and
subscription lost), PostgreSQL restarted, and a room's owner killed with SIGKILL. Every
acknowledged action is in the stored log afterwards and every table plays on after the fault
(its games outlast the test, so a fast machine cannot finish them before the fault is over).

The tests share the three nodes; the one that kills a node comes last."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from scripted import Player, start
from serverproc import PATIENCE_S, ServerProcess

from cluster import (
    Services,
    acked,
    end_and_check,
    none_acknowledged_while_down,
    play_every_game,
    play_tables,
    spread_table,
    until_acks,
)

# A guard against a hang only: the waits inside are each bounded by the suite's patience, and
# the module's first test starts three nodes (90 s ran out there on a loaded machine).
pytestmark = pytest.mark.timeout(3 * PATIENCE_S)

async def test_every_game_is_played_through_different_nodes(nodes: list[ServerProcess]) -> None:
    await play_every_game(nodes)


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


async def test_a_rejoin_code_asked_through_one_node_moves_the_seat_through_another(
        nodes: list[ServerProcess]) -> None:
    """Issue 20, item 5, in a cluster: both HTTP calls are relayed to the room's owner, where
    its codes live, and the old device's relayed socket is told and closed (4410)."""
    code, seated, _ = await spread_table(nodes, "time-bomb", 4)
    old = seated[1]  # connected through node 1, the room made on node 0
    async with httpx.AsyncClient(timeout=30) as http:
        made = await http.post(f"{nodes[1].base}/api/rooms/{code}/rejoin-code", json={},
                               headers={"Authorization": f"Bearer {old.token}"})
        moved = await http.post(f"{nodes[2].base}/api/rooms/{code}/rejoin",
                                json={"rejoin": made.json()["rejoin"]})
        assert moved.status_code == 200 and moved.json()["seat"] == 1
        again = await http.post(f"{nodes[1].base}/api/rooms/{code}/rejoin",
                                json={"rejoin": made.json()["rejoin"]})
        assert again.json()["code"] == "bad_rejoin"
    assert (await old.until("error"))["code"] == "seat_moved"
    await old.ws.wait_closed()
    assert old.ws.close_code == 4410
    tablet = Player(nodes[2].ws_base, code, moved.json()["token"], 1, "time-bomb")
    await tablet.connect()
    assert (await tablet.until("room"))["room"]["you"]["seat"] == 1
    for player in [*seated, tablet]:
        await player.close()


async def test_a_player_back_through_another_node_hears_what_was_played_for_them(
        nodes: list[ServerProcess]) -> None:
    """Absence through relays: Bea's socket, relayed by node 1 to the room's owner, closes; the
    owner counts her gone and a stand-in bot plays her seat; she comes back through node 2
    and is told what was played for her (`while_away`)."""
    _, (host, bea, cal), _ = await spread_table(nodes, "timos-twist", 3)
    await host.send({"type": "lobby", "op": "set_policy", "policy": "bot", "after_s": 5})
    await start(host)
    await bea.close()
    # Patient players: at Bea's turn the table waits for her stand-in (5 s gone, then its
    # move), which on a loaded machine took longer than a player's default 15 s of silence.
    playing = [asyncio.create_task(player.play(timeout=PATIENCE_S)) for player in (host, cal)]
    # Ten moves of the other two: the turn came round to Bea's seat on the way (it would take
    # five Skips in a row to pass it by every time).
    while acked([host, cal]) < 10 and not all(task.done() for task in playing):
        for task in playing:
            if task.done():
                task.result()  # a player that failed fails the test here, saying why
        await asyncio.sleep(0.05)
    bea.ws_base = nodes[2].ws_base
    await bea.connect()
    told = await bea.until("while_away", PATIENCE_S)
    assert told["seat"] == 1 and told["moves"] >= 1 and told["events"]
    for task in playing:
        task.cancel()
    await asyncio.gather(*playing, return_exceptions=True)
    for player in (host, bea, cal):
        await player.close()


async def test_a_redis_restart_loses_no_room_and_no_action(
        services: Services, nodes: list[ServerProcess]) -> None:
    tables, players, _, playing = await play_tables(nodes, 3)
    await until_acks(players, 30, playing)
    services.redis.stop()  # SIGKILL, no persistence: every lease and subscription is gone
    await asyncio.sleep(0.5)
    services.redis.start()
    before = acked(players)
    await until_acks(players, before + 30, playing)  # the tables play on
    assert await end_and_check(services, tables, playing) >= before + 30


async def test_a_postgresql_restart_answers_store_failed_then_recovers(
        services: Services, nodes: list[ServerProcess]) -> None:
    tables, players, _, playing = await play_tables(nodes, 2)
    await until_acks(players, 20, playing)
    services.postgres.stop("immediate")
    await none_acknowledged_while_down(players, 20)
    services.postgres.start()
    acked_during = acked(players)
    await until_acks(players, acked_during + 20, playing)
    assert await end_and_check(services, tables, playing) >= acked_during + 20


async def test_sigkill_of_an_owner_mid_game_loses_no_acknowledged_action(
        services: Services, nodes: list[ServerProcess]) -> None:
    victim = nodes[0]
    # Every room made on (so owned by) the victim; its players on every node.
    tables, players, bases, playing = await play_tables(nodes, 3, made_on=0)
    await until_acks(players, 40, playing)
    bases.remove(victim.ws_base)  # reconnections go to the survivors from now on
    victim.kill()
    acked_before = acked(players)
    await until_acks(players, acked_before + 30, playing)  # the rooms came back elsewhere
    assert await end_and_check(services, tables, playing) >= acked_before + 30
