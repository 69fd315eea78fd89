"""The instance admin on a cluster of three nodes on one PostgreSQL: a ban made through one node
holds on the others (the store's), a room owned by one node is closed through another while a
phone relayed through the third hears why, and the audit log is the same through every node;
the rooms list through any node is the cluster's (each node asked through Redis), with the
relayed connections counted; a report sent through a node that does not own the room lands in
the queue every node reads."""

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


def test_the_rooms_list_is_the_clusters_through_any_node(
        admin_nodes: list[ServerProcess]) -> None:
    rooms = [httpx.post(f"{node.base}/api/rooms", json=NEW_ROOM).json() for node in admin_nodes]
    # the first room's phone comes through the second node: relayed to the room's owner
    with connect(f"{admin_nodes[1].ws_base}/ws/{rooms[0]['code']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": rooms[0]["token"]}))
        assert json.loads(ws.recv(60))["type"] == "room"
        for node in admin_nodes:
            answer = httpx.get(f"{node.base}/api/admin/rooms", headers=ADMIN, timeout=60)
            assert answer.headers["x-tictac-unanswered-nodes"] == "0"
            listed = {row["code"]: row for row in answer.json()}
            assert {room["code"] for room in rooms} <= set(listed)
            rows = [listed[room["code"]] for room in rooms]
            assert len({row["node"] for row in rows}) == 3  # each room on the node that made it
            assert [(row["connections"], row["relayed"]) for row in rows] == [
                (1, 1), (0, 0), (0, 0)]
            assert rows[0]["players"] == ["Ann"] and rows[0]["status"] == "lobby"


def test_a_report_through_another_node_reaches_the_queue_of_every_node(
        admin_nodes: list[ServerProcess]) -> None:
    room = httpx.post(f"{admin_nodes[0].base}/api/rooms", json=NEW_ROOM).json()
    reported = httpx.post(f"{admin_nodes[1].base}/api/rooms/{room['code']}/reports",
                          headers={"authorization": f"Bearer {room['token']}"},
                          json={"what": "name", "text": "Ann"}, timeout=60)
    assert reported.status_code == 201, reported.text
    for node in admin_nodes:
        queue = httpx.get(f"{node.base}/api/admin/reports", headers=ADMIN).json()
        assert (queue[0]["room"], queue[0]["what"], queue[0]["text"]) == (
            room["code"], "name", "Ann")
