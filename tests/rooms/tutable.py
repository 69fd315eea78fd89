"""Time's Up rooms played by people (a room seats no bot there): four players, each on a
recording connection, and the steps that take their game to each phase."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from roomtable import FakeConn, Table

from tictac.engine import Action
from tictac.games.times_up.phases import DEAL, RUNNING, WAITING, WRITE
from tictac.rooms import Room

QUICK = {"deck_size": 10, "turn_seconds": 10}
WRITTEN = {"pack": "players", "names_per_player": 2, "turn_seconds": 10}
NAMES = ["Ada Lovelace", "Marie Curie", "Alan Turing", "Rosa Parks", "Nelson Mandela",
         "Frida Kahlo", "Pablo Picasso", "Edith Piaf", "Jules Verne", "Coco Chanel",
         "Louis Pasteur", "Simone Veil"]


@dataclass
class People:
    room: Room
    conns: list[FakeConn]  # by seat; seat 0 is the host
    tokens: list[str]

    @property
    def state(self) -> Any:
        return self.room.state

    async def act(self, seat: int, action: Action) -> None:
        await self.room.call(self.room.act, self.conns[seat], action, None)

    async def leave(self, seat: int) -> None:
        await self.room.call(self.room.disconnect, self.conns[seat])

    async def come_back(self, seat: int) -> None:
        self.conns[seat] = FakeConn()
        await self.room.call(self.room.connect, self.conns[seat], self.tokens[seat])

    async def write(self, seat: int) -> None:
        per = self.state.settings.names_per_player
        await self.act(seat, {"type": "write", "names": NAMES[seat * per:(seat + 1) * per]})

    async def discard_all(self) -> None:
        for seat in range(self.state.players):
            await self.act(seat, {"type": "discard", "cards": self.state.dealt[seat][:2]})

    async def to_waiting(self) -> None:
        """Everyone writes or discards: the first turn waits to start."""
        if self.state.phase == WRITE:
            for seat in range(self.state.players):
                await self.write(seat)
        if self.state.phase == DEAL:
            await self.discard_all()
        assert self.state.phase == WAITING

    async def to_running(self) -> None:
        await self.to_waiting()
        await self.act(self.state.cluegiver(), {"type": "start"})
        assert self.state.phase == RUNNING


async def seat_people(table: Table, options: dict[str, Any] | None = None, *,
                      players: int = 4, policy: str = "bot", after_s: int = 5,
                      game: str = "times-up") -> People:
    """A started game (of Time's Up unless told) with `players` people, gone after `after_s`
    away."""
    room, host, token = await table.room(game, options=options)
    conns, tokens = [host], [token]
    for index in range(1, players):
        conn, joined = await table.join(room, f"Player {index}")
        conns.append(conn)
        tokens.append(joined)
    await table.op(room, host, "set_policy", policy=policy, after_s=after_s)
    await table.op(room, host, "start")
    return People(room, conns, tokens)
