"""Bad input over a real socket: every malformed, oversized, unknown or illegal message gets one
`error` and nothing else changes; the rate limit; the HTTP API's answers."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonvalues import PRINTABLE
from jsonvalues import printable_json_values as json_values
from rawws import RawClient
from serverproc import ServerProcess
from websockets.sync.client import ClientConnection, connect

JSON = {"content-type": "application/json"}
LIMIT = 4096  # the server's default message size limit, in bytes (docs/protocol.md)
RATE, BURST = 200, 400  # ServerProcess runs with --rate 200: a burst of twice that
TYPES = ("action", "chat", "sync", "ping", "lobby")  # the protocol's message types
# Lobby ops that need no field (docs/protocol.md): hypothesis once drew "sit" as a malformed op.
BARE_OPS = ("start", "add_bot", "play_again", "sit", "end_evening", "pause", "resume",
            "close_writing", "show_code", "save_deck")

# Each malformed message with the code docs/protocol.md gives it, worked out here and not by
# the server's own parser.
text = st.text(PRINTABLE, max_size=60)  # nothing the text gate refuses
# What docs/protocol.md says the gate refuses in any string: a control character, a
# bidirectional override, a lone surrogate.
refused_char = st.sampled_from(["\x00", "\x1f", "\x7f", "\u202e", "\u2066", "\ud800"])


def _not_json(candidate: str) -> bool:
    try:
        json.loads(candidate)
    except ValueError:
        return True
    return False


not_object = json_values.filter(lambda value: not isinstance(value, dict)).map(json.dumps)
bad_type = st.one_of(
    st.just({}), json_values.filter(lambda value: not isinstance(value, str))
    .map(lambda kind: {"type": kind}))
unknown = text.filter(lambda kind: kind not in TYPES).map(lambda kind: {"type": kind})
not_a_dict = json_values.filter(lambda value: not isinstance(value, dict))
not_a_number = json_values.filter(lambda value: isinstance(value, (str, list, dict, bool))
                                  or value is None)
misfit = st.one_of(
    st.just({"type": "action"}),
    not_a_dict.map(lambda action: {"type": "action", "action": action}),
    st.builds(lambda extra: {"type": "action", "action": {}, **extra},
              st.dictionaries(st.sampled_from(["x", "seat", "Action"]), json_values,
                              min_size=1, max_size=2)),
    st.just({"type": "chat"}), st.just({"type": "chat", "text": ""}),
    json_values.filter(lambda value: not isinstance(value, str))
    .map(lambda value: {"type": "chat", "text": value}),
    st.just({"type": "ping"}), not_a_number.map(lambda t: {"type": "ping", "t": t}),
    json_values.map(lambda value: {"type": "sync", "x": value}),
    st.just({"type": "lobby"}),
    text.filter(lambda op: op not in BARE_OPS).map(lambda op: {"type": "lobby", "op": op}),
)
oversized = st.integers(LIMIT // 2 + 1, LIMIT).map(
    lambda n: json.dumps({"type": "chat", "text": "é" * n}, ensure_ascii=False))
malformed = st.one_of(
    text.filter(_not_json).map(lambda raw: (raw, "bad_json")),
    not_object.map(lambda raw: (raw, "bad_json")),
    bad_type.map(lambda message: (json.dumps(message), "bad_message")),
    unknown.map(lambda message: (json.dumps(message), "unknown_type")),
    misfit.map(lambda message: (json.dumps(message), "bad_message")),
    oversized.map(lambda raw: (raw, "too_large")),
    refused_char.map(lambda bad: (json.dumps({"type": "chat", "text": f"hi{bad}"}), "bad_text")),
)


class Seat:
    """One connection to a room where the game waits for this very seat, so no message but
    an answer to ours can arrive."""

    def __init__(self, server: ServerProcess) -> None:
        with httpx.Client(base_url=server.base) as http:
            made = http.post("/api/rooms", json={"game": "time-bomb", "name": "Solo",
                                                 "options": {"first_holder": 0}}).json()
            for name in ("B", "C", "D"):
                http.post(f"/api/rooms/{made['code']}/join", json={"name": name})
        self.url, self.token = f"{server.ws_base}/ws/{made['code']}", made["token"]

    def __enter__(self) -> Seat:
        self.ws: ClientConnection = connect(self.url, compression=None,
                                            max_queue=None).__enter__()
        self.send({"type": "hello", "token": self.token})
        room = self.recv()["room"]
        # B, C and D never connect: once they count as away (3 s) and with the game waiting
        # for the gone for an hour, no presence change comes in the middle of a test.
        self.send({"type": "lobby", "op": "set_policy", "policy": "wait", "after_s": 3600})
        while [seat["presence"] for seat in room["seats"][1:]] != ["away"] * 3:
            room = self.recv()["room"]
        self.send({"type": "lobby", "op": "start"})
        while (message := self.recv())["type"] != "view":
            pass
        self.version = message["version"]
        self.legal = message["view"]["legal"]
        self.room, self.view = self.state()[0], message["view"]
        return self

    def state(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The room summary and the `view` message the server holds for this seat now."""
        self.send({"type": "sync"})
        room, view = self.recv(), self.recv()
        assert (room["type"], view["type"]) == ("room", "view"), (room, view)
        return room["room"], view

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


