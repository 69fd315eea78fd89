"""The instance admin's bans as this node holds them: an address or a network (CIDR) refused,
until a time, at room creation, joins, shared decks' saving and WebSockets (`banned`).

The bans are kept by the store, so that they hold on every node of a cluster; each node reads
them again at most every REFRESH_S (and at once after its own admin changes them), so a ban
made on one node holds on the others within that time, and a request costs no database read.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time

from tictac.server.clients import Network, address
from tictac.store import Store
from tictac.store.base import Ban

log = logging.getLogger(__name__)
REFRESH_S = 2.0


def network(text: str) -> Network:
    """An address or a CIDR as a network (an address is a network of one); ValueError if
    neither."""
    return ipaddress.ip_network(text.strip(), strict=False)


class Bans:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._held: list[tuple[Network, Ban]] = []
        self._read_at = -REFRESH_S  # monotonic seconds: never read yet
        self._reading: asyncio.Task[None] | None = None
        self._failing = False  # the last read failed

    def stale(self) -> None:
        """Read again at the next check (this node's admin changed the bans)."""
        self._read_at = -REFRESH_S

    async def of(self, client: str, now_ms: int) -> Ban | None:
        """The ban that holds on `client`'s address now, if any."""
        if time.monotonic() - self._read_at >= REFRESH_S:
            if self._reading is None:  # one read for every request that finds the list old
                self._reading = asyncio.create_task(self._read(now_ms))
            reading = self._reading
            await reading
        found = address(client)
        if found is None:
            return None
        return next((ban for net, ban in self._held
                     if ban.until_ms > now_ms and found.version == net.version and found in net),
                    None)

    async def _read(self, now_ms: int) -> None:
        try:
            bans = await self.store.load_bans(now_ms)
            self._held = [(network(ban.network), ban) for ban in bans]
            if self._failing:
                log.info("the bans are read again")
            self._failing = False
        except Exception as failure:  # the store is down: the bans last read hold meanwhile
            # One line an outage (the store logs the outage itself), not a traceback a read.
            if not self._failing:
                log.warning("the bans could not be read (%s); the last ones read hold",
                            type(failure).__name__)
            self._failing = True
        finally:
            self._read_at = time.monotonic()
            self._reading = None
