"""Issue 21, the topology in the suite: two machines (network namespaces joined by veth pairs to
a bridge, see topology.py), each running `tictac serve --workers 2`, PostgreSQL and Redis on
the host side, and Debian's nginx in front as docs/deploy.md shows (deploy/nginx.conf:
round-robin, WebSocket upgrade, no stickiness). Every client goes through nginx, so about half
of them reach the machine that does not own their room and are relayed.

Played through it: every game to its end; a whole machine killed mid-play (every process in
its namespace, SIGKILL); a machine's supervisor killed; one machine cut off from Redis for
10 s (a blackhole route inside its namespace); Redis restarted. After each, every acknowledged
action is in the stored log at the version its ack gave (two owners appending would break
that), and every room acts again.

Needs root (CI runs as root): without it, or where `ip netns add` is refused, the module is
skipped with the reason."""

from __future__ import annotations

import asyncio
import contextlib
import re
import signal
import subprocess
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from nginxproc import nginx
from redis import Redis as RedisClient
from serverproc import ServerProcess
from topology import HOST, NETWORK, POSTGRES_HOST, REDIS_HOST, Machine, machines, unavailable

from cluster import (
    Front,
    Services,
    acked,
    end_and_check,
    moves_nobody_sent,
    none_acknowledged_while_down,
    play_every_game,
    play_tables,
    until_acks,
    until_each_room_acts,
)
from conftest import LEASE_MS
from tictac.cluster.leases import OWNER
from tictac.cluster.node import HANDED_ON, SLACK, SPREAD
from tictac.cluster.services import Postgres, Redis, available

pytestmark = pytest.mark.timeout(600)

ACTING_S = 60.0  # generous: tests never assert on speed (the goal, 5 s, is docs/deploy.md's)
PARTITION_S = 10.0
STORE_CUT_S = 15.0
GONE_AFTER_S = 10  # a seat's stand-in moves after this (shorter than the default 20 s)
LONG_PARTITION_S = 30.0  # longer than a seat takes to count as gone


@dataclass
class Topology:
    machines: list[Machine]
    servers: list[ServerProcess]
    front: Front


@pytest.fixture(scope="module")
def network() -> Iterator[list[Machine]]:
    why = unavailable()
    if why is not None:
        pytest.skip(f"the topology tests need network namespaces: {why}")
    with machines(2) as made:
        yield made


@pytest.fixture(scope="module")
def bridged(network: list[Machine], tmp_path_factory: pytest.TempPathFactory,
            ) -> Iterator[Services]:
    """PostgreSQL and Redis of the host, on the bridge's addresses the machines reach."""
    missing = available()
    if missing is not None:
        pytest.fail(f"the topology tests need {missing}; ./scripts/test installs it")
    postgres = Postgres(POSTGRES_HOST, clients=f"{NETWORK}.0/24")
    redis = Redis(tmp_path_factory.mktemp("bridged") / "redis", REDIS_HOST)
    try:
        postgres.init().start().create_database()
        redis.start()
        yield Services(postgres, redis)
    finally:
        redis.stop()
        postgres.remove()


@pytest.fixture
def topology(network: list[Machine], bridged: Services, tmp_path: Path) -> Iterator[Topology]:
    """`tictac serve --workers 2` in each machine and nginx in front; on every path every
    process of the machines is killed (the namespaces stay for the module's next test)."""
    servers = [ServerProcess(bridged.postgres.url, "--redis", bridged.redis.url,  # type: ignore[arg-type]
                             "--lease-ms", str(LEASE_MS), "--workers", "2",
                             "--gone-after-s", str(GONE_AFTER_S), "--log-level", "info",
                             "--trusted-proxies", HOST,
                             output=tmp_path / f"machine{index}.log",
                             host=machine.address, wrap=machine.wrap)
               for index, machine in enumerate(network)]
    try:
        with ThreadPoolExecutor(len(servers)) as pool:
            list(pool.map(ServerProcess.start, servers))
        upstreams = [f"{server.host}:{server.port}" for server in servers]
        with nginx(tmp_path / "nginx", upstreams, tls=False) as port:
            yield Topology(network, servers, Front(port))
    finally:
        for machine, server in zip(network, servers, strict=True):
            machine.kill()
            if server.process is not None:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    server.process.wait(10)


