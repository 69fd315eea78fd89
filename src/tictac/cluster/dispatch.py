"""`--workers N`: one process accepts every connection and hands it to the worker that owns the
room it asks for, so the clients of a room meet on its owner and nothing is relayed.

Workers sharing one listening socket would each get a random share of the connections: about
half of a room's clients would reach a worker that does not own it, and every frame of theirs
would cross Redis twice (`relay.py`), which on two cores cost what the second worker added.
So the supervising process accepts, reads the start of the request without consuming it
(MSG_PEEK), takes the room code out of its path (`/ws/CODE`, `/api/rooms/CODE...`), asks Redis
who owns the room and passes the socket over a Unix socket (SCM_RIGHTS) to that worker, which
serves it as if it had accepted it. A room nobody here owns goes to the worker its code hashes
to, so its first clients meet where it will be taken; a request naming no room goes to the
workers in turn. Relaying stays the answer for whatever still lands elsewhere: a room owned on
another machine, or one that changed hands between the look-up and the handoff.

The port listens only once the workers are ready (every one, or at least one after STARTUP_S):
until then a connection is refused at once, so a load balancer tries another machine rather
than waiting on this one. A worker says `ready` on its channel once its node hears its bus
channel, and `deaf` while it cannot (node.py): connections go to a worker that hears, and to a
deaf one only if none does (it serves the rooms it holds, or refuses at once); while every
worker is deaf, Redis is not asked (each look-up would wait out LOOKUP_S). A worker says it
again every HEARTBEAT_S: one unheard for SILENT_S (stopped, or its event loop stuck) is taken
for frozen, and gets a connection only if no other worker is ready, until it is heard again;
its rooms move to another node once its lease runs out (node.py). A frozen worker that is
stopped (SIGSTOP), or unheard for `beats.STUCK_S` (its loop stuck: its lease is let run out
then), has its clients' sockets shut down by the supervisor (`cut_clients`), so they reconnect
at once, to a worker that serves, rather than wait on it. With no worker
up at all (they are being started again), a connection is answered 503 at once. A worker ends
with its supervisor at any stage of its life: `end_with_supervisor` from its first line, and
once it serves, `take_sockets` seeing its channel end.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import errno
import hashlib
import itertools
import json
import logging
import os
import re
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path

from redis.asyncio import Redis

from tictac.cluster.beats import STUCK_S
from tictac.cluster.bus import REDIS_FAILED
from tictac.cluster.leases import OWNER
from tictac.rooms.codes import normalize

log = logging.getLogger(__name__)

ROOM_PATH = re.compile(rb"[A-Z]{3,7} /(?:ws|api/rooms)/([A-Za-z0-9]{1,16})(?:[/? #]|$)")
PEEK_BYTES = 512  # the request line's start: method, path and the code are in the first bytes
FIRST_BYTES_S = 2.0  # a client silent this long is handed on as is (its worker times it out)
LOOKUP_S = 0.5
HAND_WAIT_S = 30.0  # how long a connection waits for a worker too busy to take it
STARTUP_S = 60.0  # the longest the port waits for every worker before listening
BACKLOG = 2048
READY, DEAF = b"ready", b"deaf"
HEARTBEAT_S = 0.5  # a serving worker says `ready` or `deaf` this often
SILENT_S = 2.0  # a worker unheard this long is taken for frozen
_REFUSAL = json.dumps({"code": "room_unavailable",
                       "message": "this server is starting or restarting; try again"})
UNAVAILABLE = (f"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
               f"Content-Length: {len(_REFUSAL)}\r\nRetry-After: 1\r\nConnection: close\r\n"
               f"\r\n{_REFUSAL}").encode()


def bound_socket(host: str, port: int) -> socket.socket:
    """The port, taken now (so a port in use stops the start at once) but not listening yet."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError:
        sock.close()
        raise
    return sock


def channel_pair() -> tuple[socket.socket, socket.socket]:
    """The supervisor's end and a worker's: one message a socket, boundaries kept."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    ours.setblocking(False)
    return ours, theirs


def room_in(head: bytes) -> str | None:
    """The room code a request's first bytes ask for, or None."""
    found = ROOM_PATH.match(head)
    return None if found is None else normalize(found.group(1).decode("ascii"))


