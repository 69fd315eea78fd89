"""Shared decks over HTTP against a real `tictac serve` (issue 25, item 3): a deck or a pasted
list is kept under a code and read back as the file it exports to; hostile bodies (text the
gate refuses, broken JSON, bodies past the bound, decks past their limits, floods) get stable
codes and keep nothing; a deck saved by one room is loaded by code in another."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonvalues import json_values
from serverproc import ServerProcess
from test_ws_hostile import KNOWN_CODES, Socket, assert_clean, hostile_text

from tictac.engine import get_info
from tictac.games.times_up import decks as deck_rules

pytestmark = pytest.mark.timeout(180)
DECK_FORMAT = get_info("times-up").decks
assert DECK_FORMAT is not None
MAX_DECK_BODY = DECK_FORMAT.max_body

NAMES = [f"Copain {chr(65 + i)}" for i in range(12)]


def a_deck(**changes: Any) -> dict[str, Any]:
    return {"language": "fr", "title": "Les copains",
            "cards": [{"name": name, "about": ""} for name in NAMES], **changes}


def stored_decks(server: ServerProcess) -> int:
    with sqlite3.connect(server.db) as conn:
        count: int = conn.execute("SELECT count(*) FROM decks").fetchone()[0]
    conn.close()
    return count


def test_a_deck_is_kept_under_a_code_and_exported_as_it_was_given(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/decks", json=a_deck())
        assert made.status_code == 201, made.text
        header = made.json()
        assert (header["title"], header["language"], header["cards"]) == ("Les copains", "fr", 12)
        code = header["code"]
        assert len(code) == 6
        exported = http.get(f"/api/decks/{code.lower()}")
        assert exported.status_code == 200
        assert exported.json() == {"code": code, **a_deck()}
        download = http.get(f"/api/decks/{code}", params={"download": "1"})
        assert download.headers["content-disposition"] == \
            f'attachment; filename="deck-{code}.json"'
        # The exported file imports again (as a new deck, with a code of its own).
        again = http.post("/api/decks", json=exported.json())
        assert again.status_code == 201 and again.json()["code"] != code


def test_a_pasted_list_is_kept_as_a_deck(server: ServerProcess) -> None:
    lines = ["Marie Curie | physicienne", "", *NAMES]
    with httpx.Client(base_url=server.base) as http:
        made = http.post("/api/decks", json={"language": "fr", "title": "Collé", "lines": lines})
        assert made.status_code == 201, made.text
        deck = http.get(f"/api/decks/{made.json()['code']}").json()
    assert deck["cards"][0] == {"name": "Marie Curie", "about": "physicienne"}
    assert len(deck["cards"]) == 13


@pytest.mark.parametrize(("body", "status", "code"), [
    (a_deck(title="Al\u202eice"), 400, "bad_text"),
    (a_deck(cards=[{"name": "\ud800", "about": ""}] * 12), 400, "bad_text"),
    (a_deck(title="x\x00"), 400, "bad_text"),
    ({"language": "fr", "title": "t", "lines": ["ok\u2066"]}, 400, "bad_text"),
    (a_deck(language="de"), 400, "bad_deck"),
    (a_deck(cards=[{"name": "n" * 61, "about": ""}] * 12), 400, "bad_deck"),
    (a_deck(cards=[{"name": "Piaf"}] * 12), 400, "bad_deck"),
    (a_deck(cards=[{"name": f"Nom {i:03}", "about": ""} for i in range(501)]), 400,
     "bad_deck"),
    (a_deck(cards=NAMES), 400, "bad_deck"),
    (a_deck(extra=1), 400, "bad_deck"),
    ({"language": "fr", "title": "t", "lines": "Piaf"}, 400, "bad_deck"),
    ({"language": "fr", "lines": NAMES}, 400, "bad_deck"),
    ({"language": "fr", "title": "t", "lines": [""] * 1001}, 400, "bad_deck"),
    ([1, 2], 400, "bad_deck"),
    (None, 400, "bad_deck"),
    ({"cards": json.loads("[" * 20 + "]" * 20)}, 400, "bad_message"),
    ({"title": 1e400}, 400, "bad_message"),
])
def test_a_hostile_deck_gets_its_code_and_keeps_nothing(server: ServerProcess, body: Any,
                                                       status: int, code: str) -> None:
    before = stored_decks(server)
    answer = httpx.post(server.base + "/api/decks",
                        content=json.dumps(body).replace("1e+400", "1e400"),
                        headers={"content-type": "application/json"})
    assert (answer.status_code, answer.json()["code"]) == (status, code), answer.text
    assert stored_decks(server) == before


@pytest.mark.parametrize(("content", "headers", "status", "code"), [
    (b"{", {"content-type": "application/json"}, 400, "bad_json"),
    (b"\xff\xfe", {"content-type": "application/json"}, 400, "bad_json"),
    (b"[" * 100_000, {"content-type": "application/json"}, 400, "bad_json"),
    (json.dumps(a_deck()).encode(), {"content-type": "text/plain"}, 415, "not_json"),
    (json.dumps(a_deck()).encode(), {"content-type": "application/json",
                                     "origin": "http://evil.example"}, 403, "bad_origin"),
    (b" " * (MAX_DECK_BODY + 1), {"content-type": "application/json"}, 413, "too_large"),
])
def test_a_body_that_is_no_deck_is_refused(server: ServerProcess, content: bytes,
                                           headers: dict[str, str], status: int,
                                           code: str) -> None:
    before = stored_decks(server)
    answer = httpx.post(server.base + "/api/decks", content=content, headers=headers)
    assert (answer.status_code, answer.json()["code"]) == (status, code)
    assert stored_decks(server) == before


def test_the_largest_deck_fits_in_the_body_bound(server: ServerProcess) -> None:
    cards = [{"name": f"Éé {i:03} " + "é" * (deck_rules.MAX_NAME - 7),
              "about": "é" * deck_rules.MAX_ABOUT} for i in range(deck_rules.MAX_CARDS)]
    body = json.dumps(a_deck(cards=cards), ensure_ascii=False).encode()
    assert len(body) <= MAX_DECK_BODY
    answer = httpx.post(server.base + "/api/decks", content=body,
                        headers={"content-type": "application/json"}, timeout=60)
    assert answer.status_code == 201, answer.text[:300]
    assert answer.json()["cards"] == deck_rules.MAX_CARDS


@pytest.mark.parametrize("code", ["ZZZZZZ", "abc", "%00", "0OOOOO", "A" * 300, "ÉÉÉÉÉÉ"])
def test_an_unknown_deck_is_no_deck(server: ServerProcess, code: str) -> None:
    answer = httpx.get(f"{server.base}/api/decks/{code}")
    assert (answer.status_code, answer.json()["code"]) == (404, "no_deck")


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(where=st.sampled_from(["title", "name", "about", "line", "language"]), text=hostile_text)
def test_hostile_text_in_any_field_of_a_deck_is_refused_or_kept_clean(
        server: ServerProcess, where: str, text: str) -> None:
    if where == "line":
        body: Any = {"language": "fr", "title": "t", "lines": [text, *NAMES]}
    elif where in ("name", "about"):
        body = a_deck(cards=[{"name": "Copain Z", "about": "", where: text},
                             *a_deck()["cards"]])
    else:
        body = a_deck(**{where: text})
    answer = httpx.post(server.base + "/api/decks", content=json.dumps(body),  # "\ud800" as is
                        headers={"content-type": "application/json"})
    said = answer.json()
    assert_clean(said)
    if answer.status_code != 201:
        assert said["code"] in KNOWN_CODES and answer.status_code == 400, said
        return
    exported = httpx.get(f"{server.base}/api/decks/{said['code']}")
    assert_clean(exported.json())


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "strict.sqlite3", "--create-burst", "3",
                            "--create-per-min", "1").start()
    yield process
    process.stop()


def test_saving_decks_counts_toward_the_address_limit(strict: ServerProcess) -> None:
    with httpx.Client(base_url=strict.base) as http:
        answers = [http.post("/api/decks", json=a_deck()) for _ in range(5)]
    assert [answer.status_code for answer in answers] == [201, 201, 201, 429, 429]
    assert answers[3].json()["code"] == "rate_limited" and "retry-after" in answers[3].headers
    assert stored_decks(strict) == 3


def test_what_one_address_keeps_of_decks_is_bounded(tmp_path: Path) -> None:
    """Three small decks fit in an address's bound, the fourth gets `decks_full`; the decks
    stay readable. (One address used to keep 235 KB decks without end.)"""
    one = len(json.dumps(a_deck()["cards"], ensure_ascii=False).encode()) + 20
    process = ServerProcess(tmp_path / "bounded.sqlite3", "--deck-bytes-per-address",
                            str(3 * one)).start()
    try:
        with httpx.Client(base_url=process.base) as http:
            answers = [http.post("/api/decks", json=a_deck()) for _ in range(4)]
            assert [answer.status_code for answer in answers] == [201, 201, 201, 507]
            assert answers[3].json()["code"] == "decks_full"
            assert http.get(f"/api/decks/{answers[0].json()['code']}").status_code == 200
        assert stored_decks(process) == 3
    finally:
        process.stop()


def test_a_deck_saved_in_one_room_is_loaded_by_code_in_another(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base) as http:
        code = http.post("/api/decks", json=a_deck()).json()["code"]
        made = http.post("/api/rooms", json={"game": "times-up", "name": "Host"}).json()
        joined = http.post(f"/api/rooms/{made['code']}/join", json={"name": "Bea"}).json()
    host = Socket(f"{server.ws_base}/ws/{made['code']}", made["token"])
    player = Socket(f"{server.ws_base}/ws/{made['code']}", joined["token"])
    try:
        for socket in (host, player):
            socket.until(lambda m: m["type"] == "room")
        host.send({"type": "lobby", "op": "use_deck", "code": code})
        room = player.until(lambda m: m["type"] == "room" and m["room"]["deck"] is not None)
        assert room["room"]["deck"] == {"title": "Les copains", "language": "fr", "cards": 12}
        host.send({"type": "lobby", "op": "use_deck", "code": "\ud800"})
        assert host.until(lambda m: m["type"] == "error")["code"] == "bad_text"
        host.send({"type": "lobby", "op": "use_deck", "code": "Z" * 17})
        assert host.until(lambda m: m["type"] == "error")["code"] == "bad_message"
        host.send({"type": "lobby", "op": "save_deck", "title": "x"})
        assert host.until(lambda m: m["type"] == "error")["code"] == "wrong_status"
        host.answers_ping()
        player.answers_ping()
    finally:
        host.ws.close()
        player.ws.close()


@settings(max_examples=300, deadline=None)
@given(data=json_values, shaped=st.booleans())
def test_any_json_is_a_deck_or_its_problems_never_a_crash(data: Any, shaped: bool) -> None:
    """The deck reader takes any parsed JSON (a body the gate let through): it answers a deck
    or `DeckProblems`, whatever it is given, shaped like a deck or not."""
    if shaped:
        data = {"language": "fr", "title": "t", "cards": data}
    try:
        deck = deck_rules.read_deck(data)
    except deck_rules.DeckProblems as refused:
        assert refused.problems and all(isinstance(line, str) for line in refused.problems)
    else:
        assert deck_rules.MIN_CARDS <= len(deck.cards) <= deck_rules.MAX_CARDS
