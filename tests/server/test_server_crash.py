"""The crash test: a real server killed with SIGKILL in the middle of games, restarted on the
same database: every acknowledged action is in the log, and every game goes on to its end."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import httpx
import pytest
from scripted import Player, open_table, start
from serverproc import ServerProcess

pytestmark = pytest.mark.timeout(90)

TABLES = 8
ACKS_BEFORE_KILL = 300
OPTIONS = {"target_score": 150, "timo_grace_ms": 0}


async def test_sigkill_mid_game_loses_no_acknowledged_action(tmp_path: Path) -> None:
    first = ServerProcess(tmp_path / "crash.sqlite3").start()
    tables = [await open_table(first.base, first.ws_base, "timos-twist", 3, options=OPTIONS)
              for _ in range(TABLES)]
    everyone = [player for _, seated, _ in tables for player in seated]
    for _, seated, _ in tables:
        await start(seated[0])
    playing = [asyncio.create_task(player.play()) for player in everyone]
    while sum(len(player.acks) for player in everyone) < ACKS_BEFORE_KILL:
        assert not all(task.done() for task in playing), "every game ended before the kill"
        await asyncio.sleep(0.01)
    first.kill()  # SIGKILL: no shutdown, no flush, nothing
    for task in playing:
        with contextlib.suppress(Exception):
            await task
    acked_before = {id(player): list(player.acks) for player in everyone}
    finished_before = sum(1 for task in playing if not task.exception() and task.result())

    second = ServerProcess(first.db)
    second.start()
    try:
        resumed = []
        for player in everyone:
            again = Player(second.ws_base, player.code, player.token, player.seat,
                           player.game, bot=player.bot, sent=player.sent,
                           next_id=player.next_id, acks=player.acks)
            resumed.append(await again.connect())
        assert all(await asyncio.gather(*(player.play() for player in resumed)))
        checked = 0
        async with httpx.AsyncClient(base_url=second.base) as http:
            for code, seated, _ in tables:
                steps = (await http.get(f"/api/rooms/{code}/replay",
                                        headers={"Authorization": f"Bearer {seated[0].token}"},
                                        )).json()["steps"]
                assert steps[-1]["view"]["over"]
                for player in everyone:
                    if player.code != code:
                        continue
                    for version, seat, action in acked_before[id(player)]:
                        assert (steps[version]["seat"], steps[version]["action"]) == (seat, action)
                        checked += 1
        assert checked >= ACKS_BEFORE_KILL
        print(f"\ncrash test: {checked} acknowledged actions checked after SIGKILL "
              f"({TABLES} tables, {finished_before} players had seen their game end before)")
        for player in resumed:
            await player.close()
    finally:
        second.stop()
