"""Messages between nodes over Redis pub/sub: each node listens on one channel of its own,
`tictac:node:<node>`, and sends to another node's channel.

A message is text: its kind, then its fields, then its body, separated by tabs (the body last,
so it may hold anything: a client's frame, a view). Every message leaves through one task in
the order it was sent, a batch per round trip, so a connection's frames arrive in order.

Pub/sub keeps nothing: a message to a node that is not listening is lost, and PUBLISH says
so (nobody received it); the sender's `unheard` callback then runs. When the subscription
breaks (Redis restarted, the network), `on_lost` runs once and the node listens again as soon as
Redis answers: whatever was on the way may be lost, so relayed connections start afresh.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from redis.asyncio import Redis
from redis.exceptions import RedisError

from tictac.rooms.mailbox import Mailbox

log = logging.getLogger(__name__)
CHANNEL = "tictac:node:"
RETRY_S = 0.2

Unheard = Callable[[], None] | None
Outgoing = tuple[str, str, Unheard]


def pack(kind: str, *fields: str, body: str = "") -> str:
    return "\t".join((kind, *fields, body))


def unpack(text: str, fields: int) -> list[str]:
    """The kind, `fields` fields and the body of a message."""
    return text.split("\t", fields + 1)


class Bus:
    def __init__(self, redis: Redis, node: str, receive: Callable[[str], None],
                 on_lost: Callable[[], None]) -> None:
        self.redis = redis
        self.node = node
        self.receive = receive
        self.on_lost = on_lost
        self.listening = asyncio.Event()
        self._out: Mailbox[Outgoing] = Mailbox()
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._listen(), name="bus-listen"),
                       asyncio.create_task(self._send_forever(), name="bus-send")]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def send(self, node: str, text: str, unheard: Unheard = None) -> None:
        self._out.put((CHANNEL + node, text, unheard))

    async def listeners(self, node: str) -> int:
        """How many connections listen on `node`'s channel: 0 once it died."""
        found = await self.redis.pubsub_numsub(CHANNEL + node)
        return int(found[0][1])

    async def _send_forever(self) -> None:
        while True:
            batch = [await self._out.get(), *self._out.take_all()]
            try:
                pipe = self.redis.pipeline(transaction=False)
                for channel, text, _ in batch:
                    pipe.publish(channel, text)
                heard = await pipe.execute()
            except RedisError as failure:
                log.warning("bus: %d messages not sent (%s)", len(batch), failure)
                heard = [0] * len(batch)
            for (_, _, unheard), count in zip(batch, heard, strict=True):
                if not count and unheard is not None:
                    unheard()

    async def _listen(self) -> None:
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL + self.node)
                self.listening.set()
                while True:
                    message = await pubsub.get_message(timeout=None)
                    if message is not None:
                        self.receive(message["data"])
            except (RedisError, OSError) as failure:
                log.warning("bus: listening on %s broke (%s)", self.node, failure)
            finally:
                was_listening = self.listening.is_set()
                self.listening.clear()
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            if was_listening:
                self.on_lost()
            await asyncio.sleep(RETRY_S)
