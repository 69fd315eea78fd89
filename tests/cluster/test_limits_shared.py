"""Issue 21, item 5: behind a load balancer one client reaches every node, so with `--redis` the
per-address limits are the cluster's (cluster/shared_buckets.py): a client spread over two
nodes has the budget of one. While Redis does not answer, each node counts on its own and
every request is still answered. And a node's gauges count every socket it holds: one it
relays to the room's owner is its own, not the owner's."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from serverproc import ServerProcess
from websockets.sync.client import connect

from cluster import Services
from tictac.cluster.services import Redis

pytestmark = pytest.mark.timeout(300)

LEASE_MS = 1500

BURST = 4
# 0.5 a minute: the test never lasts the two minutes a new token takes, however busy the machine
LIMITS = ("--trusted-proxies", "127.0.0.1", "--create-burst", str(BURST),
          "--create-per-min", "0.5")


def two_nodes(postgres_url: str, redis_url: str, logs: Path) -> list[ServerProcess]:
    nodes: list[ServerProcess] = []
    try:
        for index in range(2):
            nodes.append(ServerProcess(postgres_url, "--redis", redis_url,  # type: ignore[arg-type]
                                       "--lease-ms", str(LEASE_MS), *LIMITS,
                                       output=logs / f"node{index}.log").start())
    except BaseException:
        for node in nodes:
            node.stop()
        raise
    return nodes


@pytest.fixture(scope="module")
def pair(services: Services, tmp_path_factory: pytest.TempPathFactory,
         ) -> Iterator[list[ServerProcess]]:
    nodes = two_nodes(services.postgres.url, services.redis.url,
                      tmp_path_factory.mktemp("pair"))
    yield nodes
    for node in nodes:
        node.stop()


def create(node: ServerProcess, client: str) -> httpx.Response:
    """A room made for `client`, as the trusted proxy in front of the nodes names it."""
    return httpx.post(node.base + "/api/rooms", json={"game": "time-bomb", "name": "Ann"},
                      headers={"x-forwarded-for": client}, timeout=60)


def refused_after(node: ServerProcess, client: str, allowed: int) -> list[int]:
    """The statuses of `allowed` + 1 creates: none refused by the limit, then the last."""
    statuses = [create(node, client).status_code for _ in range(allowed + 1)]
    assert 429 not in statuses[:-1] and statuses[-1] == 429, statuses
    return statuses


def test_a_client_spread_over_two_nodes_has_the_budget_of_one(
        pair: list[ServerProcess]) -> None:
    answers = [create(pair[index % 2], "10.21.5.1") for index in range(2 * BURST)]
    made = [answer for answer in answers if answer.status_code == 201]
    assert len(made) == BURST, [answer.status_code for answer in answers]
    for refused in answers[BURST:]:  # from either node, the one refusal of the limit
        assert refused.status_code == 429, refused.text
        assert refused.json()["code"] == "rate_limited"
        # 0.5 a minute: up to 120 s, less the time the creates took (seconds on a busy machine)
        assert 60 <= int(refused.headers["retry-after"]) <= 120
    # Another client's budget is its own.
    assert create(pair[1], "10.21.5.2").status_code == 201


def metric(base: str, name: str) -> float:
    text = httpx.get(base + "/metrics", timeout=30).text
    found = re.search(rf"^{name} (\S+)$", text, re.MULTILINE)
    assert found is not None, text
    return float(found.group(1))


def held(node: ServerProcess) -> tuple[float, int]:
    """The node's sockets, as /metrics and /healthz say."""
    health = httpx.get(node.base + "/healthz", timeout=30).json()
    return metric(node.base, "tictac_connections"), health["connections"]


@contextlib.contextmanager
def hello(node: ServerProcess, code: str, token: str) -> Iterator[None]:
    with connect(f"{node.ws_base}/ws/{code}", open_timeout=60) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        ws.recv(60)  # the room's first message: the owner has connected it
        yield


def test_a_relayed_socket_counts_on_the_node_that_holds_it(pair: list[ServerProcess]) -> None:
    owner, gateway = pair
    room = create(owner, "10.21.6.1").json()
    with hello(gateway, room["code"], room["token"]):
        assert metric(gateway.base, "tictac_relayed_connections") == 1
        assert held(gateway) == (1, 1)
        assert held(owner) == (0, 0)  # its socket is the gateway's
        with hello(owner, room["code"], room["token"]):
            assert held(owner) == (1, 1)
            assert held(gateway) == (1, 1)


def test_with_redis_stopped_each_node_limits_on_its_own_and_answers(
        services: Services, tmp_path: Path) -> None:
    redis = Redis(tmp_path / "redis").start()
    try:
        nodes = two_nodes(services.postgres.url, redis.url, tmp_path)
        try:
            # Shared while Redis answers ...
            statuses = [create(nodes[index % 2], "10.21.7.1").status_code
                        for index in range(BURST + 1)]
            assert statuses == [201] * BURST + [429]
            redis.stop()
            # ... and each node's own once it does not: every request is answered (the rooms
            # cannot be made, `room_unavailable`), the limit's refusal after one node's burst.
            for node in nodes:
                statuses = refused_after(node, "10.21.7.2", BURST)
                assert set(statuses[:-1]) == {503}, statuses
        finally:
            for node in nodes:
                node.stop()
    finally:
        redis.stop()
    logged = "".join(path.read_text() for path in tmp_path.glob("node*.log"))
    assert "limits: Redis did not answer" in logged
