"""The lobby ops by name, gathered from the modules that hold them by concern (see ops.py)."""

from __future__ import annotations

from typing import Any

from tictac.rooms import (
    deck_ops,
    game_ops,
    house_ops,
    kick_ops,
    play_ops,
    seat_ops,
    streamer_ops,
)
from tictac.rooms.conn import Conn
from tictac.rooms.ops import Op
from tictac.rooms.room import Room

GATHERED = (seat_ops.OPS, kick_ops.OPS, game_ops.OPS, play_ops.OPS, house_ops.OPS,
            streamer_ops.OPS, deck_ops.OPS)
OPS: dict[str, Op] = {name: op for ops in GATHERED for name, op in ops.items()}


async def run_op(room: Room, conn: Conn, name: str, fields: dict[str, Any]) -> None:
    await OPS[name](room, room.seating.places[room.conns[conn]], fields)
