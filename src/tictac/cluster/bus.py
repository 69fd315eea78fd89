"""Messages between nodes over Redis pub/sub: each node listens on one channel of its own,
`tictac:node:<node>`, and sends to another node's channel.

A message is text: its kind, then its fields, then its body, separated by tabs (the body last,
so it may hold anything: a client's frame, a view). Every message leaves through one task in
the order it was sent, a batch per round trip, so a connection's frames arrive in order.

Pub/sub keeps nothing: a message to a node that is not listening is lost, and PUBLISH says
so (nobody received it); the sender's `unheard` callback then runs.

The subscription is supervised, and only a message heard proves it works: a subscription can
break loudly (Redis restarted: the connection ends), end without a word (an error nobody
expected) or stay open at Redis and hear nothing. So every `probe_s` the node publishes a
probe on its own channel; the node *hears* while its last probe came back within `echo_s`.
A probe not heard, or the subscription ending, makes it *deaf*: `on_hearing(False)` runs (a
deaf node neither beats nor relays: node.py), the subscription is dropped and made again,
with a growing pause between attempts (RETRY_S doubling to RETRY_MAX_S), and `on_hearing(True)`
runs once a probe is heard again. Whatever was on the way meanwhile may be lost, so relayed
connections start afresh.
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
PROBE = "probe\t"  # a probe's text: this, then its number
RETRY_S = 0.1
RETRY_MAX_S = 1.0
# What a command to Redis raises when Redis cannot be reached. Besides redis-py's errors: on
# uvloop (the server's loop), a command written on a pooled connection whose transport closed
# under it (Redis went away) raises RuntimeError; the bus's sender ended on one, and its node,
# hearing all along, sent nothing again: its relayed clients waited for views for good.
REDIS_FAILED = (RedisError, OSError, RuntimeError)

Unheard = Callable[[], None] | None
Outgoing = tuple[str, str, Unheard]


def pack(kind: str, *fields: str, body: str = "") -> str:
    return "\t".join((kind, *fields, body))


def unpack(text: str, fields: int) -> list[str]:
    """The kind, `fields` fields and the body of a message."""
    return text.split("\t", fields + 1)


class Bus:
    def __init__(self, redis: Redis, node: str, receive: Callable[[str], None],
                 on_hearing: Callable[[bool], None], probe_s: float, echo_s: float) -> None:
        self.redis = redis
        self.node = node
        self.receive = receive
        self.on_hearing = on_hearing
        self.probe_s = probe_s
        self.echo_s = echo_s
        self.hearing = asyncio.Event()
        self._out: Mailbox[Outgoing] = Mailbox()
        self._tasks: list[asyncio.Task[None]] = []
        self._probes = 0
        self._echo: tuple[str, asyncio.Future[None]] | None = None  # the probe awaited
        self._stopping = False

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._supervise(), name="bus-supervise"),
                       asyncio.create_task(self._send_forever(), name="bus-send")]

    async def stop(self) -> None:
        """Ends the tasks. A cancellation alone may not: Python 3.11's `wait_for` (a probe's)
        returns the result of what completed as it was cancelled, and the supervision would
        go on probing for ever, holding the node's stop (`_stopping` ends its loops)."""
        self._stopping = True
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks)

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
            except REDIS_FAILED as failure:
                log.warning("bus: %d messages not sent (%s)", len(batch), failure)
                heard = [0] * len(batch)
            for (_, _, unheard), count in zip(batch, heard, strict=True):
                if not count and unheard is not None:
                    unheard()

    # -- the subscription, watched ---------------------------------------------------------

    async def _supervise(self) -> None:
        retry = RETRY_S
        while not self._stopping:
            subscribed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            listener = asyncio.create_task(self._listen(subscribed), name="bus-listen")
            try:
                await asyncio.wait([subscribed, listener], timeout=self.echo_s,
                                   return_when=asyncio.FIRST_COMPLETED)
                while not self._stopping and subscribed.done() and await self._echoed(listener):
                    retry = RETRY_S
                    self._now_hearing(True)
                    await asyncio.wait([listener], timeout=self.probe_s)  # wakes if it ends
            finally:
                listener.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await listener
            self._now_hearing(False)
            await asyncio.sleep(retry)
            retry = min(2 * retry, RETRY_MAX_S)

    async def _echoed(self, listener: asyncio.Task[None]) -> bool:
        """Whether a probe published on this node's channel is heard within `echo_s`."""
        if listener.done():
            return False
        self._probes += 1
        text = f"{PROBE}{self._probes}"
        echo: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._echo = text, echo
        try:
            await asyncio.wait_for(self.redis.publish(CHANNEL + self.node, text), self.echo_s)
            await asyncio.wait([echo, listener], timeout=self.echo_s,
                               return_when=asyncio.FIRST_COMPLETED)
            if not echo.done() and not listener.done():
                log.warning("bus: %s did not hear its own probe in %g s; subscribing again",
                            self.node, self.echo_s)
        except REDIS_FAILED as failure:
            log.warning("bus: a probe of %s could not be sent (%s)", self.node, failure)
        finally:
            self._echo = None
        return echo.done()

    async def _listen(self, subscribed: asyncio.Future[None]) -> None:
        pubsub = self.redis.pubsub()
        try:
            await pubsub.subscribe(CHANNEL + self.node)
            while True:
                message = await pubsub.get_message(timeout=None)
                if message is None:
                    continue
                if message["type"] == "subscribe":  # Redis has it: probes can come back
                    if not subscribed.done():
                        subscribed.set_result(None)
                elif message["type"] == "message":
                    self._heard(message["data"])
        except Exception as failure:  # whatever ends it, the supervisor subscribes again
            log.warning("bus: listening on %s broke (%s: %s)", self.node,
                        type(failure).__name__, failure)
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call]

    def _heard(self, text: str) -> None:
        if not text.startswith(PROBE):
            self.receive(text)
        elif self._echo is not None and self._echo[0] == text and not self._echo[1].done():
            self._echo[1].set_result(None)

    def _now_hearing(self, hearing: bool) -> None:
        if hearing == self.hearing.is_set():
            return
        if hearing:
            self.hearing.set()
            log.info("bus: %s hears its channel", self.node)
        else:
            self.hearing.clear()
            log.warning("bus: %s cannot hear its channel; it serves no new room until it "
                        "hears again", self.node)
        try:
            self.on_hearing(hearing)
        except Exception:  # a bug there must not end the supervision: deaf for good, silently
            log.exception("bus: what %s does on hearing=%s failed", self.node, hearing)
