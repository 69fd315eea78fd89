"""Bad input over a real socket: every malformed, oversized, unknown or illegal message gets one
`error` and nothing else changes; the rate limit; the HTTP API's answers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from jsonvalues import json_values
from serverproc import ServerProcess
from websockets.sync.client import ClientConnection, connect

from tictac.engine import IllegalAction
from tictac.server.models import CLIENT_TYPES
from tictac.server.ws import parse

LIMIT = 4096
JSON = {"content-type": "application/json"}
typed = st.builds(
    lambda kind, extra: json.dumps({**extra, "type": kind}),
    st.sampled_from([*CLIENT_TYPES, "Action", "", "hello"]),
    st.dictionaries(st.sampled_from(["action", "text", "op", "t", "id", "seat", "x"]),
                    json_values, max_size=3),
)
sendable = st.text(st.characters(exclude_categories=["Cs"]), max_size=60)  # valid UTF-8
messages = st.one_of(sendable, json_values.map(json.dumps), typed,
                     st.integers(LIMIT // 2 - 20, LIMIT).map(lambda n: json.dumps(
                         {"type": "chat", "text": "é" * n}, ensure_ascii=False)))


class Seat:
    """One connection to a room where the game waits for this very seat, so no message but
    an answer to ours can arrive."""

    def __init__(self, server: ServerProcess) -> None:
        with httpx.Client(base_url=server.base) as http:
            made = http.post("/api/rooms", json={"game": "time-bomb", "name": "Solo",
                                                 "options": {"first_holder": 0}}).json()
            for name in ("B", "C", "D"):
                http.post(f"/api/rooms/{made['code']}/join", json={"name": name})
        self.url = f"{server.ws_base}/ws/{made['code']}?token={made['token']}"

    def __enter__(self) -> Seat:
        self.ws: ClientConnection = connect(self.url, compression=None).__enter__()
        self.recv()
        self.send({"type": "lobby", "op": "start"})
        while (message := self.recv())["type"] != "view":
            pass
        self.version = message["version"]
        self.legal = message["view"]["legal"]
        return self

    def __exit__(self, *exc: object) -> None:
        self.ws.close()

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def recv(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=10))
        return message


@pytest.fixture(scope="module")
def seat(server: ServerProcess) -> Iterator[Seat]:
    with Seat(server) as seat:
        yield seat


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=messages)
def test_malformed_message_gets_one_error_and_changes_nothing(seat: Seat, text: str) -> None:
    try:
        parse(text, LIMIT)
    except IllegalAction as expected:
        seat.ws.send(text)
        answer = seat.recv()
        assert answer["type"] == "error" and answer["code"] == expected.code, answer
        return
    assume(False)  # a valid message: the other tests cover those


def test_the_room_goes_on_after_bad_input(seat: Seat) -> None:
    seat.send({"type": "action", "action": {"type": "detonate"}, "id": 7})
    assert seat.recv() == {"type": "error", "code": "unknown_action", "id": 7,
                           "message": "unknown action type 'detonate'"}
    seat.send({"type": "action", "action": {"type": "cut", "target": 0, "position": 0}, "id": 8})
    assert seat.recv()["id"] == 8
    seat.send({"type": "sync"})
    assert seat.recv()["type"] == "room"
    assert seat.recv()["version"] == seat.version
    seat.send({"type": "action", "action": seat.legal[0], "id": 9})
    assert seat.recv() == {"type": "ack", "id": 9, "version": seat.version + 1}


def test_a_flood_is_rate_limited(server: ServerProcess) -> None:
    with Seat(server) as flood:
        for index in range(600):
            flood.send({"type": "ping", "t": index})
        answers = [flood.recv() for _ in range(600)]
    codes = {answer.get("code") for answer in answers if answer["type"] == "error"}
    pongs = sum(1 for answer in answers if answer["type"] == "pong")
    assert codes == {"rate_limited"} and 400 <= pongs < 600


def test_http_api_answers_with_codes(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        games = http.get("/api/games").json()
        assert {game["name"] for game in games} == {"timos-twist", "time-bomb", "times-up"}
        refusals = [
            (http.post("/api/rooms", json={"game": "chess", "name": "A"}), 404, "unknown_game"),
            (http.post("/api/rooms", json={"game": "time-bomb", "name": " "}), 400, "bad_name"),
            (http.post("/api/rooms", content=b"{", headers=JSON), 400, "bad_json"),
            (http.post("/api/rooms", json={"game": "time-bomb"}), 400, "bad_message"),
            (http.post("/api/rooms", json={"game": "time-bomb", "name": "A" * 20_000}), 413,
             "too_large"),
            (http.get("/api/rooms/ZZZZZ"), 404, "no_room"),
            (http.post("/api/rooms/ZZZZZ/join", json={"name": "A"}), 404, "no_room"),
            (http.post("/api/rooms", json={"game": "time-bomb", "name": "A",
                                           "options": {"first_holder": 99}}), 400, "bad_option"),
        ]
        for answer, status, code in refusals:
            assert (answer.status_code, answer.json()["code"]) == (status, code), answer.text
        made = http.post("/api/rooms", json={"game": "time-bomb", "name": "A"}).json()
        code = made["code"]
        assert http.get(f"/api/rooms/{code.lower()}").json()["seats"][0]["name"] == "A"
        assert http.post(f"/api/rooms/{code}/join", json={"name": "a"}).status_code == 409
        assert http.get(f"/api/rooms/{code}/replay").json()["code"] == "wrong_status"
        assert http.get("/healthz").json()["ok"] is True
        metrics = http.get("/metrics").text
        assert "tictac_actions_total" in metrics
        assert 'tictac_errors_total{code="no_room"}' in metrics
        assert "/api/rooms/{code}/join" in http.get("/openapi.json").json()["paths"]
        assert http.get("/docs").status_code == 200


def test_pages_answer_the_web_client(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        home = http.get("/")
        for path in ("/r/ABCDE", "/r/ABCDE/tv", "/rules/time-bomb", "/replay/ABCDE"):
            page = http.get(path)
            assert (page.status_code, page.text) == (home.status_code, home.text)
        assert http.get("/static/../../../pyproject.toml").status_code == 404
        assert http.get("/static/no-such-file.js").status_code == 404


def test_unknown_room_or_token_closes_the_socket(server: ServerProcess) -> None:
    with connect(f"{server.ws_base}/ws/ZZZZZ?token=x") as ws:
        assert json.loads(ws.recv(timeout=5))["code"] == "no_room"
    made = httpx.post(server.base + "/api/rooms", json={"game": "time-bomb", "name": "A"}).json()
    with connect(f"{server.ws_base}/ws/{made['code']}?token=stolen") as ws:
        assert json.loads(ws.recv(timeout=5))["code"] == "bad_token"
