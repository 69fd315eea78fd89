"""The cluster under failures, with games being played: Redis restarted (every lease and
subscription lost), PostgreSQL restarted, and a room's owner killed with SIGKILL. Every
acknowledged action is in the log afterwards and every game goes on to its end.

The tests share three nodes; the one that kills a node comes last."""

from __future__ import annotations

import asyncio
import time

import pytest
from conftest import Services
from scripted import Player, start
from serverproc import ServerProcess

from cluster import check_acks, play_on, replay_steps, spread_table

pytestmark = pytest.mark.timeout(90)

LONG = {"target_score": 150, "timo_grace_ms": 0}  # games that last past the failure


def acked(players: list[Player]) -> int:
    return sum(len(player.acks) for player in players)


async def until_acks(players: list[Player], count: int, playing: list[asyncio.Task[bool]]) -> None:
    while acked(players) < count:
        assert not all(task.done() for task in playing), "the games ended too early"
        await asyncio.sleep(0.02)


Playing = tuple[list[tuple[str, list[Player]]], list[Player], list[str], list[asyncio.Task[bool]]]


async def play_tables(nodes: list[ServerProcess], count: int, made_on: int | None = None,
                      ) -> Playing:
    """`count` long Timo's Twist tables made on the nodes in turn (or all on `made_on`), being
    played through every node: the tables, their players, the nodes' WebSocket addresses the
    players reconnect to, and the players' tasks."""
    tables = []
    for index in range(count):
        code, seated, _ = await spread_table(
            nodes, "timos-twist", 3, made_on=index % len(nodes) if made_on is None else made_on,
            options=LONG)
        await start(seated[0])
        tables.append((code, seated))
    players = [player for _, seated in tables for player in seated]
    bases = [node.ws_base for node in nodes]
    return tables, players, bases, [asyncio.create_task(play_on(player, bases))
                                    for player in players]


async def finish_and_check(nodes: list[ServerProcess], tables: list[tuple[str, list[Player]]],
                           playing: list[asyncio.Task[bool]]) -> int:
    assert all(await asyncio.gather(*playing))
    checked = 0
    for code, seated in tables:
        steps = await replay_steps(nodes[-1], code, seated[0].token)
        assert steps[-1]["view"]["over"] is True
        checked += check_acks(seated, steps)
        for player in seated:
            await player.close()
    return checked


async def test_a_redis_restart_loses_no_room_and_no_action(
        services: Services, nodes: list[ServerProcess]) -> None:
    tables, players, _, playing = await play_tables(nodes, 3)
    await until_acks(players, 30, playing)
    services.redis.stop()  # SIGKILL, no persistence: every lease and subscription is gone
    await asyncio.sleep(0.5)
    services.redis.start()
    before = acked(players)
    await until_acks(players, before + 30, playing)  # the tables play on
    assert await finish_and_check(nodes, tables, playing) >= before + 30


async def test_a_postgresql_restart_answers_store_failed_then_recovers(
        services: Services, nodes: list[ServerProcess]) -> None:
    tables, players, _, playing = await play_tables(nodes, 2)
    await until_acks(players, 20, playing)
    services.postgres.stop("immediate")
    deadline = time.monotonic() + 20
    while not any(error["code"] == "store_failed" for player in players
                  for error in player.errors):
        assert time.monotonic() < deadline, "no store_failed while the database was down"
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)  # acks of actions committed before the stop have arrived by now
    acked_during = acked(players)
    await asyncio.sleep(1)
    assert acked(players) == acked_during, "an action was acknowledged while the database was down"
    services.postgres.start()
    await until_acks(players, acked_during + 20, playing)
    assert await finish_and_check(nodes, tables, playing) >= acked_during + 20


async def test_sigkill_of_an_owner_mid_game_loses_no_acknowledged_action(
        nodes: list[ServerProcess]) -> None:
    victim, survivors = nodes[0], nodes[1:]
    # Every room made on (so owned by) the victim; its players on every node.
    tables, players, bases, playing = await play_tables(nodes, 3, made_on=0)
    await until_acks(players, 40, playing)
    bases.remove(victim.ws_base)  # reconnections go to the survivors from now on
    victim.kill()
    acked_before = acked(players)
    await until_acks(players, acked_before + 30, playing)  # the rooms came back elsewhere
    assert await finish_and_check(survivors, tables, playing) >= acked_before + 30