@settings(max_examples=150,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow, HealthCheck.data_too_large])
@given(sent=malformed)
def test_malformed_message_gets_one_error_and_changes_nothing(
        seat: Seat, sent: tuple[str, str]) -> None:
    raw, code = sent
    seat.ws.send(raw)
    answer = seat.recv()
    assert answer["type"] == "error" and answer["code"] == code, (raw, answer)
    room, view = seat.state()
    assert room == seat.room and view["version"] == seat.version and view["view"] == seat.view


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


def test_a_flood_is_refused_throttled_and_then_closed(server: ServerProcess) -> None:
    """Issue 20 (another room's ping under a flood): a socket over its rate gets `rate_limited`
    for a frame it sent too fast and is then read no faster than the rate (its backlog waits
    in the network, costing the server nothing); one that goes on, more than BURST frames
    refused without a quiet spell, is closed with 1008 and the rest of its backlog is dropped
    unanswered. Pings written as fast as the server takes them, however fast the machine."""
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/rooms", json={"game": "time-bomb", "name": "Solo"}).json()
    flood = RawClient(server.port, f"/ws/{made['code']}")
    try:
        flood.send(flood.frame(json.dumps({"type": "hello", "token": made["token"]})))
        while json.loads(flood.recv()[1])["type"] != "room":
            pass
        started = time.monotonic()
        answers, sent, close = flood.flood(
            flood.frame(json.dumps({"type": "ping", "t": t})) for t in range(100_000))
        elapsed = time.monotonic() - started
    finally:
        flood.close()
    assert close == 1008
    pongs = [answer["t"] for answer in answers if answer["type"] == "pong"]
    errors = [answer for answer in answers if answer["type"] == "error"]
    assert {error["code"] for error in errors} == {"rate_limited"}
    assert len(pongs) + len(errors) == len(answers) < sent  # the backlog went unanswered
    assert len(errors) > BURST  # a refusal each, then the close
    assert pongs[:BURST] == list(range(BURST))  # one answer each, in order
    assert pongs == sorted(pongs)
    assert len(pongs) <= BURST + RATE * elapsed


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
    with connect(f"{server.ws_base}/ws/ZZZZZ") as ws:
        assert json.loads(ws.recv(timeout=5))["code"] == "no_room"
    made = httpx.post(server.base + "/api/rooms", json={"game": "time-bomb", "name": "A"}).json()
    with connect(f"{server.ws_base}/ws/{made['code']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": "stolen"}))
        assert json.loads(ws.recv(timeout=5))["code"] == "bad_token"