def slot_of(code: str, slots: int) -> int:
    """The worker a room nobody owns goes to: the same for every client of the room."""
    return max(range(slots), key=lambda slot: hashlib.blake2b(
        f"{slot}:{code}".encode(), digest_size=8).digest())


class Dispatcher:
    """In the supervising process: accepts on `listening`, hands each socket to a worker.

    `channels[slot]` is the supervisor's end of slot's worker channel once the worker said it
    is ready, and `pids[slot]` that worker's process id (a node's id carries it); both change
    when a worker is started again. `deaf` holds the slots whose worker said it cannot hear
    its bus channel. Until a worker is ready its connections go to another."""

    def __init__(self, listening: socket.socket, redis_url: str, slots: int) -> None:
        self.listening = listening
        self.redis = Redis.from_url(redis_url, decode_responses=True,
                                    socket_connect_timeout=LOOKUP_S, socket_timeout=LOOKUP_S)
        self.channels: list[socket.socket | None] = [None] * slots
        self.pids: list[int | None] = [None] * slots
        self.deaf: set[int] = set()
        self.heard_at = [0.0] * slots  # (loop time) when each worker last said something
        self.frozen: set[int] = set()
        self.cut: set[int] = set()  # frozen slots whose clients were cut (`cut_clients`)
        self.port = listening.getsockname()[1]
        self.host = socket.gethostname()
        self._turn = itertools.cycle(range(slots))
        self._tasks: set[asyncio.Task[None]] = set()

    def attach(self, slot: int, pid: int, channel: socket.socket) -> None:
        """A worker just started: its channel is used once the worker says `ready` on it."""
        loop = asyncio.get_running_loop()
        old = self.channels[slot]
        if old is not None:  # the last worker of the slot, whose end was not heard yet
            loop.remove_reader(old.fileno())
            old.close()
        self.channels[slot], self.pids[slot] = None, pid
        self.deaf.discard(slot)
        self.frozen.discard(slot)
        self.cut.discard(slot)

        def heard() -> None:
            try:
                said = channel.recv(16)
            except BlockingIOError:
                return
            except OSError:
                said = b""
            if said in (READY, DEAF) and self.pids[slot] == pid:
                self.channels[slot] = channel
                (self.deaf.add if said == DEAF else self.deaf.discard)(slot)
                self.heard_at[slot] = loop.time()
                if slot in self.frozen:
                    self.frozen.discard(slot)
                    self.cut.discard(slot)
                    log.warning("dispatch: worker %d answers again", pid)
            elif not said:  # the worker is gone; its slot waits for the next one
                loop.remove_reader(channel.fileno())
                if self.channels[slot] is channel:
                    self.channels[slot] = None
                channel.close()

        loop.add_reader(channel.fileno(), heard)

    def watch(self, now: float) -> None:
        """Called often: a ready worker unheard for SILENT_S is taken for frozen (logged once);
        a frozen one that is stopped, or unheard for STUCK_S, has its clients cut (once)."""
        for slot, channel in enumerate(self.channels):
            pid = self.pids[slot]
            if channel is None or pid is None:
                continue
            silent_s = now - self.heard_at[slot]
            if slot not in self.frozen and silent_s > SILENT_S:
                self.frozen.add(slot)
                log.warning("dispatch: worker %s has not answered for %g s; it gets no "
                            "connection while another can take it", pid, SILENT_S)
            if slot in self.frozen and slot not in self.cut \
                    and (silent_s > STUCK_S or stopped(pid)):
                self.cut.add(slot)
                try:
                    cut = cut_clients(pid, self.port)
                except OSError as refused:  # (not permitted here: its clients wait for it)
                    log.warning("dispatch: the clients of worker %s could not be cut (%s)",
                                pid, refused)
                    continue
                log.warning("dispatch: worker %s is %s; its %d client connections are shut "
                            "down (they reconnect to a worker that serves)", pid,
                            "stopped" if silent_s <= STUCK_S else "stuck", cut)

    def may_listen(self, waited_s: float) -> bool:
        """Whether every worker said it is ready, or one has and STARTUP_S passed: connections
        taken earlier would hang, or all go to the first worker up (and so would their
        rooms)."""
        return all(self.channels) or (waited_s >= STARTUP_S and any(self.channels))

    async def serve(self) -> None:
        """Listens (see `may_listen`), then accepts until cancelled."""
        loop = asyncio.get_running_loop()
        self.listening.listen(BACKLOG)
        self.listening.setblocking(False)
        try:
            while True:
                try:
                    conn, _ = await loop.sock_accept(self.listening)
                except OSError as failure:  # out of descriptors: let some close first
                    log.warning("dispatch: accept failed (%s)", failure)
                    await asyncio.sleep(0.1)
                    continue
                task = asyncio.create_task(self._route(conn))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
        finally:
            for task in list(self._tasks):
                task.cancel()
            await self.redis.aclose()

    async def _route(self, conn: socket.socket) -> None:
        try:
            code = room_in(await self._peek(conn))
            slot = next(self._turn) if code is None else await self._slot_for(code)
            await self._hand(conn, slot)
        except OSError as failure:
            log.debug("dispatch: a connection was lost before its handoff (%s)", failure)
        finally:
            conn.close()  # the worker has its own descriptor now

    async def _peek(self, conn: socket.socket) -> bytes:
        loop = asyncio.get_running_loop()
        readable: asyncio.Future[None] = loop.create_future()

        def ready() -> None:
            if not readable.done():
                readable.set_result(None)

        loop.add_reader(conn.fileno(), ready)
        try:
            await asyncio.wait_for(readable, FIRST_BYTES_S)
        except TimeoutError:
            return b""
        finally:
            loop.remove_reader(conn.fileno())
        return conn.recv(PEEK_BYTES, socket.MSG_PEEK)

    async def _slot_for(self, code: str) -> int:
        if all(slot in self.deaf for slot, channel in enumerate(self.channels) if channel):
            # No worker here hears Redis (cut off, or down): the look-up would wait out its
            # bound (LOOKUP_S) for each connection, and a client sent here again and again by
            # a balancer that knows nothing of it lost that each time before trying elsewhere.
            return slot_of(code, len(self.channels))
        # (Redis not answering: the room's hashed worker is as good a guess then)
        with contextlib.suppress(*REDIS_FAILED):
            owner = str(await self.redis.get(OWNER + code) or "")  # host.pid.random
            host, _, rest = owner.rpartition(".")[0].rpartition(".")
            if host == self.host and rest.isdigit() and int(rest) in self.pids:
                return self.pids.index(int(rest))
        return slot_of(code, len(self.channels))

    async def _hand(self, conn: socket.socket, slot: int) -> None:
        """To `slot`'s worker, or the next that takes it (one being started, or too busy to
        read its channel, does not), those that hear their bus channel first; with none
        ready, it is answered 503 at once."""
        slots = len(self.channels)
        order = sorted(((slot + tried) % slots for tried in range(slots)),  # a stable sort:
                       key=lambda other: (other in self.frozen, other in self.deaf))  # live,
        # hearing workers first
        for _ in range(int(HAND_WAIT_S / 0.05)):
            ready = [channel for channel in (self.channels[other] for other in order)
                     if channel is not None]
            if not ready:
                await asyncio.wait_for(asyncio.get_running_loop().sock_sendall(
                    conn, UNAVAILABLE), LOOKUP_S)
                return
            for channel in ready:
                try:
                    socket.send_fds(channel, [b"s"], [conn.fileno()])
                    return
                except OSError:
                    continue
            await asyncio.sleep(0.05)
        log.warning("dispatch: no worker took a connection in %g s; it is closed", HAND_WAIT_S)


