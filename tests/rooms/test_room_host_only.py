"""Every lobby and host control is the host's alone (docs/protocol.md, "Lobby ops"): a
non-host's try is refused with `not_host` before anything else is looked at, whatever the
room's status, so no control can slip through by being asked at the wrong moment."""

from __future__ import annotations

import pytest
from roomtable import Table, refused

from tictac.rooms import lobby

# The only ops a non-host may run: renaming themselves, a spectator's taking a free seat, and
# setting their own accommodations.
ANYONE_MAY = {"rename", "sit", "set_prefs"}


@pytest.mark.parametrize("name", sorted(set(lobby.OPS) - ANYONE_MAY))
async def test_a_non_host_is_refused_every_host_control_in_the_lobby(
        table: Table, name: str) -> None:
    room, _, _ = await table.room("time-bomb")
    bea, _ = await table.join(room, "Bea")
    before = room.seating.host, room.status, len(room.log)
    await refused("not_host", table.op(room, bea, name))
    assert (room.seating.host, room.status, len(room.log)) == before


@pytest.mark.parametrize("name", ["pause", "resume", "skip", "replace", "kick", "transfer_host"])
async def test_a_non_host_is_refused_the_controls_of_a_game_in_play(
        table: Table, name: str) -> None:
    room, host, _ = await table.room("time-bomb", bots=2, options={"first_holder": 0})
    bea, _ = await table.join(room, "Bea")
    await table.op(room, host, "start")
    logged = len(room.log)
    await refused("not_host", table.op(room, bea, name, seat=0))
    assert room.status == "playing" and not room.paused and len(room.log) == logged
    assert room.seating.host == room.seating.seated()[0].pid


def test_each_op_is_held_by_one_module() -> None:
    """The lobby gathers the ops of the modules that hold them by concern: a name two of them
    registered would leave one op out of reach."""
    held = [name for ops in lobby.GATHERED for name in ops]
    assert sorted(held) == sorted(lobby.OPS)
