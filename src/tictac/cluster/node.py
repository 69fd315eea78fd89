"""This server as one node of a cluster: the seam between the rooms and Redis.

Any node accepts any client. A room lives on exactly one node, its owner (`leases.py`); a node
that is asked for a room it does not own either takes it (nobody live owns it: the room is
restored from the database, as at a restart) or relays (`relay.py`): it keeps the client's
WebSocket and passes frames both ways over the bus (`bus.py`); HTTP calls on a room (its
summary, a join, a replay) are asked of the owner and answered back the same way.

A node that cannot hear its channel (bus.py) cannot be reached by the others: it stops beating,
so its rooms may be taken over once its lease runs out; it takes and makes no room and relays
nothing (those are refused with `room_unavailable` at once, never left waiting); and once it
has been deaf for a whole lease while Redis answers, it leaves the cluster until it hears.
A node whose lease has lapsed is treated the same (`serving`), until a beat is acknowledged.

A node whose lease is not renewed within nine tenths of it (Redis cut off or down, the node
deaf, or its event loop stuck for `beats.STUCK_S`; the lease is renewed from a thread, so a
loop that merely stalls keeps it) gives its rooms up before the lease can run out
(`_lapsed`): their clients are closed with 1012 and reconnect, to a node that can serve
them; so two copies of a room never act at once, even while Redis answers nobody. Until a
beat is acknowledged again it serves no room (`serving`): it takes none back at its clients'
next connection, and they are refused at once rather than left waiting on a Redis it may not
reach, and find the room on a node that can. A node
that cannot reach the database takes no room, and gives its rooms up to a node that reaches
it (`_without_store`).

Rooms move between live nodes only between two moves (`_hand_on`): the room's owner key is set
to the node chosen as it is handed, then its clients are closed with 1012 and reconnect at
once; that node, told so over the bus, takes it from the database (the rooms handed to it one
at a time, in the order told: `_restore_handed`), or at its first client, if sooner. A
stopping node hands every room so (`drain`), and a node with more than its fair share hands
the surplus (`_spread`), each to the node with the fewest rooms that takes rooms at that
moment, as their beats say (`NodeState`, beaten as soon as a node's count changes).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import secrets
import socket
import time
from collections import deque
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import orjson
from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError

from tictac.cluster.beats import ACTING_SHARE, Beats
from tictac.cluster.bus import REDIS_FAILED, Bus, pack, unpack
from tictac.cluster.leases import Leases, NodeState
from tictac.cluster.locks import PerKey
from tictac.cluster.relay import Link, RemoteConn, Session
from tictac.engine import IllegalAction
from tictac.rooms import Room, RoomManager
from tictac.rooms.codes import new_code, normalize
from tictac.rooms.errors import NO_ROOM, ROOM_UNAVAILABLE, STORE_FAILED, RoomError
from tictac.rooms.joins import Joined
from tictac.rooms.room import CLOSE_MOVED
from tictac.store import StoreError

log = logging.getLogger(__name__)

# A room's operation run where the room lives: (room, arguments) -> the JSON answer.
Call = Callable[..., Awaitable[Any]]
# An operation asked of every node (the instance admin's rooms list): () -> the JSON answer.
NodeCall = Callable[[], Awaitable[Any]]
# Serves a relayed connection on the owner: (room, conn, token, feed of the client's frames).
ServeRemote = Callable[[Room, RemoteConn, str, Callable[[Callable[[str], None]],
                                                        Awaitable[None]]], Awaitable[None]]
CALL_TIMEOUT_S = 15.0
START_S = 30.0  # how long a starting node may take to hear its own channel
REDIS_CONNECTIONS = 32
TRIES = 3  # a room that moves while it is asked for is looked for again this often
HANDED_ON = "this server is stopping: handed on"
SPREAD = "handed to a server with fewer rooms"
SLACK = 2  # a node spreads rooms only once it has this many more than its fair share
SPREAD_AT_ONCE = 8  # rooms handed on a tick at most (each is a short pause for its table)
HAND_ON_S = 5.0  # a stopping node waits this long for a room's move under way to end
LAST_BEAT_S = 1.0  # a stopping node waits this long for its beats' thread to delete its key
STORE_LOOK_S = 0.1  # how often the node looks whether its store reaches the database


class Moved(Exception):
    """The node asked no longer has the room (or is gone)."""


def node_id() -> str:
    return f"{socket.gethostname()}.{os.getpid()}.{secrets.token_hex(3)}"


class Node:
    def __init__(self, manager: RoomManager, redis_url: str, lease_ms: int) -> None:
        self.id = node_id()
        self.manager = manager
        self.lease_ms = lease_ms
        self.redis = redis_client(redis_url, f"tictac:{self.id}")
        self.leases = Leases(self.redis, self.id, lease_ms)
        self.beats = Beats(redis_url, self.id, lease_ms)
        self._gaps_seen = 0
        self.bus = Bus(self.redis, self.id, self._receive, self._hearing_changed,
                       probe_s=lease_ms / 3000, echo_s=lease_ms / 1000)
        self.on_hearing: Callable[[bool], None] | None = None  # tells the supervisor `serving`
        self._deaf_since: float | None = None
        self._lapse: asyncio.TimerHandle | None = None  # rings when the lease may lapse
        self._loop_beat: asyncio.TimerHandle | None = None  # tells `beats` the loop runs
        self.draining = False  # stopping: it takes no room (`drain`)
        # node -> (loop time, the rooms it has at least): what rooms handed to it make it
        self._handed: dict[str, tuple[float, int]] = {}
        self._arrived: dict[str, float] = {}  # room -> (loop time) when it came to this node
        self._taking: set[str] = set()  # rooms handed here, being taken (`_take`)
        self._to_restore: deque[str] = deque()  # of those, the ones not begun, in order heard
        self._restoring = False  # `_restore_handed` runs
        self._reading_others: asyncio.Future[dict[str, NodeState]] | None = None  # (`_others`)
        self._looks: dict[str, asyncio.TimerHandle] = {}  # node -> a look as it stops acting
        self._surplus = 0  # rooms over its fair share at the last tick
        self._store_lost_at: float | None = None  # (loop time) the store's loss was seen
        self._store_look: asyncio.TimerHandle | None = None  # `_watch_store`'s next look
        self._store_lapse: asyncio.TimerHandle | None = None  # its loss acted on (`_watch_store`)
        self.serve_remote: ServeRemote | None = None  # set by the server
        self.calls: dict[str, Call] = {}  # set by the server
        self.node_calls: dict[str, NodeCall] = {}  # set by the server
        self.links: dict[str, Link] = {}  # relayed connections this node holds the socket of
        self.sessions: dict[str, Session] = {}  # relayed connections to rooms this node owns
        self._replies: dict[str, asyncio.Future[Any]] = {}
        self._ids = itertools.count(1)
        self._locating = PerKey()  # one `locate` of a room at a time
        self._tasks: set[asyncio.Task[Any]] = set()
        self._ticker: asyncio.Task[None] | None = None
        manager.on_forget = self._forget

    # -- life ------------------------------------------------------------------------------

    async def start(self) -> None:
        self.beats.value = NodeState(self.manager.store.healthy(), False).said()  # (deaf yet)
        if not await asyncio.to_thread(self.beats.beat):
            raise RedisError("the node's first beat was not acknowledged")
        self._gaps_seen = self.beats.gaps
        self._watch_lease()
        self._loop_alive()
        self._watch_store()
        self.beats.start()
        self.bus.start()
        await asyncio.wait_for(self.bus.hearing.wait(), START_S)
        self._ticker = asyncio.create_task(self._tick_forever(), name="cluster-tick")
        log.info("node %s joined the cluster", self.id)

    async def drain(self) -> None:
        """The start of a stop, before any connection is closed: this node takes no room from
        now on, and hands each of its rooms on between two moves (`_hand_on`), each to the
        live node with the fewest rooms as it is handed. Its clients reconnect at once; its
        supervisor has closed the port already, so they reach another machine (see
        `cli/serve.py`), and there the room's new owner (relayed to, or handed the socket by
        its supervisor). A room nobody is connected to is released instead (`_hand_all`)."""
        self.draining = True
        self._set_beat_value()  # (beaten at once: the others hand it no room from now on)
        # The clients this node relays to other nodes' rooms reconnect now, not once every
        # room here is handed on: nothing of theirs waits on this node's rooms.
        for link in list(self.links.values()):
            link.conn.close(CLOSE_MOVED)
        rooms = [room for room in self.manager.rooms.values() if not room.closed]
        if not rooms:
            return
        log.info("node %s: stopping; its %d rooms are handed on", self.id, len(rooms))
        await self._hand_all(rooms)

    async def _hand_all(self, rooms: list[Room]) -> None:
        """A stopping node's rooms with clients, each handed on (`_hand_on`) to the live node
        with the fewest rooms at the moment it is handed, or released if there is none; then
        those nobody is connected to (mostly games over, kept until they expire) are released,
        and taken by the first node a client asks. (Handed, each was restored at once by its
        new owner: in a rolling upgrade each worker held 40 to 80 rooms, 20 to 27 of them
        played.) The played rooms first: released side by side with them, the idle ones' calls
        to Redis were ahead of theirs, and a worker of 49 rooms closed its played rooms' clients
        0.3 to 0.75 s into its drain."""
        played = [room for room in rooms if room.conns]
        await asyncio.gather(*(self._hand_on(room, HANDED_ON) for room in played))
        await asyncio.gather(*(self._hand_on(room, HANDED_ON, to_a_node=False)
                               for room in rooms if room not in played))

    async def _takers(self) -> dict[str, int]:
        return self._counted(await self._others())

    def _counted(self, others: dict[str, NodeState]) -> dict[str, int]:
        """The other live nodes that take rooms now, and how many rooms each has: as its last
        beat said (a node beats as soon as its count changes), or, for a lease after this node
        handed it rooms, what it had then plus those, if more: its beats count a handed room
        only once told of it over the bus (`_take`), a moment later."""
        now = asyncio.get_running_loop().time()
        self._handed = {node: (at, rooms) for node, (at, rooms) in self._handed.items()
                        if now - at < self.lease_ms / 1000}
        return {node: max(state.rooms, self._handed.get(node, (now, 0))[1])
                for node, state in others.items() if state.taking and state.reaching_store}

    async def _others(self) -> dict[str, NodeState]:
        """The other live nodes' states (`Leases.others`), one read shared by every room
        handed while it is under way: each read scans Redis's keys, and a drain's rooms each
        reading on their own held the drain's first hand 0.3 s."""
        if self._reading_others is None:
            reading = self._reading_others = asyncio.ensure_future(self.leases.others())
            reading.add_done_callback(self._others_read)
        return await asyncio.shield(self._reading_others)

    def _others_read(self, reading: asyncio.Future[dict[str, NodeState]]) -> None:
        self._reading_others = None
        if not reading.cancelled():
            reading.exception()  # (each waiter has it raised; none left may be waiting)

    async def _next_owner(self) -> str | None:
        """The live node that takes rooms with the fewest now (None: there is none), read as
        a room is handed, not when its hand was decided: a stopping node beats that it takes
        no room, and a room handed seconds into a drain (its inbox busy) once went to the
        machine's other worker, stopping by then, which released it (6.55 s for that room).
        Noted as handed to it (`_takers`) before anything else runs.

        The rooms of the other nodes stopping meanwhile (a machine's workers stop together)
        are counted as spread already: each stopping node sees the same nodes short of rooms,
        and both workers of a stopping machine once handed all their 32 played rooms to the
        one with the fewest, which restored them one after another until 2.28 s after the
        SIGTERM while the other took none. (Their idle rooms count too, though they are
        released, not handed: the split leans to even.)"""
        others = await self._others()
        takers = self._counted(others)
        if not takers:
            return None
        handing = sum(state.rooms for state in others.values()
                      if state.reaching_store and not state.taking)
        [node] = spread(1, with_spread(handing, takers))
        self._handed[node] = (asyncio.get_running_loop().time(), takers[node] + 1)
        return node

    async def _hand_on(self, room: Room, why: str, *, to_a_node: bool = True) -> None:
        """Between two moves (on the room's own inbox: the move under way ends first) the room
        is handed to the node `_next_owner` names then (its owner key now names that node) or,
        with none (or not `to_a_node`), released; then its clients are closed (1012) and
        reconnect: the first that reaches that node, or any node with none, takes the room
        from the database. A room that finds no pause in HAND_ON_S is let go as it is."""
        async def hand_then_close() -> None:
            # (seen at a stop; the room is then let go as it is, released as it closes)
            with contextlib.suppress(*REDIS_FAILED):
                target = await self._next_owner() if to_a_node else None
                if target is None:
                    await self.leases.release(room.code)
                else:
                    await self.leases.hand(room.code, target)
                    self.bus.send(target, pack("take", room.code))
            room.abandon(why)

        try:
            await asyncio.wait_for(room.call(hand_then_close), HAND_ON_S)
        except RoomError:  # (closed meanwhile)
            pass
        except TimeoutError:
            log.warning("room %s: no pause between moves in %g s; let go as it is",
                        room.code, HAND_ON_S)
            await self._release(room.code)
            if not room.closed:
                room.abandon(why)

    async def stop(self) -> None:
        """Lets go of every room at once: another node takes each at its next client. (The
        server's stop bounds it, cluster/stopping.py: what matters most comes first.)"""
        if self._ticker is not None:
            self._ticker.cancel()
        for timer in (self._lapse, self._loop_beat, self._store_look, self._store_lapse,
                      *self._looks.values()):
            if timer is not None:
                timer.cancel()
        await asyncio.to_thread(self.beats.stop, LAST_BEAT_S)  # its rooms are free from then
        codes = list(self.manager.rooms)  # the manager has stopped them
        with contextlib.suppress(*REDIS_FAILED):
            await asyncio.gather(*(self.leases.release(code) for code in codes))
        await self.bus.stop()
        for task in list(self._tasks):
            task.cancel()
        await self.redis.aclose()
        await self.redis.connection_pool.disconnect()

    def _spawn(self, job: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _forget(self, code: str) -> None:
        self._arrived.pop(code, None)
        self._set_beat_value()
        self._spawn(self._release(code))

    def _came(self, room: Room) -> Room:
        """A room made or taken here: when (it is not spread on for a lease), and the others
        told at once how many this node has now. One whose restore began before this node
        began to stop (handed here by a node that stopped at the same moment, as a machine's
        workers do) is handed on too."""
        self._arrived[room.code] = asyncio.get_running_loop().time()
        self._set_beat_value()
        if self.draining:
            self._spawn(self._hand_all([room]))
        return room

    async def _release(self, code: str) -> None:
        with contextlib.suppress(*REDIS_FAILED):
            await self.leases.release(code)

    # -- finding a room ----------------------------------------------------------------------

    async def locate(self, code: str) -> Room | str:
        """The room if this node owns it (taking it if no live node does), else its owner."""
        canonical = normalize(code)
        if canonical is None:
            raise RoomError(NO_ROOM, f"no room {code!r}")
        room = self.manager.rooms.get(canonical)
        if room is not None and not room.closed:
            return room
        self._check_serving()
        try:
            async with self._locating.hold(canonical):
                return await self._locate(canonical)
        except REDIS_FAILED as failure:
            log.warning("room %s: Redis did not answer (%s)", canonical, failure)
            raise RoomError(ROOM_UNAVAILABLE, "the room cannot be reached now; try again") \
                from None

    async def _locate(self, code: str) -> Room | str:
        loop = asyncio.get_running_loop()
        # A dead owner's rooms are free once its lease runs out: wait that long at most. A
        # killed process stops listening at once (the kernel closes its connections), so an
        # owner heard by nobody for a third of a lease is taken for dead sooner. Were it alive
        # but cut off from Redis, its copy is fenced out (see leases.py).
        deadline = loop.time() + self.lease_ms / 1000 + 2
        unheard_since: float | None = None
        while True:
            room = self.manager.rooms.get(code)
            if room is not None and not room.closed:
                return room
            # A node that cannot reach the database takes no room (it could not restore it),
            # nor one that is stopping: it only relays to a live owner, and the client tries
            # another node meanwhile.
            reaching_store = self.manager.store.healthy() and not self.draining
            owner = await self.leases.acquire(code) if reaching_store \
                else await self.leases.owner(code)
            if owner is None or (owner == self.id and not reaching_store):
                if owner == self.id and self.draining:
                    await self._release(code)  # (handed here as this node began to stop)
                raise RoomError(ROOM_UNAVAILABLE, "this server cannot take the room now "
                                                  "(stopping, or without its database); "
                                                  "try again")
            if owner == self.id:
                return await self._adopt(code)
            now = loop.time()
            if await self.bus.listeners(owner):
                if await self._acting_s(owner):
                    return owner
                # It acts no more (it missed its beats): not relayed to, the room is taken once
                # its key has run out (`acquire`, a tenth of a lease at most), or relayed to if
                # it beats meanwhile.
                unheard_since = None
            elif unheard_since is None:
                unheard_since = now
            elif now - unheard_since >= self.lease_ms / 3000 and reaching_store \
                    and await self.leases.take(code, owner) == self.id:
                log.info("room %s: its owner %s listens no more; taken over", code, owner)
                return await self._adopt(code)
            if now > deadline:
                raise RoomError(ROOM_UNAVAILABLE, "the room's server does not answer; try again")
            await asyncio.sleep(0.1)

    async def _adopt(self, code: str) -> Room:
        """The room restored from the store, now owned here: claimed first, so a copy still
        running on a node taken for dead is refused its next record write."""
        try:
            dumps = await self.manager.store.load_rooms(code) \
                if await self.manager.store.claim(code) else []
            if not dumps:
                raise RoomError(NO_ROOM, f"no room {code!r}")
            room = self.manager.adopt(dumps[0])
        except RoomError:
            await self._release(code)
            raise
        except StoreError:  # (the database is away: the store logs that, once)
            await self._release(code)
            raise RoomError(STORE_FAILED, "the room could not be read; try again") from None
        except Exception:
            log.exception("room %s could not be restored", code)
            await self._release(code)
            raise RoomError(STORE_FAILED, "the room could not be read; try again") from None
        log.info("room %s restored here (%d actions replayed)", code, len(room.log))
        return self._came(room)

    async def create(self, game: str, name: str, options: dict[str, object] | None
                     ) -> tuple[Room, Joined]:
        """A new room owned here, under a code no node and no stored room holds."""
        self._check_serving()
        if self.draining:
            raise RoomError(ROOM_UNAVAILABLE, "this server is stopping; try again")
        if not self.manager.store.healthy():  # (the store logged the loss, once)
            raise RoomError(STORE_FAILED, "rooms cannot be made now: the database does not "
                                          "answer; try again")
        code = ""
        try:
            while True:
                code = new_code(self.manager.rooms)
                if await self.leases.acquire(code) != self.id:
                    continue
                if not await self.manager.store.load_rooms(code):
                    break
                await self.leases.release(code)
        except REDIS_FAILED:
            raise RoomError(ROOM_UNAVAILABLE, "rooms cannot be made now; try again") from None
        except StoreError as failure:  # (the database went away: a line, not a traceback)
            log.warning("a room could not be made: %s", failure)
            await self._release(code)
            raise RoomError(STORE_FAILED, "rooms cannot be made now; try again") from None
        except Exception:
            log.exception("the store could not be read")
            await self._release(code)
            raise RoomError(STORE_FAILED, "rooms cannot be made now; try again") from None
        try:
            room, joined = await self.manager.create(game, name, options, code=code)
        except BaseException:
            await self._release(code)
            raise
        return self._came(room), joined

    async def run(self, code: str, op: str, **args: Any) -> Any:
        """`calls[op](room, **args)` where the room lives, and its answer."""
        for _ in range(TRIES):
            where = await self.locate(code)
            if isinstance(where, Room):
                try:
                    return await self.calls[op](where, **args)
                except RoomError:
                    if not where.abandoned:
                        raise
                    continue  # it moved while it was asked: ask its new owner
            try:
                return await self._ask(where, normalize(code) or code, op, args)
            except Moved:
                continue
        raise RoomError(ROOM_UNAVAILABLE, "the room keeps moving; try again")

    def relayed(self, room: Room) -> int:
        """How many of the room's connections this node relays for other nodes' clients."""
        return sum(isinstance(conn, RemoteConn) for conn in room.conns)

    async def everywhere(self, op: str) -> tuple[list[Any], int]:
        """`node_calls[op]()` on every live node of the cluster, this one first: the answers,
        and how many nodes did not answer (gone meanwhile, or silent for CALL_TIMEOUT_S)."""
        asked = [self._request(node, "ask", op) for node in await self.leases.others()]
        answers = await asyncio.gather(self.node_calls[op](), *asked, return_exceptions=True)
        for answer in answers:
            if isinstance(answer, BaseException) and not isinstance(answer, Moved | IllegalAction):
                raise answer
        heard = [answer for answer in answers if not isinstance(answer, BaseException)]
        return heard, len(answers) - len(heard)

    async def _ask(self, owner: str, code: str, op: str, args: dict[str, Any]) -> Any:
        return await self._request(owner, "call", code, op, args=args)

    async def _request(self, node: str, kind: str, *fields: str,
                       args: dict[str, Any] | None = None) -> Any:
        """Sends `node` a request (`kind`, `fields`, then its id and `args`) and waits for its
        reply; `Moved` if nobody heard it, `room_unavailable` if no reply came in time."""
        rid = f"{self.id}#{next(self._ids)}"
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._replies[rid] = future

        def unheard() -> None:
            if not future.done():
                future.set_exception(Moved())

        self.bus.send(node, pack(kind, *fields, rid, body=orjson.dumps(args or {}).decode()),
                      unheard)
        try:
            return await asyncio.wait_for(future, CALL_TIMEOUT_S)
        except TimeoutError:
            raise RoomError(ROOM_UNAVAILABLE, "the room's server did not answer") from None
        finally:
            self._replies.pop(rid, None)

    # -- relaying ----------------------------------------------------------------------------

    def relay(self, owner: str, code: str, conn: Any, token: str) -> Link:
        """The link that carries a client's frames to the room's owner and back."""
        link = Link(self.bus, f"{self.id}#{next(self._ids)}", owner, code, conn)
        self.links[link.cid] = link
        link.open(token)
        return link

    def unlink(self, link: Link) -> None:
        if self.links.pop(link.cid, None) is not None:
            link.shut()

    # -- what other nodes send ---------------------------------------------------------------

    def _receive(self, text: str) -> None:
        kind = text[:text.find("\t")]
        try:
            if kind == "send":
                _, cid, body = unpack(text, 1)
                link = self.links.get(cid)
                if link is not None:
                    link.conn.send(body)
            elif kind == "msg":
                _, cid, body = unpack(text, 1)
                session = self.sessions.get(cid)
                if session is not None:
                    session.frames.put(body)
                else:  # the room left this node: the client reconnects
                    self._unserved(cid)
            elif kind == "live":
                _, cids = unpack(text, 0)
                for cid in cids.split(" "):
                    session = self.sessions.get(cid)
                    if session is None or session.conn.closed:
                        self._unserved(cid)
            elif kind == "close":
                _, cid, body = unpack(text, 1)
                link = self.links.get(cid)
                if link is not None:
                    link.conn.close(int(body))
            elif kind == "open":
                _, code, cid, token = unpack(text, 2)
                self._open(code, cid, token)
            elif kind == "shut":
                _, cid, _ = unpack(text, 1)
                session = self.sessions.get(cid)
                if session is not None:
                    session.leave()
            elif kind == "call":
                _, code, op, rid, body = unpack(text, 3)
                self._spawn(self._answer(code, op, rid, orjson.loads(body)))
            elif kind == "take":
                _, code, _ = unpack(text, 1)
                self._take(code)
            elif kind == "ask":
                _, op, rid, _ = unpack(text, 2)
                self._spawn(self._respond(rid, self.node_calls[op]()))
            elif kind == "reply":
                _, rid, status, body = unpack(text, 2)
                self._reply(rid, status, body)
            else:
                log.warning("bus: unknown message %r", text[:40])
        except Exception:
            log.exception("bus: message %r failed", text[:80])

    def _unserved(self, cid: str) -> None:
        """A relayed connection to a room this node does not serve (any more): its gateway
        closes the socket, and the client reconnects."""
        self.bus.send(gateway_of(cid), pack("close", cid, body=str(CLOSE_MOVED)))

    def _open(self, code: str, cid: str, token: str) -> None:
        conn = RemoteConn(self.bus, cid, gateway_of(cid), self.manager.stats)
        if self.serve_remote is None:
            conn.close(CLOSE_MOVED)
            return
        session = self.sessions[cid] = Session(conn)  # (its frames wait for the room)
        self._spawn(self._serve(code, session, token))

    async def _serve(self, code: str, session: Session, token: str) -> None:
        assert self.serve_remote is not None
        try:
            room = self.manager.rooms.get(code)
            if room is None or room.closed:
                room = await self._handed_here(code)
            if room is None:
                session.conn.close(CLOSE_MOVED)  # its client reconnects, to the owner's node
                return
            await self.serve_remote(room, session.conn, token, session.feed)
        finally:
            self.sessions.pop(session.conn.cid, None)
            session.ended()

    async def _handed_here(self, code: str) -> Room | None:
        """A room handed to this node (its owner key names it) is taken now: as its last
        owner says so (`take`), or at its first client, relayed or not, if that comes first;
        else None. A stopping node lets such a room go instead (it was handed here as it
        began to stop)."""
        if self.draining:
            await self._release(code)
            return None
        try:
            where = await self.locate(code)
        except RoomError:
            return None
        return where if isinstance(where, Room) else None

    def _take(self, code: str) -> None:
        """A room its last owner handed here: counted in this node's beats from now, not once
        it is restored, so that no node counts the cluster a room short meanwhile (and hands
        on more than the balance needs); restored in turn (`_restore_handed`)."""
        self._taking.add(code)
        self._set_beat_value()
        self._to_restore.append(code)
        if not self._restoring:
            self._restoring = True
            self._spawn(self._restore_handed())

    async def _restore_handed(self) -> None:
        """The rooms handed here restored one at a time, in the order their `take`s came,
        the loop free for anything else between two: a stopping machine hands on every room
        at once, and restored all at once (51 in a rolling upgrade, on one loop) the last was
        ready 1.5 s after the SIGTERM, while the clients coming back to the first waited on
        that loop for their handshakes. A room's first client does not wait for its turn
        here: it takes the room itself (`locate`, one at a time per room), and its turn then
        finds it restored. One that fails is logged and left to its first client."""
        try:
            while self._to_restore:
                code = self._to_restore.popleft()
                try:
                    await self._handed_here(code)
                except Exception:  # (the rooms queued after it are restored all the same)
                    log.exception("room %s: handed here, it could not be taken", code)
                finally:
                    self._taking.discard(code)
                    self._set_beat_value()
                await asyncio.sleep(0)
        finally:
            self._restoring = False

    async def _answer(self, code: str, op: str, rid: str, args: dict[str, Any]) -> None:
        room = self.manager.rooms.get(code)
        if room is None or room.closed:
            self.bus.send(gateway_of(rid), pack("reply", rid, "moved", body="null"))
        else:
            await self._respond(rid, self.calls[op](room, **args))

    async def _respond(self, rid: str, answer: Awaitable[Any]) -> None:
        """The reply to request `rid`: `answer`'s value, or the refusal it raised."""
        try:
            status, body = "ok", orjson.dumps(await answer).decode()
        except IllegalAction as refusal:
            status, body = "err", orjson.dumps(refusal.to_json()).decode()
        except StoreError as failure:
            status = "err"
            body = orjson.dumps({"code": STORE_FAILED, "message": str(failure)}).decode()
        self.bus.send(gateway_of(rid), pack("reply", rid, status, body=body))

    def _reply(self, rid: str, status: str, body: str) -> None:
        future = self._replies.get(rid)
        if future is None or future.done():
            return
        value = orjson.loads(body)
        if status == "ok":
            future.set_result(value)
        elif status == "err":
            future.set_exception(IllegalAction(value["code"], value["message"]))
        else:
            future.set_exception(Moved())

    @property
    def hearing(self) -> bool:
        return self.bus.hearing.is_set()

    @property
    def serving(self) -> bool:
        """Whether this node may take, make and relay rooms now: it hears its channel and its
        lease stands (renewed within `ACTING_SHARE` of a lease, `_lapsed`)."""
        return self.hearing and time.monotonic() < self.beats.acting_until

    def _check_serving(self) -> None:
        if not self.serving:
            raise RoomError(ROOM_UNAVAILABLE, "this server cannot reach the others now; "
                                              "try again")

    def _hearing_changed(self, hearing: bool) -> None:
        loop = asyncio.get_running_loop()
        self._set_beat_value()
        if hearing:
            self._deaf_since = None
            self._spawn(self._tick_once())  # takes its rooms back
        else:
            self._deaf_since = loop.time()
            self._lost()
        if self.on_hearing is not None:  # (hearing again, a lapsed lease serves not yet)
            self.on_hearing(self.serving)

    def _lost(self) -> None:
        """Deaf: frames on the way are lost, so every relayed connection ends (its client
        reconnects) and every question waiting for an answer is asked again."""
        for link in list(self.links.values()):
            link.conn.close(CLOSE_MOVED)
        for session in list(self.sessions.values()):
            session.end()
        for future in self._replies.values():
            if not future.done():
                future.set_exception(Moved())

    # -- every third of a lease ----------------------------------------------------------------

    async def _tick_forever(self) -> None:
        loop = asyncio.get_running_loop()
        took = 0.0
        while True:  # a beat every third of a lease, however long the rest of a tick takes
            await asyncio.sleep(max(0.0, self.lease_ms / 3000 - took))
            began = loop.time()
            await self._tick_once()
            took = loop.time() - began

    async def _tick_once(self) -> None:
        try:
            if self.hearing:
                await self._tick()
            elif self._deaf_since is not None and \
                    asyncio.get_running_loop().time() - self._deaf_since >= self.lease_ms / 1000:
                await self._let_go()
        except REDIS_FAILED as failure:
            log.warning("node %s: Redis did not answer (%s)", self.id, failure)

    async def _let_go(self) -> None:
        """Deaf for a whole lease while Redis answers: another node may have taken any of this
        node's rooms by now, and none can reach them here; so they are given up rather than
        held (each released by the manager as it closes)."""
        await self.leases.leave()  # raises while Redis is down: the rooms are kept meanwhile
        if self.manager.rooms:
            log.warning("node %s: deaf for %d ms; its %d rooms are let go", self.id,
                        self.lease_ms, len(self.manager.rooms))
        for room in list(self.manager.rooms.values()):
            room.post(room.abandon)

    def _watch_store(self) -> None:
        """Looks at whether the store reaches the database every STORE_LOOK_S (its own probe
        says so within 1.5 s of a loss): a change is beaten at once, so the others count on
        this node's word within a tenth of a second rather than at its next tick, and a loss
        is acted on a third of a lease after it was seen (`_without_store`)."""
        loop = asyncio.get_running_loop()
        reaching = self.manager.store.healthy()
        if reaching != (self._store_lost_at is None):
            lost_at = self._store_lost_at = None if reaching else loop.time()
            self._set_beat_value()
            if lost_at is not None:
                self._store_lapse = loop.call_later(
                    self.lease_ms / 3000, lambda: self._spawn(self._store_still_lost(lost_at)))
        self._store_look = loop.call_later(STORE_LOOK_S, self._watch_store)

    def _store_lost_long(self) -> bool:
        """Whether the store has not reached the database for a third of a lease."""
        return self._store_lost_at is not None and \
            asyncio.get_running_loop().time() - self._store_lost_at >= self.lease_ms / 3000

    async def _store_still_lost(self, lost_at: float) -> None:
        if self._store_lost_at == lost_at:  # (not back meanwhile, nor lost again since)
            with contextlib.suppress(*REDIS_FAILED):  # (each tick asks again, and logs)
                await self._without_store()

    async def _without_store(self) -> None:
        """The database has not answered here for a third of a lease while another live node
        reaches it: this node's rooms are given up (their clients reconnect, and the first
        node that can restore a room takes it). Their copies here could only refuse every
        action; were one to act yet, the database's fencing refuses its writes. While no node
        reaches the database, the rooms stay where they are and refuse `store_failed`.

        Not at once: a database restarting fails every node's probe, but one node may see it
        first; a third of a lease later the others have mostly probed it too and beaten that
        they do not reach it (each beats it as soon as its store knows: `_watch_store`; if
        not, this node's rooms are given up for nothing: none can be taken until the database
        is back, as without the move). Not a whole lease: the store already waited out its
        probe's bound, and the rooms are to act again elsewhere within 5 s of the link's loss
        (the store's probe, 1.5 s at most; a third of a lease, 1 s at the default; the
        clients' reconnection and the room's restore). Before, the loss was acted on at the
        second tick that saw it, 1 to 2 s after it was known."""
        if not self.manager.rooms or not any(
                state.reaching_store for state in (await self.leases.others()).values()):
            return
        log.warning("node %s: the database does not answer here but does elsewhere; its %d "
                    "rooms are let go", self.id, len(self.manager.rooms))
        # At once, not as a job of each room: a room's inbox may be waiting out the store's
        # budget once for every job queued before (each would be refused).
        for room in list(self.manager.rooms.values()):
            if not room.closed:
                room.abandon("this server cannot reach the database")

    def _set_beat_value(self) -> None:
        """What the beats say (`NodeState`), beaten at once when it changed, so that the
        others spread rooms by this node's count as it is, not as it was a beat ago; a node
        that cannot hear its channel does not beat at all."""
        healthy = self.manager.store.healthy()
        rooms = len(self._taking | {code for code, room in self.manager.rooms.items()
                                    if not room.closed})
        value = NodeState(healthy, healthy and not self.draining, rooms).said() \
            if self.hearing else None
        if value != self.beats.value:
            self.beats.value = value
            self.beats.now()

    def _loop_alive(self) -> None:
        self.beats.alive()
        self._loop_beat = asyncio.get_running_loop().call_later(self.lease_ms / 6000,
                                                                self._loop_alive)

    def _watch_lease(self) -> None:
        """Rings when the lease, renewed by `beats` in its thread, may run out (once it has,
        every tenth of a lease, until a beat is acknowledged again)."""
        delay = self.beats.acting_until - time.monotonic()
        self._lapse = asyncio.get_running_loop().call_later(
            delay if delay > 0 else self.lease_ms / 10000, self._lapsed)

    def _lapsed(self) -> None:
        """The lease was not renewed in time (Redis is cut off or down, or this node deaf or
        stuck), or it was renewed only after a gap: another node may take this node's rooms
        once it runs out, or may have taken them in the gap, so they stop acting here now, and
        two copies of a room never act at once (nor a stand-in move for a player still
        connected to the other copy). Their clients are closed (1012) and reconnect, to a node
        that reaches Redis. While Redis is down for every node, no room acts anywhere until it
        is back. A loop that merely stalled is no reason: the beats went on in their thread."""
        gap = self.beats.gaps != self._gaps_seen
        self._gaps_seen = self.beats.gaps
        lapsed = time.monotonic() >= self.beats.acting_until
        self._watch_lease()
        if not lapsed and not gap:
            return
        rooms = [room for room in self.manager.rooms.values() if not room.closed]
        if rooms:
            log.warning("node %s: its lease was not renewed within %d ms; its %d rooms are "
                        "given up", self.id, ACTING_SHARE * self.lease_ms, len(rooms))
        for room in rooms:
            room.abandon("this server's lease was not renewed")
        if lapsed:
            # Serving nothing until a beat is acknowledged (`serving`): its relayed clients
            # reconnect now, and its questions to other nodes are asked again, rather than wait
            # on a bus that is likely cut too (else until its probes say it is deaf, seconds
            # later); its supervisor hands new connections to a worker that serves.
            self._lost()
            if self.on_hearing is not None:
                self.on_hearing(False)

    async def _spread(self) -> None:
        """Rooms spread back over the live nodes: one with `SLACK` or more rooms above its
        fair share (the cluster's rooms over the nodes taking rooms, rounded up) on two ticks
        in a row hands the lesser surplus on, `SPREAD_AT_ONCE` at most a tick, to those with
        the fewest (`_takers`), each room as at a drain (between two moves; its clients
        reconnect at once). So a machine started again (after an upgrade, a crash) gets its
        share back within seconds; a difference of one room is left as it is, and each move
        is a short pause for its table. Rooms made at once on several nodes do not bounce
        between them: counts are beaten as they change, a surplus seen once (a count on its
        way) is not acted on, and a room that came less than a lease ago stays (so none moves
        twice in a row)."""
        rooms = [room for room in self.manager.rooms.values() if not room.closed]
        takers = await self._takers() if len(rooms) >= SLACK else {}
        fair = -(-(len(rooms) + sum(takers.values())) // (len(takers) + 1))
        surplus, before = len(rooms) - fair if takers else 0, self._surplus
        self._surplus = surplus
        if min(surplus, before) < SLACK:
            return
        settled = self.lease_ms / 1000
        now = asyncio.get_running_loop().time()
        movable = [room for room in rooms if now - self._arrived.get(room.code, now) >= settled]
        moving = movable[:min(surplus, before, SPREAD_AT_ONCE)]
        if not moving:
            return
        log.info("node %s: %d rooms against a fair share of %d (the others' %s); %d handed on",
                 self.id, len(rooms), fair, sorted(takers.values()), len(moving))
        self._surplus -= len(moving)
        for room in moving:
            self._spawn(self._hand_on(room, SPREAD))

    async def _tick(self) -> None:
        reaching_store = self.manager.store.healthy()
        self._set_beat_value()
        if self._store_lost_long():  # (acted on by `_watch_store` first: again each tick)
            await self._without_store()
        if reaching_store and not self.draining:
            await self._spread()
        else:
            self._surplus = 0  # (a surplus counts from two ticks in a row that spread)
        # Rooms: one another node took over (this node stalled past its lease) is given up;
        # one whose lease Redis lost (a restart) is taken again, unless another node has it.
        codes = list(self.manager.rooms)
        for code, owner in zip(codes, await self.leases.owners(codes), strict=True):
            room = self.manager.rooms.get(code)
            if room is None or room.closed:
                continue
            if owner is None:
                if self.draining:  # (handed on meanwhile: taken again, it would be held
                    continue       # by a node that serves it no more until it stops)
                owner = await self.leases.acquire(code)
            if owner != self.id:
                room.post(room.abandon)
        # Relayed connections whose owner died, let the room go or acts no more: their
        # clients reconnect.
        links = list(self.links.values())
        owners = await self.leases.owners([link.code for link in links])
        acting = {node: await self._acting_s(node) for node in {link.owner for link in links}}
        serving: dict[str, list[Link]] = {}
        for link, owner in zip(links, owners, strict=True):
            if owner != link.owner or not acting[link.owner]:
                link.conn.close(CLOSE_MOVED)
            else:
                serving.setdefault(owner, []).append(link)
        for node, seconds in acting.items():
            if seconds:
                self._look_as_it_stops(node, seconds)
        # The others are named to their owner, which closes any it no longer serves: a close
        # it sent may have been lost (Redis down, or this node not subscribed yet, for longer
        # than its retries), and the client would wait on an open socket for good.
        for owner, held in serving.items():
            self.bus.send(owner, pack("live", body=" ".join(link.cid for link in held)),
                          partial(closed_all, held))
        # Sessions whose gateway died: their clients are gone.
        gateways = {session.conn.gateway for session in self.sessions.values()}
        dead = {node for node in gateways if not await self.bus.listeners(node)}
        for session in list(self.sessions.values()):
            if session.conn.gateway in dead:
                session.end()

    async def _acting_s(self, node: str) -> float:
        """How much longer `node` acts for its rooms, as far as Redis tells: 0 once it listens
        on no channel (an owner that stopped beating may still be subscribed, deaf: it counts
        by its key) or its alive key has less than the tenth of a lease left in which no node
        acts (a node's rooms act `ACTING_SHARE` of a lease past its beat's sending, beats.py,
        and its key was set after that)."""
        if not await self.bus.listeners(node):
            return 0.0
        left_s = await self.leases.left_ms(node) / 1000
        return max(0.0, left_s - (1 - ACTING_SHARE) * self.lease_ms / 1000)

    def _look_as_it_stops(self, node: str, seconds: float) -> None:
        """`node` looked at again as it stops acting, unless it beats meanwhile (its relayed
        clients reconnect then, not at a tick after). Each tick moves the look to what the
        owner's key says then. Before, only a tick that found the owner stopping before the
        next tick timed a look; a loaded loop's ticks, later than a third of a lease apart,
        missed that window, and a socket relayed to an owner cut off from Redis was closed by
        a tick 1.5 to 2 s after its owner stopped (its own close to it lost with the cut)."""
        timer = self._looks.pop(node, None)
        if timer is not None:
            timer.cancel()
        self._looks[node] = asyncio.get_running_loop().call_later(
            seconds, self._look_again, node)

    def _look_again(self, node: str) -> None:
        self._looks.pop(node, None)
        self._spawn(self._unless_acting(node))

    async def _unless_acting(self, node: str) -> None:
        """Closes the connections relayed to `node` if it acts no more (`_acting_s`)."""
        try:
            if await self._acting_s(node):
                return
        except REDIS_FAILED:  # (the next tick looks again)
            return
        for link in list(self.links.values()):
            if link.owner == node:
                link.conn.close(CLOSE_MOVED)


def spread(count: int, takers: dict[str, int]) -> list[str]:
    """Where `count` rooms go, one at a time to the node with the fewest rooms so far."""
    rooms = dict(takers)
    chosen = []
    for _ in range(count):
        node = min(rooms, key=lambda name: (rooms[name], name))
        rooms[node] += 1
        chosen.append(node)
    return chosen


def with_spread(count: int, takers: dict[str, int]) -> dict[str, int]:
    """The nodes' counts once `count` more rooms are spread over them."""
    counts = dict(takers)
    for node in spread(count, takers):
        counts[node] += 1
    return counts


def redis_client(url: str, name: str) -> Redis:
    """A pool that makes callers wait for a connection rather than fail: a node taking over a
    hundred rooms at once asks Redis a hundred things at once. A connection idle for a second
    is pinged before it is used, and made again if Redis dropped it (a restart): else each
    dead connection failed the first command sent on it, and when that was the bus's probe,
    long after the restart, the node went deaf and closed every relayed client. Commands are
    not sent twice (no `retry_on_error`): only the ping is."""
    return Redis(connection_pool=BlockingConnectionPool.from_url(
        url, max_connections=REDIS_CONNECTIONS, timeout=10, decode_responses=True,
        socket_connect_timeout=2, socket_timeout=5, health_check_interval=1,
        retry=Retry(NoBackoff(), 1), client_name=name))


def closed_all(links: list[Link]) -> None:
    """Their owner did not hear of them: their clients reconnect."""
    for link in links:
        link.moved()


def gateway_of(cid: str) -> str:
    """The node holding a relayed connection's socket (connection and call ids start with it)."""
    return cid.rsplit("#", 1)[0]
