"""A WebSocket's writes held to the end of the loop's turn (tictac.server.corking, issue 23),
on uvloop's transports over real loopback sockets. Loopback TCP puts a write in the reader's
queue during the write itself, so whether the reader can read yet says whether the write was
made."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import cast

import uvloop

from tictac.server.corking import HELD_MAX, CorkedTransport, turn_writes


class Held(asyncio.Protocol):
    def __init__(self) -> None:
        self.made: asyncio.Future[CorkedTransport] = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.made.set_result(CorkedTransport(cast(asyncio.Transport, transport),
                                             turn_writes(asyncio.get_running_loop())))


Pair = tuple[CorkedTransport, socket.socket]


@contextlib.asynccontextmanager
async def pair() -> AsyncIterator[Pair]:
    """A corked server-side transport and the client's socket (non-blocking) it writes to."""
    protocol = Held()
    server = await asyncio.get_running_loop().create_server(lambda: protocol, "127.0.0.1", 0)
    client = socket.create_connection(server.sockets[0].getsockname()[:2])
    client.setblocking(False)
    try:
        yield await protocol.made, client
    finally:
        client.close()
        server.close()


def on_uvloop(scenario: Callable[[Pair], Awaitable[None]]) -> None:
    """`scenario` run on uvloop (the server's loop) with a fresh pair."""

    async def run() -> None:
        async with pair() as made:
            await scenario(made)

    uvloop.run(run())


def readable(client: socket.socket) -> bytes:
    try:
        return client.recv(1 << 20)
    except BlockingIOError:
        return b""


async def read_until(client: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        data += await asyncio.get_running_loop().sock_recv(client, 1 << 20)
    return data


async def read_to_end(client: socket.socket) -> bytes:
    """All the client reads until the stream ends (or is reset)."""
    data = b""
    try:
        while chunk := await asyncio.get_running_loop().sock_recv(client, 1 << 20):
            data += chunk
    except ConnectionResetError:
        pass
    return data


def test_the_writes_of_a_turn_are_made_at_its_end_in_order() -> None:
    async def scenario(ends: Pair) -> None:
        transport, client = ends
        transport.write(b"ack;")
        transport.write(b"view;")
        assert readable(client) == b""  # nothing written within the turn
        await asyncio.sleep(0)
        assert await read_until(client, 9) == b"ack;view;"

    on_uvloop(scenario)


def test_every_transport_held_in_a_turn_is_written() -> None:
    async def scenario(ends: Pair) -> None:
        transport, client = ends
        async with pair() as (other, other_client):
            transport.write(b"one")
            other.write(b"two")
            transport.write(b"three")
            await asyncio.sleep(0)
            assert await read_until(client, 8) == b"onethree"
            assert await read_until(other_client, 3) == b"two"

    on_uvloop(scenario)


def test_closing_writes_what_is_held_first() -> None:
    async def scenario(ends: Pair) -> None:
        transport, client = ends
        transport.write(b"bye")
        transport.close()
        assert await read_to_end(client) == b"bye"

    on_uvloop(scenario)


def test_what_is_held_past_the_bound_is_written_within_the_turn() -> None:
    """The bound is the turn's, every socket together: so a client that does not read meets
    the transport's back-pressure as before, and a burst holds little memory."""
    async def scenario(ends: Pair) -> None:
        transport, client = ends
        async with pair() as (other, other_client):
            transport.write(b"x" * 100)
            other.write(b"y" * HELD_MAX)
            assert readable(client) == b"x" * 100  # written now
            first = readable(other_client)
            assert first.startswith(b"y")
            transport.write(b"z")  # held again, for the end of the turn
            assert readable(client) == b""
            await asyncio.sleep(0)
            assert await read_until(client, 1) == b"z"
            assert len(first) + len(await read_until(other_client, HELD_MAX - len(first))) \
                == HELD_MAX

    on_uvloop(scenario)


def test_aborting_drops_what_is_held() -> None:
    async def scenario(ends: Pair) -> None:
        transport, client = ends
        transport.write(b"never")
        transport.abort()
        assert await read_to_end(client) == b""

    on_uvloop(scenario)
