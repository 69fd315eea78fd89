"""Players' reports on a real server: a name, a chat line, a name written in the game and the
room's shared deck, each kept as the room showed it (a report of what was never shown is
refused), limited per address and per room, kept across a restart, and the admin's queue that
lists them (never a token) and leaves with what the admin did, in the audit log."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverproc import ServerProcess
from test_admin import ADMIN, start
from test_ws_hostile import Socket

from tictac.server.settings import ServerSettings

pytestmark = pytest.mark.timeout(300)

DECK = {"language": "fr", "title": "Noms douteux",
        "cards": [{"name": f"Copain {chr(65 + i)}", "about": ""} for i in range(12)]}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = start(tmp_path)
    yield process
    process.stop()


def bearer(token: str, **more: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}", **more}


def far(number: int) -> dict[str, str]:
    """Another client's address, through the trusted proxy."""
    return {"x-forwarded-for": f"198.51.100.{number}"}


def queue(http: httpx.Client) -> list[dict[str, Any]]:
    answer = http.get("/api/admin/reports", headers=ADMIN)
    assert answer.status_code == 200
    found: list[dict[str, Any]] = answer.json()
    return found


def test_names_chat_and_the_deck_are_reported_as_shown_and_the_admin_acts(
        tmp_path: Path) -> None:
    server = start(tmp_path)
    try:
        with httpx.Client(base_url=server.base) as http:
            made = http.post("/api/rooms", json={"game": "times-up", "name": "Ann"}).json()
            code = made["code"]
            rude = http.post(f"/api/rooms/{code}/join", json={"name": "Gros Mot"}).json()
            deck = http.post("/api/decks", json=DECK).json()["code"]
            host, other = (Socket(f"{server.ws_base}/ws/{code}", joined["token"])
                           for joined in (made, rude))
            try:
                host.until(lambda m: m["type"] == "room")
                host.send({"type": "lobby", "op": "use_deck", "code": deck})
                host.until(lambda m: m["type"] == "room" and m["room"]["deck"] is not None)
                other.send({"type": "chat", "text": "une ligne vilaine"})
                host.until(lambda m: m["type"] == "chat")
            finally:
                host.ws.close()
                other.ws.close()
            url, mine = f"/api/rooms/{code}/reports", bearer(made["token"])
            for body in ({"what": "name", "text": "Gros Mot"},
                         {"what": "chat", "text": "une ligne vilaine"},
                         {"what": "deck"}):
                answer = http.post(url, json=body, headers=mine)
                assert answer.status_code == 201, answer.text
            # what the room never showed, a token of no place here, none, a bad kind, no
            # room (each from an address of its own: an address sends 5 at once)
            refused = [http.post(where, json=body, headers={**headers, **far(number)})
                       for number, (where, body, headers) in enumerate([
                           (url, {"what": "chat", "text": "jamais dit"}, mine),
                           (url, {"what": "name", "text": "Personne"}, mine),
                           (url, {"what": "name", "text": "Ann"}, bearer("not-a-token")),
                           (url, {"what": "name", "text": "Ann"}, {}),
                           (url, {"what": "mood", "text": "x"}, mine),
                           ("/api/rooms/NOPE1/reports", {"what": "deck"}, mine)])]
            assert [(answer.status_code, answer.json()["code"]) for answer in refused] == [
                (400, "bad_report"), (400, "bad_report"), (401, "bad_token"),
                (401, "bad_token"), (400, "bad_message"), (404, "no_room")]
        server.stop()
        server.start()  # the queue is the store's: it outlives a restart
        with httpx.Client(base_url=server.base) as http:
            assert http.get("/api/admin/reports").status_code == 401  # the admin's only
            waiting = queue(http)
            assert [(r["room"], r["what"], r["text"], r["context"]) for r in waiting] == [
                (code, "deck", "Noms douteux", deck),
                (code, "chat", "une ligne vilaine", "Gros Mot"),
                (code, "name", "Gros Mot", "")]
            assert len({r["reporter"] for r in waiting}) == 1  # one reporter, as a digest
            assert made["token"] not in str(waiting) and rude["token"] not in str(waiting)
            by_what = {r["what"]: r["id"] for r in waiting}
            # the actions the queue offers, each then resolving its report
            assert http.post(f"/api/admin/decks/{deck}/take-down", headers=ADMIN,
                             json={}).status_code == 200
            assert http.post(f"/api/admin/rooms/{code}/close", headers=ADMIN,
                             json={"message": "Fermée"}).status_code == 200
            for what, outcome in (("deck", "deck_taken_down"), ("chat", "dismissed"),
                                  ("name", "room_closed")):
                resolved = http.post(f"/api/admin/reports/{by_what[what]}/resolve",
                                     headers=ADMIN, json={"outcome": outcome})
                assert resolved.status_code == 200, resolved.text
            assert queue(http) == []
            again = {**ADMIN, "x-forwarded-for": "127.0.0.2"}  # (the admin's burst is 10)
            twice = http.post(f"/api/admin/reports/{by_what['chat']}/resolve", headers=again,
                              json={"outcome": "dismissed"})
            assert (twice.status_code, twice.json()["code"]) == (404, "no_report")
            wrong = http.post("/api/admin/reports/1/resolve", headers=again,
                              json={"outcome": "shrugged"})
            assert (wrong.status_code, wrong.json()["code"]) == (400, "bad_message")
            audit = http.get("/api/admin/audit", headers=again).json()
            assert [(entry["action"], entry["detail"]) for entry in audit[:3]] == [
                ("resolve_report", "room_closed: Gros Mot"),
                ("resolve_report", "dismissed: une ligne vilaine"),
                ("resolve_report", "deck_taken_down: Noms douteux")]
    finally:
        server.stop()


