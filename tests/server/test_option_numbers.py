"""Numbers that do not fit and option values the game would refuse, against a real
`tictac serve` (issue 20, item 3): `1e400` parses to infinity, which used to be accepted, sent
to everyone as null, and then broke every answer about the room (a GET and a join answered 500,
the join after saving a seat nobody got the token of; a create answered 500 and still counted).
The text gate refuses such numbers (`bad_message`); options are checked when they are set."""

from __future__ import annotations

import json

import httpx
import pytest
from serverproc import ServerProcess
from test_ws_host_ops import answers, open_ws

pytestmark = pytest.mark.timeout(120)

JSON = {"content-type": "application/json"}
TOO_BIG = ["1e400", "-1e400", "NaN", "Infinity", "-Infinity", "123456789012345678901234567890"]


def rooms(http: httpx.Client) -> int:
    count: int = http.get("/healthz").json()["rooms"]
    return count


def set_options(server: ServerProcess, code: str, token: str, options: str) -> dict[str, object]:
    """The host's `set_options` with `options` as raw JSON text, and the server's first answer
    to it (an error, or the room summary that follows a change)."""
    ws = open_ws(server, code, token)
    try:
        answers(ws, "room")  # connected: the room came
        ws.send('{"type":"lobby","op":"set_options","options":' + options + "}")
        while True:
            message: dict[str, object] = json.loads(ws.recv(timeout=10))
            if message["type"] in ("error", "room"):
                return message
    finally:
        ws.close()


@pytest.mark.parametrize("number", TOO_BIG)
def test_a_number_that_does_not_fit_is_refused_and_the_room_still_answers(
        server: ServerProcess, number: str) -> None:
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/rooms", json={"game": "times-up", "name": "Host"}).json()
        code = made["code"]
        answer = set_options(server, code, made["token"], '{"teams":[[' + number + "]]}")
        assert answer["type"] == "error" and answer["code"] == "bad_message", answer
        looked = http.get(f"/api/rooms/{code}")
        assert looked.status_code == 200 and looked.json()["options"]["teams"] is None
        joined = http.post(f"/api/rooms/{code}/join", json={"name": "Bea"})
        assert joined.status_code == 200, joined.text
        seats = [seat["name"] for seat in http.get(f"/api/rooms/{code}").json()["seats"]]
        assert seats == ["Host", "Bea"]
        bea = open_ws(server, code, joined.json()["token"])
        answers(bea, "room")  # Bea's token opens her seat
        bea.close()


@pytest.mark.parametrize("number", TOO_BIG)
def test_a_create_with_a_number_that_does_not_fit_is_refused_and_makes_no_room(
        server: ServerProcess, number: str) -> None:
    with httpx.Client(base_url=server.base) as http:
        before = rooms(http)
        body = '{"game":"times-up","name":"Host","options":{"teams":[[' + number + "]]}}"
        made = http.post("/api/rooms", content=body, headers=JSON)
        assert made.status_code == 400 and made.json()["code"] == "bad_message", made.text
        assert rooms(http) == before


@pytest.mark.parametrize(("game", "options"), [
    ("times-up", '{"teams":[[0,0],[1,2]]}'), ("times-up", '{"teams":[[-1,1],[2,3]]}'),
    ("times-up", '{"teams":[[0,12],[2,3]]}'), ("times-up", '{"teams":[[true,0],[2,3]]}'),
    ("times-up", '{"teams":[[0,1.0],[2,3]]}'), ("times-up", '{"teams":[0,1]}'),
    ("times-up", '{"deck_size":40.0}'), ("time-bomb", '{"first_holder":true}'),
    ("time-bomb", '{"first_holder":0.0}'), ("timos-twist", '{"stacking":1}'),
])
def test_an_option_value_the_game_would_refuse_is_refused_when_set(
        server: ServerProcess, game: str, options: str) -> None:
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/rooms", json={"game": game, "name": "Host"}).json()
        answer = set_options(server, made["code"], made["token"], options)
        assert answer["type"] == "error" and answer["code"] == "bad_option", answer
        before = rooms(http)
        body = '{"game":"' + game + '","name":"Host","options":' + options + "}"
        refused = http.post("/api/rooms", content=body, headers=JSON)
        assert refused.status_code == 400 and refused.json()["code"] == "bad_option"
        assert rooms(http) == before


def test_a_good_option_value_is_still_taken(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/rooms", json={"game": "times-up", "name": "Host"}).json()
        answer = set_options(server, made["code"], made["token"], '{"teams":[[0,1],[2,3]]}')
        assert answer["type"] == "room", answer
        assert answer["room"]["options"]["teams"] == [[0, 1], [2, 3]]  # type: ignore[index]
