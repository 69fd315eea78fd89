"""Presence during a game, in Chromium: a player closes the tab on their turn; every phone and
the TV show them away, then gone with a bot standing in, and the game goes on; they come back
in the same browser, their seat is theirs again, and they are told what the bot did."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .conftest import ServerProcess
from .gamenight import bomb_table
from .players import Player, screenshot, wait_for

GONE_AFTER_S = 5
# The games of this server come from a fixed seed: the stand-in's first cut is then always the
# same safe wire, so the game is still on (and the notes still shown) when the TV is looked at.
SEED = "presence"


@pytest.fixture
def quick_server(tmp_path: Path) -> Iterator[str]:
    """A server of its own where a player counts as gone after a few seconds."""
    running = ServerProcess(tmp_path, extra=("--gone-after-s", str(GONE_AFTER_S), "--seed", SEED))
    running.start()
    try:
        yield running.url
    finally:
        running.stop()


def note_of(player: Player, name: str) -> str | None:
    """The presence a screen shows for `name` ("away", "gone"), or None when it shows none:
    in the table bar of a phone, in the TV's own band (issue 24, item 1)."""
    where = ".tv-presence .tv-absent" if player.name == "TV" else ".table-bar .presence"
    notes = player.page.locator(where, has_text=name).filter(visible=True)
    return notes.first.get_attribute("data-presence") if notes.count() else None


def test_a_closed_tab_is_shown_away_then_a_bot_plays_until_its_owner_returns(
    browser: Browser, quick_server: str
) -> None:
    # Bea holds the pliers first: the game waits for her when she closes the tab.
    cal, bea, tv, code = bomb_table(browser, quick_server, first_holder=1)
    assert note_of(cal, "Bea") is None and tv.page.locator(".table-bar").is_hidden()

    bea.page.close()
    for screen in (cal, tv):
        wait_for(lambda screen=screen: note_of(screen, "Bea") == "away", screen.page,
                 what=f"Bea away on {screen.name}'s screen")
    assert cal.view()["holder"] == 1 and cal.version() == 0  # nobody moved for her yet
    screenshot(cal, "gamenight-presence-away")
    for screen in (cal, tv):
        wait_for(lambda screen=screen: note_of(screen, "Bea") == "gone", screen.page,
                 timeout=GONE_AFTER_S + 10, what=f"Bea gone on {screen.name}'s screen")
    assert "a bot plays for them" in cal.page.inner_text(".table-bar")
    # The game goes on: the stand-in cut a wire for her.
    wait_for(lambda: cal.version() >= 1, cal.page, what="the stand-in's cut")
    assert not cal.view()["over"], "this seed's first cut must be safe"
    screenshot(cal, "gamenight-presence-stand-in")
    screenshot(tv, "gamenight-tv-presence-stand-in")

    # Bea opens the room again in the same browser: her seat is hers, the note goes away.
    bea.page = bea.context.new_page()
    bea.page.on("websocket", bea._watch)
    bea.goto(f"/r/{code}")
    wait_for(lambda: bea.seat() == 1, bea.page, what="Bea back in her seat")
    for screen in (cal, tv):
        wait_for(lambda screen=screen: screen.room()["seats"][1]["presence"] == "connected",
                 screen.page, what=f"Bea connected for {screen.name}")
        wait_for(lambda screen=screen: note_of(screen, "Bea") is None, screen.page,
                 what=f"Bea back on {screen.name}'s screen")
    assert cal.room()["seats"][1]["stand_in"] is False
    # She is told what was done for her meanwhile, in words (issue 24, item 4).
    [told] = bea.messages("while_away")
    note = bea.page.locator(".away-note")
    note.wait_for()
    assert f"{told['moves']} move" in note.inner_text()
    assert told["events"][0][0]["type"] == "cut" and told["events"][0][0]["cutter"] == 1
    screenshot(bea, "gamenight-presence-while-away")
    note.get_by_role("button", name="Got it").click()
    wait_for(lambda: bea.page.locator(".away-note").count() == 0, bea.page, what="dismissed")
    for person in (cal, bea, tv):
        assert person.errors == [], person.errors
        person.close()
