"""A room given up from outside its own task, as a cluster node gives its rooms up at once when
its lease was not renewed or its database is lost (cluster/node.py): a job already on its way to
the room's inbox is refused, never run on the copy given up."""

from __future__ import annotations

import asyncio

import pytest
from roomtable import FakeConn, Table

from tictac.rooms.errors import RoomError
from tictac.rooms.room import CLOSE_MOVED


async def test_a_connect_on_its_way_when_the_room_is_given_up_is_refused(table: Table) -> None:
    """Issue 47: the connect was run on the copy given up, whose connections had all been
    closed already; the client got its view, then nothing, on a socket left open for good."""
    room, host, token = await table.room("time-bomb")
    again = FakeConn()  # the host's second socket, coming in
    connecting = asyncio.create_task(room.call(room.connect, again, token))
    await asyncio.sleep(0)  # its job is in the inbox, whose task has not taken it yet
    room.abandon("this server's lease was not renewed")
    with pytest.raises(RoomError):
        await connecting
    assert again not in room.conns
    assert again.sent == []
    assert host.closed == CLOSE_MOVED


async def test_a_room_given_up_while_it_waits_for_a_job_ends_its_task(table: Table) -> None:
    """Its task used to wait for a job for good, keeping the room until asyncio destroyed it
    ("Task was destroyed but it is pending!" in a chaos run's log, once for every room given
    up at a Redis restart)."""
    room, _, _ = await table.room("time-bomb")
    [task] = [task for task in asyncio.all_tasks() if task.get_name() == room.inbox.name]
    room.abandon("this server's lease was not renewed")
    await task  # (the suite's timeout fails a task that waits for good)
