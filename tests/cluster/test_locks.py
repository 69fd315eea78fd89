"""`PerKey`, the lock a node takes to locate a room: never two tasks inside for one key."""

from __future__ import annotations

import asyncio

from tictac.cluster.locks import PerKey


async def test_a_task_arriving_as_the_lock_is_handed_on_waits_its_turn() -> None:
    """A holds the key's lock and B waits for it; C arrives just as A lets it go, before B woke
    up. The node used to drop a lock at its release, which let C in beside B."""
    locks = PerKey()
    inside: set[str] = set()
    most = 0
    done = asyncio.Event()
    later: list[asyncio.Task[None]] = []

    async def enter(name: str) -> None:
        nonlocal most
        async with locks.hold("ROOM"):
            inside.add(name)
            most = max(most, len(inside))
            await done.wait()
            for _ in range(3):  # others run meanwhile
                await asyncio.sleep(0)
            inside.discard(name)
        if name == "A":  # B has been woken but has not run yet
            later.append(asyncio.create_task(enter("C")))

    a = asyncio.create_task(enter("A"))
    await asyncio.sleep(0)
    b = asyncio.create_task(enter("B"))
    await asyncio.sleep(0)
    done.set()
    await asyncio.gather(a, b)
    assert len(later) == 1  # C was started (the list is read only now, once A has ended)
    await asyncio.gather(*later)
    assert most == 1
    assert len(locks) == 0  # nothing kept once nobody holds or waits


async def test_keys_do_not_wait_for_each_other() -> None:
    locks = PerKey()
    async with locks.hold("ONE"):
        async with asyncio.timeout(30):  # would never end if keys shared a lock
            async with locks.hold("TWO"):
                assert len(locks) == 2
    assert len(locks) == 0


async def test_a_cancelled_waiter_leaves_nothing_behind() -> None:
    locks = PerKey()
    async with locks.hold("ROOM"):
        waiter = asyncio.create_task(locks.hold("ROOM").__aenter__())
        await asyncio.sleep(0)
        waiter.cancel()
        await asyncio.gather(waiter, return_exceptions=True)
    assert len(locks) == 0