def test_reports_are_limited_per_address_and_per_room(server: ServerProcess) -> None:
    per_address, per_room = ServerSettings.report_burst, ServerSettings.room_report_burst
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/rooms", json={"game": "time-bomb", "name": "Ann"}).json()
        url, body = f"/api/rooms/{made['code']}/reports", {"what": "name", "text": "Ann"}
        statuses = [http.post(url, json=body, headers=bearer(made["token"])).status_code
                    for _ in range(per_address + 1)]
        assert statuses == [201] * per_address + [429]
        # others' addresses, a few reports each, until the room's own limit
        sent = per_address
        for number in range(per_room):
            answer = http.post(url, json=body, headers={**bearer(made["token"]), **far(number)})
            if answer.status_code == 429:
                break
            assert answer.status_code == 201
            sent += 1
        assert sent == per_room and answer.json()["code"] == "rate_limited"
        assert "this room" in answer.json()["message"]
        assert len(queue(http)) == per_room


def test_a_written_name_is_reported_by_whom_it_was_shown(server: ServerProcess) -> None:
    options = {"pack": "players", "names_per_player": 2, "turn_seconds": 120,
               "teams": [[0, 1], [2, 3]]}
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/rooms", json={"game": "times-up", "name": "P0",
                                             "options": options}).json()
        code = made["code"]
        tokens = [made["token"], *[http.post(f"/api/rooms/{code}/join", json={"name": name})
                                   .json()["token"] for name in ("P1", "P2", "P3")]]
        sockets = [Socket(f"{server.ws_base}/ws/{code}", token) for token in tokens]
        try:
            sockets[0].send({"type": "lobby", "op": "start"})
            for seat, socket in enumerate(sockets):
                socket.until(lambda m: m["type"] == "view")
                socket.send({"type": "action", "action": {
                    "type": "write", "names": [f"Nom {seat} {i}" for i in range(2)]}})
            view = sockets[0].until(lambda m: m["type"] == "view"
                                    and m["view"].get("turn") is not None)["view"]
            cluegiver = view["turn"]["cluegiver"]
            sockets[cluegiver].send({"type": "action", "action": {"type": "start"}})
            shown = sockets[cluegiver].until(
                lambda m: m["type"] == "view" and m["view"]["phase"] == "running")["view"]
        finally:
            for socket in sockets:
                socket.ws.close()
        card = next(text for text in (f"Nom {s} {i}" for s in range(4) for i in range(2))
                    if text in str(shown))
        guesser = next(seat for seat in range(4) if seat != cluegiver)
        url, body = f"/api/rooms/{code}/reports", {"what": "written", "text": card}
        # a guesser was not shown the card: the report would tell them it is in the deck
        hidden = http.post(url, json=body, headers=bearer(tokens[guesser]))
        assert (hidden.status_code, hidden.json()["code"]) == (400, "bad_report")
        assert http.post(url, json=body, headers=bearer(tokens[cluegiver])).status_code == 201
        assert [(r["what"], r["text"], r["context"]) for r in queue(http)] == [
            ("written", card, "times-up")]