def stopped(pid: int) -> bool:
    """Whether the process is stopped (SIGSTOP, a debugger): its state in /proc."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2:][:1] in ("T", "t")


SYS_PIDFD_GETFD = 438  # the same number on every architecture (asm-generic/unistd.h)


def cut_clients(pid: int, port: int) -> int:
    """Shuts down (both ways) every TCP connection worker `pid` serves on `port`: copies of its
    descriptors taken with pidfd_getfd (Linux 5.6; the supervisor is the worker's parent, so it
    may), so its clients see their connection end and reconnect, while the worker, stopped,
    cannot close them. The worker's own descriptors stay; once it runs again, it finds them
    ended. Its outgoing connections (Redis, the database) are on other local ports and are left
    alone. Returns how many were shut down."""
    libc = ctypes.CDLL(None, use_errno=True)
    pidfd = os.pidfd_open(pid)
    cut = 0
    try:
        for name in os.listdir(f"/proc/{pid}/fd"):
            try:
                if not os.readlink(f"/proc/{pid}/fd/{name}").startswith("socket:"):
                    continue
            except OSError:  # (closed meanwhile)
                continue
            fd = libc.syscall(SYS_PIDFD_GETFD, pidfd, int(name), 0)
            if fd < 0:
                if ctypes.get_errno() == errno.EBADF:
                    continue
                raise OSError(ctypes.get_errno(), "pidfd_getfd failed")
            with socket.socket(fileno=fd) as copy:
                if copy.family in (socket.AF_INET, socket.AF_INET6) \
                        and copy.type == socket.SOCK_STREAM and copy.getsockname()[1] == port:
                    with contextlib.suppress(OSError):  # (not connected: a listening one)
                        copy.getpeername()
                        copy.shutdown(socket.SHUT_RDWR)
                        cut += 1
    finally:
        os.close(pidfd)
    return cut


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def end_with_supervisor(supervisor: int) -> None:
    """In a worker, before anything else: the kernel sends it SIGTERM when its supervisor dies.

    Watching the channel (`take_sockets`) starts only once the worker serves: a supervisor
    killed before, while the worker imports, opens the store (possibly waiting there for
    ever, on the migration lock or a database that does not answer) or starts its node, left
    a worker nobody would stop (one was found 40 minutes later). A parent-death
    signal covers every stage from here on; the parent is checked just after it is asked for,
    since a supervisor that died before could not send it (the worker then has another
    parent). The signal follows the death of the thread that started the worker: the
    supervisor starts them from its main thread, which ends only with it. A worker still
    starting ends at once on it (serve.py); one serving stops as at any SIGTERM. Linux only:
    elsewhere the channel is all there is."""
    if sys.platform == "linux":
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    if os.getppid() != supervisor:
        print(f"tictac serve: worker {os.getpid()}: the supervisor is gone; stopping",
              file=sys.stderr)
        os._exit(1)


def take_sockets(channel: socket.socket, serve: Callable[[socket.socket], None],
                 orphaned: Callable[[], None]) -> Callable[[], None]:
    """In a worker: every socket the supervisor hands over goes to `serve`, until the function
    returned is called; `orphaned` runs if the supervisor dies (the channel ends)."""
    loop = asyncio.get_running_loop()
    channel.setblocking(False)

    def receive() -> None:
        while True:
            try:
                data, fds, _, _ = socket.recv_fds(channel, 16, 1)
            except BlockingIOError:
                return
            except OSError:
                data, fds = b"", []
            if not data:  # the supervisor is gone: no more sockets will come
                loop.remove_reader(channel.fileno())
                orphaned()
                return
            for fd in fds:
                serve(socket.socket(fileno=fd))

    def stop() -> None:
        loop.remove_reader(channel.fileno())

    loop.add_reader(channel.fileno(), receive)
    return stop


async def keep_telling(channel: socket.socket, hearing: Callable[[], bool]) -> None:
    """In a worker: says whether its node hears every HEARTBEAT_S, which is how the supervisor
    knows the worker is not frozen."""
    while True:
        await asyncio.sleep(HEARTBEAT_S)
        tell(channel, hearing())


def tell(channel: socket.socket, hearing: bool) -> None:
    """In a worker: says to the supervisor whether its node can serve (`ready`) or cannot
    (`deaf`: it cannot hear its bus channel, or its lease lapsed, node.py)."""
    with contextlib.suppress(OSError):  # a supervisor already gone: `receive` sees it end
        channel.send(READY if hearing else DEAF)
