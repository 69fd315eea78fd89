"""`tictac serve --seed`: every game of the server comes from the seed, so two servers started
with the same seed deal the same first game (what makes browser tests repeatable), and a
server without one deals from the operating system."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scripted import open_table, start
from serverproc import ServerProcess


async def first_hands(tmp_path: Path, name: str, *seed: str) -> list[Any]:
    """The hand each of three seats is dealt in the first game of a fresh server."""
    server = ServerProcess(tmp_path / f"{name}.sqlite3", *seed).start()
    try:
        _, seated, _ = await open_table(server.base, server.ws_base, "timos-twist", 3)
        await start(seated[0])
        hands = [(await player.until("view"))["view"]["hand"] for player in seated]
        for player in seated:
            await player.close()
        return hands
    finally:
        server.stop()


async def test_the_same_seed_deals_the_same_game(tmp_path: Path) -> None:
    first = await first_hands(tmp_path, "first", "--seed", "table")
    assert first == await first_hands(tmp_path, "again", "--seed", "table")
    assert first != await first_hands(tmp_path, "other", "--seed", "another table")
    assert first != await first_hands(tmp_path, "system")
