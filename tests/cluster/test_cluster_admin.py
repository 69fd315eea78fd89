"""The instance admin on a cluster of three nodes on one PostgreSQL: a ban made through one node
holds on the others (the store's), a room owned by one node is closed through another while a
phone relayed through the third hears why, and the audit log is the same through every node."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

import httpx
import pytest
from serverproc import ServerProcess
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from cluster import Services
from conftest import start_nodes

pytestmark = pytest.mark.timeout(180)

TOKEN = "cluster-admin-token-for-the-test"
ADMIN = {"authorization": f"Bearer {TOKEN}"}
NEW_ROOM = {"game": "time-bomb", "name": "Ann"}


@pytest.fixture(scope="module")
def admin_nodes(services: Services, tmp_path_factory: pytest.TempPathFactory,
                ) -> Iterator[list[ServerProcess]]:
    os.environ["TICTAC_ADMIN_TOKEN"] = TOKEN  # each node's environment is copied at its start
    try:
        started = start_nodes(services, tmp_path_factory.mktemp("admin-nodes"))
    finally:
        del os.environ["TICTAC_ADMIN_TOKEN"]
    yield started
    for node in started:
        node.stop()


def test_a_ban_made_through_one_node_holds_on_every_node(
        admin_nodes: list[ServerProcess]) -> None:
    made = httpx.post(f"{admin_nodes[2].base}/api/admin/bans", headers=ADMIN,
                      json={"network": "127.0.0.2", "hours": 1, "reason": "test"})
    assert made.status_code == 201
    # from 127.0.0.2: the banned address (a node reads the bans again within 2 s)
    with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2")) as banned:
        for node in admin_nodes:
            while (answer := banned.post(f"{node.base}/api/rooms", json=NEW_ROOM)
                   ).status_code != 403:
                assert answer.status_code == 201
            assert answer.json()["code"] == "banned"
    lifted = httpx.post(f"{admin_nodes[0].base}/api/admin/bans/lift", headers=ADMIN,
                        json={"network": "127.0.0.2"})
    assert lifted.status_code == 200


def test_a_room_is_closed_through_another_node_and_a_relayed_phone_hears_why(
        admin_nodes: list[ServerProcess]) -> None:
    room = httpx.post(f"{admin_nodes[0].base}/api/rooms", json=NEW_ROOM).json()
    with connect(f"{admin_nodes[1].ws_base}/ws/{room['code']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": room["token"]}))
        assert json.loads(ws.recv(60))["type"] == "room"
        closed = httpx.post(f"{admin_nodes[2].base}/api/admin/rooms/{room['code']}/close",
                            headers=ADMIN, json={"message": "Closed by the admin"}, timeout=60)
        assert closed.status_code == 200, closed.text
        heard = []
        with pytest.raises(ConnectionClosed) as ended:
            while True:
                heard.append(json.loads(ws.recv(60)))
    assert {"type": "error", "code": "room_closed", "message": "Closed by the admin"} in heard
    assert ended.value.rcvd is not None and ended.value.rcvd.code == 4405
    for node in admin_nodes:
        assert httpx.get(f"{node.base}/api/rooms/{room['code']}").status_code == 404
        actions = [(entry["action"], entry["target"]) for entry in
                   httpx.get(f"{node.base}/api/admin/audit", headers=ADMIN).json()]
        assert actions[0] == ("close_room", room["code"])
