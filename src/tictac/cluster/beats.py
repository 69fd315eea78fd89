"""A node's lease renewed from a thread of its own, so that its event loop stalling for a while
(a long collection, a burst of work on a loaded machine) does not make it give its rooms up.

Every third of a lease the thread sets the node's alive key (leases.py) with its own Redis
connection, and notes when the last acknowledged beat was sent: the node's rooms act until
`ACTING_SHARE` of a lease after that (node.py), before the key can run out. Two things keep
that safe:

- a beat sent after the acting time of the one before had passed starts a new lease, not the
  same one: another node may have taken the rooms in the gap. It is counted (`gaps`), and the
  node gives up every room it held before it, whatever its loop was doing meanwhile;
- the thread beats only while the node says it may (it hears its bus channel, `value` is set)
  and while its event loop was heard from within `STUCK_S` (`alive`): a loop stuck for good
  must not hold its rooms for ever.

A node that stops deletes its key from the same thread, after its last beat: deleted from the
event loop's connection, a beat under way in the thread (past its checks, not yet sent) landed
after the delete and left a stopped node looking alive for a lease.
"""

from __future__ import annotations

import logging
import threading
import time

from redis import Redis
from redis.exceptions import RedisError

from tictac.cluster.leases import ALIVE

log = logging.getLogger(__name__)

ACTING_SHARE = 0.9  # a node's rooms act this share of a lease past its last beat's sending
STUCK_S = 10.0  # an event loop unheard this long is stuck: its node's lease is let run out


class Beats:
    def __init__(self, url: str, node: str, lease_ms: int) -> None:
        self.key = ALIVE + node
        self.lease_ms = lease_ms
        self.value: str | None = "1"  # what the alive key says; None: no beat (deaf)
        self.acting_until = 0.0  # (time.monotonic) the rooms act until then
        self.gaps = 0  # beats that came after the acting time of the one before had passed
        self._loop_heard = time.monotonic()
        self._redis = Redis.from_url(url, decode_responses=True, socket_connect_timeout=2,
                                     socket_timeout=max(1.0, lease_ms / 1000))
        self._wake = threading.Event()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="lease-beats", daemon=True)

    def beat(self) -> bool:
        """One beat now (in the calling thread); whether Redis acknowledged it."""
        value = self.value
        if value is None or self._stopping or time.monotonic() - self._loop_heard > STUCK_S:
            return False
        sent = time.monotonic()
        try:
            self._redis.set(self.key, value, px=self.lease_ms)
        except (RedisError, OSError) as failure:
            log.debug("lease beat failed (%s)", failure)
            return False
        if sent > self.acting_until and self.acting_until:
            self.gaps += 1
        self.acting_until = sent + ACTING_SHARE * self.lease_ms / 1000
        return True

    def start(self) -> None:
        self._thread.start()

    def alive(self) -> None:
        """Called by the node's event loop, often: it is not stuck."""
        self._loop_heard = time.monotonic()

    def now(self) -> None:
        """A beat at once (the node hears again)."""
        self._wake.set()

    def stop(self, bound_s: float) -> None:
        """No beat from now on, and the alive key deleted after the last one (by the thread);
        waits `bound_s` at most for that (blocking: call it from a thread)."""
        self._stopping = True
        self._wake.set()
        if self._thread.ident is None:  # (a node stopped before it began beating: it deletes)
            self._thread.start()
        self._thread.join(bound_s)

    def _run(self) -> None:
        period = self.lease_ms / 3000
        while not self._stopping:
            began = time.monotonic()
            self.beat()
            self._wake.wait(max(0.0, period - (time.monotonic() - began)))
            self._wake.clear()
        try:
            self._redis.delete(self.key)
        except (RedisError, OSError) as failure:  # the key runs out by itself within a lease
            log.debug("alive key not deleted (%s)", failure)
        finally:
            self._redis.close()
