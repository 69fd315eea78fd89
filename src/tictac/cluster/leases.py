"""Who owns which room, in Redis.

A node is alive while its key `tictac:alive:<node>` exists: the node sets it again every
third of `lease_ms`, with `lease_ms` to live, so a killed node's key is gone `lease_ms` after
its last beat. A room's owner is the node named in `tictac:owner:<code>`; another node takes the
room over once that node's alive key is gone (one script: check and set at once). So a room's
lease is its owner's liveness: one write a beat per node, however many rooms it owns. Sooner
than that, a node seen listening on no channel for a third of a lease (a killed process's
connections close at once) is taken for dead (`take`, see node.py).

Redis only says who *should* append; the log's unique (room, game, sequence) key in the database
is what stops a stale owner (a node that stalled past its lease) from forking a room's log.
"""

from __future__ import annotations

from dataclasses import dataclass

from redis.asyncio import Redis

ALIVE = "tictac:alive:"
OWNER = "tictac:owner:"

# KEYS[1]: the room's owner key; ARGV[1]: this node. The owner after the attempt.
ACQUIRE = """
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] and redis.call('EXISTS', ARGV[2] .. owner) == 1 then
  return owner
end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]
"""
# KEYS[1]: the room's owner key; ARGV[1]: this node, ARGV[2]: the owner found dead.
TAKE = """
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[2] then return owner end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]
"""
# KEYS[1]: the room's owner key; ARGV[1]: this node, ARGV[2]: the node it is handed to.
HAND = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('SET', KEYS[1], ARGV[2]) end
return 0
"""
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


@dataclass(frozen=True)
class NodeState:
    """What a node's alive key says: whether it reaches the database (a node that does not
    leaves its rooms to one that does), whether it takes rooms now (it hears its bus channel
    and is not stopping) and how many it has (rooms are spread by that, node.py)."""

    reaching_store: bool = True
    taking: bool = True
    rooms: int = 0

    def said(self) -> str:
        return f"{int(self.reaching_store)} {int(self.taking)} {self.rooms}"

    @classmethod
    def read(cls, said: str) -> NodeState:
        reaching, taking, rooms = [*said.split(), "0", "0", "0"][:3]
        return cls(reaching == "1", taking == "1", int(rooms) if rooms.isdigit() else 0)


class Leases:
    def __init__(self, redis: Redis, node: str, lease_ms: int) -> None:
        self.redis = redis
        self.node = node
        self.lease_ms = lease_ms
        self._acquire = redis.register_script(ACQUIRE)
        self._take = redis.register_script(TAKE)
        self._release = redis.register_script(RELEASE)
        self._hand = redis.register_script(HAND)

    async def beat(self, state: NodeState = NodeState()) -> None:
        """This node lives for another lease (node.py beats from a thread, beats.py)."""
        await self.redis.set(ALIVE + self.node, state.said(), px=self.lease_ms)

    async def others(self) -> dict[str, NodeState]:
        """Every other live node's state, as its last beat said it (a handful of nodes: one
        scan)."""
        keys = [key async for key in self.redis.scan_iter(ALIVE + "*", count=100)
                if key != ALIVE + self.node]
        said = await self.redis.mget(keys) if keys else []
        return {key.removeprefix(ALIVE): NodeState.read(str(value))
                for key, value in zip(keys, said, strict=True) if value is not None}

    async def owner(self, code: str) -> str | None:
        found = await self.redis.get(OWNER + code)
        return None if found is None else str(found)

    async def left_ms(self, node: str) -> int:
        """How long `node`'s alive key has to live (0: gone): a node that cannot hear its
        channel stops beating (node.py), so its key runs out `lease_ms` after its last beat."""
        return max(0, int(await self.redis.pttl(ALIVE + node)))

    async def leave(self) -> None:
        """This node's rooms are free at once: a node deaf for a lease gives them up (node.py).
        (A stopping node's key is deleted by its beats' thread, beats.py.)"""
        await self.redis.delete(ALIVE + self.node)

    async def acquire(self, code: str) -> str:
        """Takes the room unless a live node owns it; returns the owner (this node if taken)."""
        owner: str = await self._acquire(keys=[OWNER + code], args=[self.node, ALIVE])
        return owner

    async def take(self, code: str, dead: str) -> str:
        """Takes the room from `dead` (a node seen gone) unless it changed hands meanwhile."""
        owner: str = await self._take(keys=[OWNER + code], args=[self.node, dead])
        return owner

    async def hand(self, code: str, node: str) -> None:
        """The room, if this node owns it, is `node`'s from now on (a live node: it takes the
        room from the database at the room's first client, see node.py)."""
        await self._hand(keys=[OWNER + code], args=[self.node, node])

    async def release(self, code: str) -> None:
        await self._release(keys=[OWNER + code], args=[self.node])

    async def owners(self, codes: list[str]) -> list[str | None]:
        if not codes:
            return []
        found = await self.redis.mget([OWNER + code for code in codes])
        return [None if owner is None else str(owner) for owner in found]
