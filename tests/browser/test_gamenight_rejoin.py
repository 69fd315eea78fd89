"""Taking a seat to another device, in Chromium (issue 20, item 5: a seat's key is left behind;
issue 24, item 4: after a rejoin the old device is told). Bea's phone and tablet are Chromium
profiles kept on disk, as a real browser keeps its History, sessions and ukm_db: her phone
shows a rejoin link holding a one-time code, the tablet opens it and plays Bea's seat, the
phone says the seat moved. Then no file of either profile holds a token anywhere but the
tablet's Local Storage (where the client keeps the seat it holds, docs/web.md), and the link
kept in the tablet's History opens nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
from playwright.sync_api import Browser, BrowserContext, Request

from .conftest import CHROMIUM, CHROMIUM_ARGS
from .players import (
    PHONE,
    Player,
    add_bots,
    create_room,
    join_room,
    screenshot,
    start_game,
    wait_for,
)


def profile(browser: Browser, folder: Path) -> BrowserContext:
    """A Chromium profile in `folder` that lives on after the browser closes."""
    return browser.browser_type.launch_persistent_context(
        str(folder), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=PHONE,
        locale="en-GB")


def holding(folder: Path, secret: str) -> Iterator[Path]:
    """Every file under `folder` whose bytes hold `secret` (as ASCII or as UTF-16)."""
    wanted = (secret.encode(), secret.encode("utf-16-le"))
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes()
            if any(form in data for form in wanted):
                yield path.relative_to(folder)


def saved_token(player: Player, code: str) -> str:
    seat = player.page.evaluate(f"JSON.parse(localStorage.getItem('tictac.seat.play.{code}'))")
    token: str = seat["token"]
    return token


def test_a_rejoin_link_moves_the_seat_and_leaves_no_key_in_either_profile(
    browser: Browser, server: str, tmp_path: Path
) -> None:
    cal = Player(browser, server, "Cal")
    code = create_room(cal, "time-bomb", {"first_holder": 0})
    phone_dir, tablet_dir = tmp_path / "phone", tmp_path / "tablet"
    bea = Player(browser, server, "Bea", context=profile(browser, phone_dir))
    join_room(bea, code)
    add_bots(cal, 2)
    start_game(cal, [cal, bea])
    old_token = saved_token(bea, code)

    asked: list[Request] = []
    bea.page.on("request", lambda request: asked.append(request))
    bea.page.click("details.rejoin summary")
    wait_for(lambda: bea.page.evaluate(
        "() => (document.querySelector('img.rejoin-qr') || {}).naturalWidth > 0"),
        bea.page, what="the rejoin QR code")
    link = bea.page.input_value("#rejoin-link")
    found = re.fullmatch(rf"{re.escape(server)}/r/{code}#rejoin=([\w-]+)", link)
    assert found is not None, link
    assert all(old_token not in request.url for request in asked)
    made = [request for request in asked if request.url.endswith("/rejoin-code")]
    assert [request.headers.get("authorization") for request in made] == [f"Bearer {old_token}"]
    screenshot(bea, "gamenight-rejoin")

    # A made-up code gives no seat: the join form, as for anyone new, and a word why.
    stranger = Player(browser, server, "Stranger")
    stranger.goto(f"/r/{code}#rejoin=not-a-code-of-this-room")
    stranger.page.wait_for_selector("#join-name")
    assert stranger.seat() is None
    stranger.page.wait_for_selector("text=already used or has expired")

    # The tablet opens the link: Bea's seat, and the code leaves the address bar.
    tablet = Player(browser, server, "Bea's tablet", context=profile(browser, tablet_dir))
    tablet.page.goto(link)
    wait_for(lambda: tablet.seat() == 1, tablet.page, what="Bea's seat on the tablet")
    assert tablet.room()["you"]["name"] == "Bea"
    assert "#" not in tablet.page.url
    new_token = saved_token(tablet, code)
    assert new_token != old_token
    # The phone is told, in words, and lets the seat go.
    bea.page.wait_for_selector("[data-lost='rejoin.moved']")
    assert "Your seat moved to another device" in bea.page.inner_text("h1")
    assert bea.page.evaluate(f"localStorage.getItem('tictac.seat.play.{code}')") is None
    screenshot(bea, "gamenight-rejoin-moved")

    # The tablet plays: Bea's claim.
    before = tablet.version()
    tablet.page.select_option("#claim-defusing", "1")
    tablet.page.click("form.claim-form button[type=submit]")
    wait_for(lambda: tablet.version() > before, tablet.page, what="Bea's claim from the tablet")
    for person in (cal, bea, stranger, tablet):
        assert person.errors == [], person.errors
        person.close()  # the profiles write their History, sessions and ukm_db to disk

    everywhere = {name: {token: sorted(map(str, holding(folder, token)))
                         for token in (old_token, new_token)}
                  for name, folder in (("phone", phone_dir), ("tablet", tablet_dir))}
    kept = "Default/Local Storage/"
    stray = {name: {token[:6]: [path for path in paths if not path.startswith(kept)]
                    for token, paths in found_in.items()}
             for name, found_in in everywhere.items()}
    assert stray == {name: {old_token[:6]: [], new_token[:6]: []} for name in stray}, stray
    assert everywhere["tablet"][new_token], "the tablet keeps the seat it holds"
    # What the phone's Local Storage may still hold of its old token opens nothing now, and
    # the link in the tablet's History was used.
    with httpx.Client(base_url=server) as http:
        old = http.get(f"/api/rooms/{code}/replay",
                       headers={"Authorization": f"Bearer {old_token}"})
        assert old.json()["code"] == "seat_moved"
        again = http.post(f"/api/rooms/{code}/rejoin", json={"rejoin": found.group(1)})
        assert again.json()["code"] == "bad_rejoin"