def owner_pids(services: Services, codes: list[str]) -> list[int | None]:
    """The process owning each room (a node is named host.pid.random), None if none does."""
    with RedisClient.from_url(services.redis.url, decode_responses=True) as redis:
        owners = [redis.get(OWNER + code) for code in codes]
    return [None if owner is None else int(owner.rsplit(".", 2)[1]) for owner in owners]


def owning_most(topology: Topology, pids: list[int | None]) -> Machine:
    return max(topology.machines, key=lambda machine: len(set(machine.pids()) & set(pids)))


def figures(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    return (f"{len(ordered)} rooms, median {ordered[len(ordered) // 2]:.2f} s, "
            f"max {ordered[-1]:.2f} s: " + ", ".join(f"{value:.2f}" for value in seconds))


async def test_every_game_is_played_through_nginx(topology: Topology) -> None:
    await play_every_game([topology.front])


async def test_sigkill_of_a_whole_machine_mid_play(topology: Topology, bridged: Services,
                                                   ) -> None:
    """Issue 21, item 2: every process of one machine killed at once, as a power cut. Its
    rooms come back on the other machine with every acknowledged action; the failover time
    of each (from the kill until the room acknowledges a new action) is printed."""
    tables, players, _, playing = await play_tables([topology.front], 6)
    codes = [code for code, _ in tables]
    await until_acks(players, 60, playing)
    pids = owner_pids(bridged, codes)
    victim = owning_most(topology, pids)
    victims = [pid in victim.pids() for pid in pids]
    assert any(victims)
    victim.kill()
    seconds = await until_each_room_acts([seated for _, seated in tables], ACTING_S)
    print(f"\nfailover after SIGKILL of machine {victim.address}, its rooms: "
          + figures([value for value, its in zip(seconds, victims, strict=True) if its]))
    if not all(victims):
        print("the other machine's rooms: "
              + figures([value for value, its in zip(seconds, victims, strict=True) if not its]))
    before = acked(players)
    await until_acks(players, before + 60, playing)  # the rooms play on
    assert await end_and_check(bridged, tables, playing) >= before + 60


async def test_sigkill_of_a_machine_s_supervisor_mid_play(topology: Topology,
                                                        bridged: Services) -> None:
    """Issue 21, item 4, on the topology: only the supervisor of the machine owning most rooms
    killed; its workers end with it and the other machine takes their rooms."""
    tables, players, _, playing = await play_tables([topology.front], 4)
    await until_acks(players, 40, playing)
    pids = owner_pids(bridged, [code for code, _ in tables])
    machine = owning_most(topology, pids)
    assert any(pid in machine.pids() for pid in pids)
    topology.servers[topology.machines.index(machine)].kill()  # `ip netns exec` ran it itself
    deadline = time.monotonic() + 60
    while machine.pids():
        assert time.monotonic() < deadline, "a worker outlived its supervisor by 60 s"
        await asyncio.sleep(0.1)
    # measured once they are gone: until then they serve on while letting go
    seconds = await until_each_room_acts([seated for _, seated in tables], ACTING_S)
    print(f"\nrooms acting again once the workers of {machine.address} ended with their "
          "supervisor: " + figures(seconds))
    before = acked(players)
    await until_acks(players, before + 40, playing)
    assert await end_and_check(bridged, tables, playing) >= before + 40


async def test_a_machine_cut_off_from_redis_for_10_s(topology: Topology, bridged: Services,
                                                     ) -> None:
    """A blackhole route to Redis inside one machine's namespace for 10 s, then removed: its
    rooms are taken over by the other machine (the cut one keeps its sockets and PostgreSQL),
    never two owners appending, nothing acknowledged lost, every room acts again after."""
    tables, players, _, playing = await play_tables([topology.front], 4)
    codes = [code for code, _ in tables]
    await until_acks(players, 40, playing)
    pids = owner_pids(bridged, codes)
    cut = owning_most(topology, pids)
    assert any(pid in cut.pids() for pid in pids)
    seated = [seated for _, seated in tables]
    cut.cut_from(REDIS_HOST)
    try:
        await asyncio.sleep(PARTITION_S)  # played on meanwhile
    finally:
        cut.join(REDIS_HOST)
    print(f"\nrooms acting again after machine {cut.address} was cut off from Redis for "
          f"{PARTITION_S:g} s (s from the route back): "
          + figures(await until_each_room_acts(seated, ACTING_S)))
    before = acked(players)
    await until_acks(players, before + 40, playing)
    assert await end_and_check(bridged, tables, playing) >= before + 40


async def test_redis_restarted_under_play_through_nginx(topology: Topology, bridged: Services,
                                                        ) -> None:
    """Issue 21, item 1, on the topology: Redis killed and started again (empty) three
    times; after each, every room acts again."""
    tables, players, _, playing = await play_tables([topology.front], 4)
    seated = [seated for _, seated in tables]
    await until_acks(players, 40, playing)
    for _ in range(3):
        bridged.redis.stop()  # SIGKILL, no persistence: every key and subscription lost
        await asyncio.sleep(0.5)
        bridged.redis.start()
        print("\nrooms acting again after a Redis restart (s from Redis up): "
              + figures(await until_each_room_acts(seated, ACTING_S)))
        await until_acks(players, acked(players) + 40, playing)
    assert await end_and_check(bridged, tables, playing) > 120


async def test_postgresql_restarted_under_play_through_nginx(topology: Topology,
                                                             bridged: Services) -> None:
    """Issue 21, the PostgreSQL restart on the topology: while the database is down every
    action is refused `store_failed` and none is acknowledged; once it is back every room acts
    again, with every earlier ack in the stored log."""
    tables, players, _, playing = await play_tables([topology.front], 4)
    seated = [seated for _, seated in tables]
    await until_acks(players, 40, playing)
    bridged.postgres.stop("immediate")
    try:
        await none_acknowledged_while_down(players, ACTING_S)
    finally:
        bridged.postgres.start()
    acked_during = acked(players)
    print("\nrooms acting again after a PostgreSQL restart (s from PostgreSQL up): "
          + figures(await until_each_room_acts(seated, ACTING_S)))
    await until_acks(players, acked_during + 40, playing)
    assert await end_and_check(bridged, tables, playing) >= acked_during + 40


async def healthz(server: ServerProcess) -> int:
    """The status one of the machine's workers answers /healthz with (whichever is handed the
    connection)."""
    async with httpx.AsyncClient(timeout=30) as http:
        return (await http.get(f"{server.base}/healthz")).status_code


async def test_a_machine_cut_off_from_postgresql(topology: Topology, bridged: Services) -> None:
    """A blackhole route to PostgreSQL inside the machine owning most rooms, for 15 s or until
    every room has acted again, whichever is longer: each of its players hears `store_failed`
    or has its socket closed to reconnect (never a silent wait), its /healthz answers 503, and
    the other machine, which reaches the database, takes its rooms over, so that every room
    acts again while the route is still cut. Its log says once per worker that the database
    went away and once that it came back, with no traceback; nothing acknowledged is lost.

    The loss is known from the store's probe (`SqlStore`'s `PROBE_EVERY_S`, `PROBE_BOUND_S`:
    1.5 s), before any call waits out the store's budget (5 s; a node then let its rooms go a
    lease later: 8 to 10 s of silence for its tables), and the machine taking the rooms never finds
    the database unanswering: the cut machine's transaction left open at the cut no longer
    holds its locks until the route is back (the taking node's writes waited on them, and were
    refused, for 20 to 46 s in `bench/cluster_chaos.py`)."""
    tables, players, _, playing = await play_tables([topology.front], 4)
    codes = [code for code, _ in tables]
    await until_acks(players, 40, playing)
    pids = owner_pids(bridged, codes)
    cut = owning_most(topology, pids)
    server = topology.servers[topology.machines.index(cut)]
    theirs = [player for (_, seated), pid in zip(tables, pids, strict=True)
              if pid in cut.pids() for player in seated]
    assert theirs
    errors_before = [len(player.errors) for player in theirs]
    outages_before = [len(player.outages) for player in theirs]
    began = time.monotonic()
    cut.cut_from(POSTGRES_HOST)
    try:
        statuses = {await healthz(server)}
        while 503 not in statuses:
            assert time.monotonic() - began < ACTING_S, "/healthz never failed while cut"
            await asyncio.sleep(0.2)
            statuses.add(await healthz(server))
        unhealthy_s = time.monotonic() - began
        seconds = await until_each_room_acts([seated for _, seated in tables], ACTING_S)
        print(f"\nmachine {cut.address} cut off from PostgreSQL: /healthz 503 after "
              f"{unhealthy_s:.2f} s; rooms acting again (s from then): " + figures(seconds))
        assert not set(owner_pids(bridged, codes)) & set(cut.pids())  # all on the other one
        await asyncio.sleep(max(0.0, STORE_CUT_S - (time.monotonic() - began)))
    finally:
        cut.join(POSTGRES_HOST)
    for player, errors, outages in zip(theirs, errors_before, outages_before, strict=True):
        refused = [error["code"] for error in player.errors[errors:]]
        assert "store_failed" in refused or player.outages[outages:], player.describe()
    while await healthz(server) != 200 or await healthz(server) != 200:
        assert time.monotonic() - began < STORE_CUT_S + ACTING_S, "/healthz stayed 503"
        await asyncio.sleep(0.2)
    before = acked(players)
    await until_acks(players, before + 40, playing)
    assert await end_and_check(bridged, tables, playing) >= before + 40
    assert server.output is not None
    logged = server.output.read_text(errors="replace")
    assert "Traceback" not in logged
    assert 1 <= logged.count("does not answer (") <= 2  # a worker's store: one line each way
    assert logged.count("does not answer (") == logged.count("answers again after")
    budget_run_out = re.compile(r"does not answer \((a write was not kept|no answer) in 5 s\)")
    assert not budget_run_out.search(logged), logged  # the probe said it first
    [taking] = [other for other in topology.servers if other is not server]
    assert taking.output is not None
    assert "does not answer (" not in taking.output.read_text(errors="replace")


async def test_a_machine_cut_off_from_redis_for_30_s(topology: Topology, bridged: Services,
                                                     ) -> None:
    """A blackhole route to Redis inside the machine owning most rooms for 30 s, longer than a
    seat takes to count as gone, with players on both machines. The cut machine cannot renew
    its lease, so it gives its rooms up before the lease runs out (its clients reconnect to the
    other machine): no room has two acting copies, so no stand-in ever moves for a player
    connected to the other copy (every stored action was sent by its seat's player), and
    nothing acknowledged is lost."""
    tables, players, _, playing = await play_tables([topology.front], 4)
    codes = [code for code, _ in tables]
    await until_acks(players, 40, playing)
    pids = owner_pids(bridged, codes)
    cut = owning_most(topology, pids)
    assert any(pid in cut.pids() for pid in pids)
    cut.cut_from(REDIS_HOST)
    try:
        await asyncio.sleep(LONG_PARTITION_S)  # played on meanwhile
        during = acked(players)
    finally:
        cut.join(REDIS_HOST)
    print(f"\nrooms acting again after machine {cut.address} was cut off from Redis for "
          f"{LONG_PARTITION_S:g} s (s from the route back): "
          + figures(await until_each_room_acts([seated for _, seated in tables], ACTING_S)))
    before = acked(players)
    await until_acks(players, before + 40, playing)
    assert await end_and_check(bridged, tables, playing) >= before + 40
    assert await moves_nobody_sent(bridged, tables) == []
    server = topology.servers[topology.machines.index(cut)]
    assert server.output is not None
    assert "its lease was not renewed" in server.output.read_text(errors="replace")
    print(f"{during} actions acknowledged by the end of the cut")


def spread_moves(logged: str) -> list[str]:
    return re.findall(rf"room (\w+): {SPREAD}", logged)


async def until_spread(topology: Topology, services: Services, codes: list[str]) -> list[int]:
    """Waits (bounded generously) until no machine owns more than its share of the rooms
    plus one per worker (`node.SLACK` - 1 each), and returns how many each owns."""
    began = time.monotonic()
    share = -(-len(codes) // len(topology.machines))
    while True:
        pids = owner_pids(services, codes)
        owned = [len([pid for pid in pids if pid in set(machine.pids())])
                 for machine in topology.machines]
        if max(owned) <= share + 2 * (SLACK - 1):
            return owned
        assert time.monotonic() - began < ACTING_S, f"rooms never spread: {owned}"
        await asyncio.sleep(0.2)


async def test_a_rolling_upgrade(topology: Topology, bridged: Services) -> None:
    """SIGTERM to each machine in turn, each started again before the next stops, as a rolling
    upgrade goes. A stopping machine closes its port first, then hands each room on between
    two moves to the live node with the fewest rooms (its owner key now names that node, then
    its clients are closed with 1012 and reconnect at once), so each room it owned is restored
    once elsewhere (or, handed to the stopping machine's other worker as it began to stop too,
    handed on again by it: never restored more often than moved); a machine started again
    gets its share of the rooms back (the others hand their surplus on), so rooms do not all end
    on the machine stopped first. Every room acts again after each stop; each room's longest
    outage (a client's socket closed until the room's next view reached it) over the whole
    upgrade is printed (the goal is under 1 s; bounded only by the suite's patience here), and
    nothing acknowledged is lost. nginx sends a connection to a machine started again at once
    (deploy/nginx.conf: no failure accounting), so the next stop does not wait for it."""
    tables, players, _, playing = await play_tables([topology.front], 8)
    codes = [code for code, _ in tables]
    seated = [seated for _, seated in tables]
    await until_acks(players, 80, playing)
    stops: Counter[str] = Counter()
    for machine, server in zip(topology.machines, topology.servers, strict=True):
        pids = set(machine.pids())
        stops.update(code for code, pid in zip(codes, owner_pids(bridged, codes), strict=True)
                     if pid in pids)
        assert server.process is not None
        server.process.send_signal(signal.SIGTERM)  # `ip netns exec` ran the supervisor itself
        print(f"\nrooms acting again after SIGTERM to machine {machine.address} (s from the "
              "signal): " + figures(await until_each_room_acts(seated, ACTING_S)))
        server.process.wait(60)
        await asyncio.to_thread(server.start, server.port)
        print(f"rooms owned by each machine once {machine.address} is back: "
              f"{await until_spread(topology, bridged, codes)}")
    outages = [max([0.0, *(outage for player in table for outage in player.outages)])
               for table in seated]
    print("each room's longest outage (a client's socket closed until its next view): "
          + figures(outages))
    every = sorted(outage for table in seated for player in table for outage in player.outages)
    print(f"every client's outages: {len(every)}, median {every[len(every) // 2]:.2f} s, "
          f"the longest {', '.join(f'{outage:.2f}' for outage in every[-12:])}")
    assert max(outages) < ACTING_S
    before = acked(players)
    await until_acks(players, before + 80, playing)
    assert await end_and_check(bridged, tables, playing) >= before + 80
    restored: Counter[str] = Counter()
    handed: Counter[str] = Counter()
    moves: Counter[str] = Counter()
    for server in topology.servers:
        assert server.output is not None
        logged = server.output.read_text()
        restored.update(re.findall(r"room (\w+) restored here", logged))
        # (a room handed to the other worker of its machine as that one began to stop too is
        # handed on again: a move of its own, logged as the stop's)
        handed.update(re.findall(rf"room (\w+): {HANDED_ON}", logged))
        moves.update(spread_moves(logged))
        # (a worker stuck past its lease on a loaded machine gives its rooms up too: a move
        # of its own, not the stop's)
        moves.update(re.findall(r"room (\w+): this server's lease was not renewed", logged))
    moves.update({code: max(stops[code], handed[code]) for code in codes})
    print(f"moves: {sum(stops.values())} by the stops, {sum(moves.values())} in all; "
          f"{sum(restored.values())} restorations")
    assert sum(restored.values()) > 0
    # never twice for one move (a room whose players had not come back by the end is not
    # restored after the last one)
    assert all(restored[code] <= moves[code] for code in codes), (restored, moves)
