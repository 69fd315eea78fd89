"""The instance admin on a real server: its token (never a room's), its rate limit, its refusal
over plain HTTP from another machine, the rooms list, closing a room with a message its
players get, bans by address and network that refuse creates, joins and WebSockets and outlive
a restart, and the audit log of every action."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from serverproc import TICTAC, ServerProcess
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

pytestmark = pytest.mark.timeout(300)

TOKEN = "correct-horse-battery-staple-42"
ADMIN = {"authorization": f"Bearer {TOKEN}"}
NEW_ROOM = {"game": "time-bomb", "name": "Ann"}
FAR = {"x-forwarded-for": "203.0.113.5"}  # a client on another machine, through the proxy


def start(tmp_path: Path) -> ServerProcess:
    token_file = tmp_path / "admin-token"
    token_file.write_text(TOKEN + "\n")
    # 127.0.0.1 is the trusted proxy: a test speaks for a far client with X-Forwarded-For
    return ServerProcess(tmp_path / "admin.sqlite3", "--admin-token-file", str(token_file),
                         "--trusted-proxies", "127.0.0.1").start()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = start(tmp_path)
    yield process
    process.stop()


def closing_frames(server: ServerProcess, code: str, token: str, headers: dict[str, str],
                   ) -> tuple[list[dict[str, object]], int | None]:
    """What a WebSocket of the room hears until the server closes it, and the close code."""
    heard = []
    with connect(f"{server.ws_base}/ws/{code}", additional_headers=headers) as ws:
        with contextlib.suppress(ConnectionClosed):  # refused before its hello: read below
            ws.send(json.dumps({"type": "hello", "token": token}))
        try:
            while True:
                heard.append(json.loads(ws.recv(60)))
        except ConnectionClosed as closed:
            return heard, closed.rcvd.code if closed.rcvd else None


def test_the_admin_token_is_needed_and_a_room_token_is_not_it(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        room = http.post("/api/rooms", json=NEW_ROOM).json()
        for headers in ({}, {"authorization": f"Bearer {room['token']}"},
                        {"authorization": f"Bearer {TOKEN}x"}, {"authorization": TOKEN}):
            answer = http.get("/api/admin/rooms", headers=headers)
            assert (answer.status_code, answer.json()["code"]) == (401, "bad_admin_token")
        assert http.get("/api/admin/rooms", headers=ADMIN).status_code == 200
        page = http.get("/admin")
        assert page.status_code == 200 and "admin.js" in page.text


def test_a_server_without_an_admin_token_has_no_admin(tmp_path: Path) -> None:
    process = ServerProcess(tmp_path / "plain.sqlite3").start()
    try:
        answer = httpx.get(process.base + "/api/admin/rooms", headers=ADMIN)
        assert (answer.status_code, answer.json()["code"]) == (404, "no_admin")
    finally:
        process.stop()


def test_a_short_admin_token_is_refused_at_start(tmp_path: Path) -> None:
    import subprocess

    (tmp_path / "short").write_text("tooshort")
    done = subprocess.run([TICTAC, "serve", "--db", str(tmp_path / "x.sqlite3"),
                           "--admin-token-file", str(tmp_path / "short")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "at least 16 characters" in done.stderr


def test_plain_http_from_another_machine_is_refused_unless_tls_ends_at_the_proxy(
        server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        answer = http.get("/api/admin/rooms", headers={**ADMIN, **FAR})
        assert (answer.status_code, answer.json()["code"]) == (403, "admin_needs_tls")
        # the trusted proxy says the request came by HTTPS: TLS ended there
        assert http.get("/api/admin/rooms", headers={**ADMIN, **FAR,
                                                     "x-forwarded-proto": "https"}
                        ).status_code == 200


def test_guessing_the_token_is_rate_limited_per_address(server: ServerProcess) -> None:
    wrong = {"authorization": "Bearer not-the-token-at-all"}
    with httpx.Client(base_url=server.base) as http:
        statuses = []
        for _ in range(100):  # at 30 a minute, 100 tries would take over three minutes
            statuses.append(http.get("/api/admin/rooms", headers=wrong).status_code)
            if statuses[-1] == 429:
                break
        assert statuses[-1] == 429 and set(statuses[:-1]) == {401}
        limited = http.get("/api/admin/rooms", headers=ADMIN)  # the right token waits too
        assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
        # another address has a budget of its own
        other = {**ADMIN, "x-forwarded-for": "127.0.0.9"}
        assert http.get("/api/admin/rooms", headers=other).status_code == 200


def test_the_rooms_list_and_a_closed_room_tells_its_players(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        room = http.post("/api/rooms", json=NEW_ROOM).json()
        code = room["code"]
        http.post(f"/api/rooms/{code}/join", json={"name": "Bea"})
        rows = {row["code"]: row for row in http.get("/api/admin/rooms", headers=ADMIN).json()}
        assert rows[code]["game"] == "time-bomb" and rows[code]["status"] == "lobby"
        assert rows[code]["players"] == ["Ann", "Bea"] and rows[code]["connections"] == 0
        assert rows[code]["age_s"] >= 0
        # a message too long for a phone's screen, or none, is refused with a stable code
        for body in ({"message": "x" * 121}, {}, {"message": ""}):
            refused = http.post(f"/api/admin/rooms/{code}/close", json=body, headers=ADMIN)
            assert (refused.status_code, refused.json()["code"]) == (400, "bad_message")
        with connect(f"{server.ws_base}/ws/{code}") as ws:
            ws.send(json.dumps({"type": "hello", "token": room["token"]}))
            ws.recv(60)  # the room: the socket is in
            rows = {row["code"]: row for row in
                    http.get("/api/admin/rooms", headers=ADMIN).json()}
            assert rows[code]["connections"] == 1
            closed = http.post(f"/api/admin/rooms/{code}/close", headers=ADMIN,
                               json={"message": "Fermée : pseudos injurieux"})
            assert closed.status_code == 200
            heard = []
            with pytest.raises(ConnectionClosed) as ended:
                while True:
                    heard.append(json.loads(ws.recv(60)))
        assert ended.value.rcvd is not None and ended.value.rcvd.code == 4405
        assert {"type": "error", "code": "room_closed",
                "message": "Fermée : pseudos injurieux"} in heard
        assert http.get(f"/api/rooms/{code}").status_code == 404
        assert code not in {row["code"] for row in
                            http.get("/api/admin/rooms", headers=ADMIN).json()}
        gone = http.post(f"/api/admin/rooms/{code}/close", headers=ADMIN, json={"message": "x"})
        assert (gone.status_code, gone.json()["code"]) == (404, "no_room")


def test_a_ban_refuses_creates_joins_and_sockets_and_outlives_a_restart(
        tmp_path: Path) -> None:
    server = start(tmp_path)
    try:
        with httpx.Client(base_url=server.base) as http:
            room = http.post("/api/rooms", json=NEW_ROOM).json()
            for bad in ("not-an-address", "10.0.0.0/33", ""):
                refused = http.post("/api/admin/bans", headers=ADMIN,
                                    json={"network": bad, "hours": 1})
                assert refused.status_code == 400, bad
            made = http.post("/api/admin/bans", headers=ADMIN,
                             json={"network": "203.0.113.77/24", "hours": 2, "reason": "spam"})
            assert made.status_code == 201 and made.json()["network"] == "203.0.113.0/24"
            inside = {"x-forwarded-for": "203.0.113.200"}
            for answer in (http.post("/api/rooms", json=NEW_ROOM, headers=inside),
                           http.post(f"/api/rooms/{room['code']}/join", json={"name": "Eve"},
                                     headers=inside)):
                assert (answer.status_code, answer.json()["code"]) == (403, "banned")
            heard, close = closing_frames(server, room["code"], room["token"], inside)
            assert close == 4403 and heard[0]["code"] == "banned"
            # an address outside the network goes on
            assert http.post("/api/rooms", json=NEW_ROOM,
                             headers={"x-forwarded-for": "203.0.114.1"}).status_code == 201
        server.stop()
        server.start()  # the ban is the store's: a restarted server (or another node) holds it
        with httpx.Client(base_url=server.base) as http:
            again = http.post("/api/rooms", json=NEW_ROOM, headers=inside)
            assert (again.status_code, again.json()["code"]) == (403, "banned")
            listed = http.get("/api/admin/bans", headers=ADMIN).json()
            assert [(ban["network"], ban["reason"]) for ban in listed] == [
                ("203.0.113.0/24", "spam")]
            lifted = http.post("/api/admin/bans/lift", headers=ADMIN,
                               json={"network": "203.0.113.0/24"})
            assert lifted.status_code == 200
            assert http.post("/api/rooms", json=NEW_ROOM, headers=inside).status_code == 201
            assert http.get("/api/admin/bans", headers=ADMIN).json() == []
            audit = http.get("/api/admin/audit", headers=ADMIN).json()
            assert [(entry["action"], entry["target"]) for entry in audit] == [
                ("lift_ban", "203.0.113.0/24"), ("ban", "203.0.113.0/24")]
            assert audit[1]["detail"] == "2 h spam" and audit[1]["address"] == "127.0.0.1"
    finally:
        server.stop()


def test_an_action_from_another_site_is_refused(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        answer = http.post("/api/admin/bans", headers={**ADMIN, "origin": "https://evil.example"},
                           json={"network": "192.0.2.1", "hours": 1})
        assert (answer.status_code, answer.json()["code"]) == (403, "bad_origin")
        assert http.get("/api/admin/audit", headers=ADMIN).json() == []


def test_a_shared_deck_taken_down_opens_nothing_and_is_in_the_audit(
        server: ServerProcess) -> None:
    deck = {"language": "fr", "title": "Noms douteux",
            "lines": [f"Copain {chr(65 + i)}" for i in range(12)]}
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/decks", json=deck)
        assert made.status_code == 201, made.text
        code = made.json()["code"]
        assert http.get(f"/api/decks/{code}").status_code == 200
        refused = http.post(f"/api/admin/decks/{code}/take-down", json={})
        assert (refused.status_code, refused.json()["code"]) == (401, "bad_admin_token")
        taken = http.post(f"/api/admin/decks/{code}/take-down", headers=ADMIN, json={})
        assert taken.status_code == 200
        gone = http.get(f"/api/decks/{code}")
        assert (gone.status_code, gone.json()["code"]) == (404, "no_deck")
        again = http.post(f"/api/admin/decks/{code}/take-down", headers=ADMIN, json={})
        assert (again.status_code, again.json()["code"]) == (404, "no_deck")
        entries = http.get("/api/admin/audit", headers=ADMIN).json()
        assert [(entry["action"], entry["target"], entry["detail"]) for entry in entries] == [
            ("take_down_deck", code, "Noms douteux")]
