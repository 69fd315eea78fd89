"""The database file deleted or replaced under a running server: the server notices, says so
(log, /healthz) and acknowledges nothing more, instead of "keeping" actions in a file that is
gone."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from scripted import Player, open_table, start
from serverproc import ServerProcess

pytestmark = pytest.mark.timeout(90)


def delete(db: Path) -> None:
    for path in db.parent.glob(db.name + "*"):  # the file, its -wal and -shm
        path.unlink()


def replace(db: Path) -> None:
    """Another database put at the path, as a restore from a backup would."""
    copy = db.with_name("copy.sqlite3")
    shutil.copy(db, copy)
    copy.replace(db)


async def move(players: list[Player]) -> dict[str, Any]:
    """One move by the seat to act, made on fresh connections (no stale view): its answer."""
    for player in players:
        fresh = await Player(player.ws_base, player.code, player.token, player.seat,
                             player.game).connect()
        try:
            view = (await fresh.until("view"))["view"]
            if player.seat in view["to_act"] and view["legal"]:
                msg_id = await fresh.act(view["legal"][0])
                while True:
                    answer = await fresh.recv()
                    if answer["type"] in ("ack", "error") and answer.get("id") == msg_id:
                        return answer
        finally:
            await fresh.close()
    raise AssertionError("nobody is to act")


@pytest.mark.parametrize("lose", [delete, replace], ids=["deleted", "replaced"])
async def test_a_lost_database_file_fails_health_and_every_write(
        tmp_path: Path, lose: Callable[[Path], None]) -> None:
    output = tmp_path / "server.log"
    server = ServerProcess(tmp_path / "lost.sqlite3", output=output).start()
    try:
        _, players, _ = await open_table(server.base, server.ws_base, "timos-twist", 2,
                                        options={"target_score": 500, "timo_grace_ms": 0})
        await start(players[0])
        assert [(await move(players))["type"] for _ in range(3)] == ["ack"] * 3

        lose(server.db)
        async with httpx.AsyncClient(base_url=server.base) as http:
            health = await http.get("/healthz")
            assert (health.status_code, health.json()["ok"]) == (503, False)
            made = await http.post("/api/rooms", json={"game": "time-bomb", "name": "Ann"})
            assert (made.status_code, made.json()["code"]) == (503, "store_failed")
        for _ in range(2):  # refused and rolled back: the same move is refused again
            answer = await move(players)
            assert (answer["type"], answer["code"]) == ("error", "store_failed")
    finally:
        server.stop()
    assert f"ERROR tictac.store.file the database file {server.db}" in output.read_text()
