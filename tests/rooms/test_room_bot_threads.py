"""Bots think on a worker thread (a search bot may take 200 ms a move): never on the event loop
that every room of the server shares, and the room's state stays put while they think."""

from __future__ import annotations

import threading
from typing import Any

from roomtable import Table

from tictac.bots import Bot


class Watched:
    """A room's own bot, with a note of the thread each decision was made on."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.threads: list[threading.Thread] = []

    def act(self, view: dict[str, Any], legal: list[dict[str, Any]], must: bool) -> Any:
        self.threads.append(threading.current_thread())
        return self.bot.act(view, legal, must)


async def test_bots_decide_off_the_event_loop_thread(table: Table) -> None:
    room, host, _ = await table.room("timos-twist", bots=1)
    await table.op(room, host, "set_timer", turn_s=5)  # the host's turns: the automatic move
    await table.op(room, host, "start")
    watched = room.bots[1] = Watched(room.bots[1])
    loop_thread = threading.current_thread()
    await table.run(room, lambda: len(watched.threads) >= 3, step_ms=1000)
    assert watched.threads and all(thread is not loop_thread for thread in watched.threads)
