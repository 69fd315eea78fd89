"""The per-address limits of what costs the server work but adds nothing to its state: a QR
code drawn (one drawn lately for a GET is answered from memory, uncounted) and a shared deck
read, found or not (so that deck codes cannot be guessed quickly), against a real server with
small limits."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from serverproc import ServerProcess


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "strict.sqlite3", "--qr-burst", "3", "--qr-per-min", "1",
                            "--deck-read-burst", "3", "--deck-read-per-min", "1").start()
    yield process
    process.stop()


def test_qr_codes_drawn_count_toward_the_address_limit_and_kept_ones_do_not(
        strict: ServerProcess) -> None:
    with httpx.Client(base_url=strict.base) as http:
        for n in range(3):
            assert http.get("/api/qr.svg", params={"text": f"https://a.example/{n}"}) \
                .status_code == 200
        refused = http.get("/api/qr.svg", params={"text": "https://a.example/new"})
        assert (refused.status_code, refused.json()["code"]) == (429, "rate_limited")
        assert int(refused.headers["retry-after"]) >= 1
        posted = http.post("/api/qr.svg", json={"text": "https://a.example/#rejoin=X"})
        assert (posted.status_code, posted.json()["code"]) == (429, "rate_limited")
        for _ in range(5):  # every phone of a room asks for the same share link
            again = http.get("/api/qr.svg", params={"text": "https://a.example/0"})
            assert again.status_code == 200 and again.content.startswith(b"<svg")


def test_deck_reads_count_toward_the_address_limit_found_or_not(strict: ServerProcess) -> None:
    with httpx.Client(base_url=strict.base) as http:
        deck = http.post("/api/decks", json={"language": "fr", "title": "Nous", "lines": [
            f"Copain {chr(65 + i)}" for i in range(12)]}).json()["code"]
        assert http.get(f"/api/decks/{deck}").status_code == 200
        for guess in ("ZZZZZZ", "YYYYYY"):
            assert http.get(f"/api/decks/{guess}").json()["code"] == "no_deck"
        refused = http.get(f"/api/decks/{deck}")
        assert (refused.status_code, refused.json()["code"]) == (429, "rate_limited")
