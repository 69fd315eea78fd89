"""The share link's QR code comes from the server (`GET /api/qr.svg`, drawn by segno): the
symbol it serves is segno's own for exactly the link the page prints, and the lobby and the TV
show it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
import segno
from playwright.sync_api import Browser

from .conftest import ServerProcess
from .players import Player, create_room, wait_for

SVG_NS = "{http://www.w3.org/2000/svg}"
QUIET_ZONE = 4


def modules_of(svg: bytes) -> list[str]:
    """The dark modules the SVG draws, row by row ("1" dark), read back from its path: `M`/`m`
    move (the y of a row is its middle, +0.5), `h` draws a run of dark modules."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    size = int(root.attrib["viewBox"].split()[2])
    grid = [["0"] * size for _ in range(size)]
    paths = {element.attrib.get("stroke") or element.attrib["fill"]: element
             for element in root.iter(f"{SVG_NS}path")}
    # Black on a white square of the whole symbol, so a dark page does not hide it.
    assert paths.keys() == {"#000", "#fff"}
    assert paths["#fff"].attrib["d"] == f"M0 0h{size}v{size}h-{size}z"
    x = y = 0.0
    steps = re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", paths["#000"].attrib["d"])
    for command, a, b in steps:
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:
            for column in range(int(x), int(x + float(a))):
                grid[int(y)][column] = "1"
            x += float(a)
    inner = grid[QUIET_ZONE:size - QUIET_ZONE]
    return ["".join(row[QUIET_ZONE:size - QUIET_ZONE]) for row in inner]


def segno_modules(text: str) -> list[str]:
    symbol = segno.make_qr(text, error="m")
    return ["".join("1" if cell else "0" for cell in row) for row in symbol.matrix]


@pytest.mark.parametrize("link", ["http://127.0.0.1:8000/r/ABCDE",
                                  "https://jeux.example.org/r/K7M2Q", "é" * 40])
def test_the_served_svg_is_segnos_symbol_of_the_link(server: str, link: str) -> None:
    answer = httpx.get(server + "/api/qr.svg", params={"text": link})
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/svg+xml"
    assert modules_of(answer.content) == segno_modules(link)
    other = httpx.get(server + "/api/qr.svg", params={"text": link + "X"}).content
    assert modules_of(other) != segno_modules(link)


@pytest.mark.parametrize("query", ["", "?text=", "?text=" + "x" * 513])
def test_a_missing_or_too_long_text_is_refused_with_bad_message(server: str, query: str) -> None:
    answer = httpx.get(server + "/api/qr.svg" + query)
    assert answer.status_code == 400
    assert answer.json()["code"] == "bad_message"


def test_the_lobby_and_the_tv_show_the_qr_of_the_link_they_print(
    browser: Browser, server: str
) -> None:
    host = Player(browser, server, "Ada")
    code = create_room(host, "time-bomb")
    tv = Player(browser, server, "TV")
    tv.goto(f"/r/{code}/tv")
    for person, printed in ((host, ".share .link"), (tv, ".tv .link")):
        image = person.page.locator("img.qr")
        image.wait_for()
        wait_for(lambda image=image: image.evaluate("el => el.complete && el.naturalWidth > 0"),
                 person.page, what="the QR image loaded")
        link = person.page.locator(printed).inner_text()
        assert link == f"{server}/r/{code}"
        shown = parse_qs(urlsplit(image.get_attribute("src") or "").query)["text"]
        assert shown == [link]
        assert link in (image.get_attribute("alt") or "")
    for person in (host, tv):
        assert person.errors == [], person.errors
        person.close()


def test_a_tv_on_loopback_shows_the_qr_of_the_lan_address_when_serving_every_interface(
    browser: Browser, tmp_path: Path
) -> None:
    """`--host 0.0.0.0`, the TV opened through 127.0.0.1: what its QR code encodes (read back
    from the SVG the page loaded) and the link it prints name the server's LAN address."""
    everywhere = ServerProcess(tmp_path, extra=("--host", "0.0.0.0"))
    everywhere.start()
    try:
        lan = httpx.get(everywhere.url + "/api/share").json()["origin"]
        assert lan and urlsplit(lan).port == everywhere.port
        assert urlsplit(lan).hostname not in ("127.0.0.1", "localhost")
        host = Player(browser, everywhere.url, "Ada")
        code = create_room(host, "time-bomb")
        tv = Player(browser, everywhere.url, "TV")
        tv.goto(f"/r/{code}/tv")
        image = tv.page.locator(".tv-qr img.qr")
        image.wait_for()
        svg = httpx.get(everywhere.url + (image.get_attribute("src") or "")).content
        assert modules_of(svg) == segno_modules(f"{lan}/r/{code}")
        assert modules_of(svg) != segno_modules(f"{everywhere.url}/r/{code}")
        assert tv.page.locator(".tv .link").inner_text() == f"{lan}/r/{code}"
        for person in (host, tv):
            assert person.errors == [], person.errors
            person.close()
    finally:
        everywhere.stop()
