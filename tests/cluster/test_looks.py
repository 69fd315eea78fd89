"""When a node closes a socket it relays to a room's owner that stops acting (node.py
`_look_as_it_stops`): as the owner's key says it stops, not at the node's next tick. The node
is served in this test's event loop, its ticks run by the test; the owner is a name on a
channel, with an alive key that is never renewed (an owner cut off from Redis)."""

from __future__ import annotations

import secrets

import pytest
from redis.asyncio import Redis
from test_handing import joined, until

from cluster import Services
from conftest import LEASE_MS
from tictac.cluster.bus import CHANNEL
from tictac.cluster.leases import ALIVE, OWNER, NodeState
from tictac.rooms.room import CLOSE_MOVED

pytestmark = pytest.mark.timeout(300)


class Socket:
    """A client's socket as the relaying node holds it: what it was sent, how it was closed."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closes: list[int] = []

    def send(self, text: str, *more: str) -> None:
        self.sent += [text, *more]

    def close(self, code: int) -> None:
        self.closes.append(code)


async def test_a_socket_relayed_to_an_owner_that_stops_beating_is_closed_as_it_stops(
        services: Services) -> None:
    """The owner beat just before the relaying node's tick and never again: that tick finds it
    acting for longer than a third of a lease. Before, only a tick that found it stopping
    before the next tick timed a look, so the socket stayed open until a later tick (1.5 to
    2 s after the owner stopped, on a loaded machine whose ticks came late); here no other
    tick runs."""
    async with joined(services) as app, Redis.from_url(services.redis.url) as redis, \
            redis.pubsub() as owners_channel:
        node = app.state.node
        assert node._ticker is not None
        node._ticker.cancel()  # (its ticks are the test's)
        owner, code = f"cut-off.{secrets.token_hex(3)}", f"LOOK{secrets.token_hex(2)}".upper()
        await owners_channel.subscribe(CHANNEL + owner)  # it listens, deaf or not
        await redis.set(ALIVE + owner, NodeState().said(), px=LEASE_MS)  # its last beat
        await redis.set(OWNER + code, owner)
        client = Socket()
        node.relay(owner, code, client, "token")
        await node._tick()
        assert client.closes == []  # (acting yet)

        async def closed() -> bool:
            return client.closes == [CLOSE_MOVED]
        await until(closed, "the relayed socket was never closed")  # before: no tick, no close
        await redis.delete(OWNER + code)
