"""Nim, the fourth game (issue 22 item 3), in a real `tictac serve` that finds it only by its
entry point (tests/plugins.py): the manifest lists it with its own JS module, served from the
game's folder like any plug-in's, and a person plays it to a win against a room's bot in
Chromium while the TV watches, and while its audience votes on the ballot the game declares."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser

import nim
from plugins import install_nim

from .conftest import ServerProcess
from .players import (
    Player,
    add_bots,
    create_room,
    join_room,
    screenshot,
    start_game,
    wait_for,
)


@pytest.fixture(scope="module")
def nim_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("nim")
    running = ServerProcess(folder, (), install_nim(folder / "site"))
    running.start()
    try:
        yield running.url
    finally:
        running.stop()


def test_the_manifest_lists_nim_with_the_module_of_its_own_folder(nim_server: str) -> None:
    games = {game["name"]: game for game in httpx.get(nim_server + "/api/games").json()}
    assert set(games) == {"timos-twist", "time-bomb", "times-up", "nim"}
    entry = games["nim"]
    assert (entry["module"], entry["bots"]) == ("/games/nim/client.js",
                                                ["easy", "hard", "random", "perfect"])
    served = httpx.get(nim_server + entry["module"])
    assert served.status_code == 200
    assert served.text == (Path(nim.__file__).parent / "client.js").read_text()
    assert httpx.get(nim_server + "/games/nim/__init__.py").status_code == 404


def test_a_person_takes_the_winning_matches_against_a_bot_to_the_end(
    browser: Browser, nim_server: str
) -> None:
    ann = Player(browser, nim_server, "Ann")
    code = create_room(ann, "nim", {"heaps": "3-4-5"})  # nim-sum 2: the first to move wins
    add_bots(ann, 1)
    tv = Player(browser, nim_server, "TV")
    tv.goto(f"/r/{code}/tv")
    tv.page.wait_for_selector(".tv .code-big")
    start_game(ann, [ann])
    tv.page.wait_for_selector(".tv .nim-heaps")
    screenshot(ann, "nim-play")
    play_to_the_win(ann)
    ann.page.wait_for_selector(".stage-end table.scores tr.winner >> text=Ann")
    tv.page.wait_for_selector(".tv table.scores tr.winner >> text=Ann")
    for person in (ann, tv):
        assert person.errors == [], person.errors
        person.close()


def play_to_the_win(ann: Player) -> None:
    """Ann, first to move from a winning position, takes the winning matches against the bot."""
    while not ann.view()["over"]:
        view = ann.view()
        version = ann.version()
        # Every take so far is a line of the moves list, grown from the game's events.
        wait_for(lambda view=view: ann.page.locator(".moves li").count() == len(view["taken"]),
                 ann.page, what="the moves list")
        heap, n = nim.winning_take(view["heaps"], view["misere"]) or (0, 0)
        assert n, f"Ann, playing the winning takes, faced a lost position: {view['heaps']}"
        ann.page.click(f"button[data-key=take-{heap}-{n}]")
        # Ann's take, then the bot's answer unless her take ended the game.
        wait_for(lambda version=version: ann.version() > version and (
            ann.view()["over"] or ann.view()["turn"] == 0), ann.page, what="the bot's answer")
    assert ann.view()["outcome"]["winners"] == [0]


def test_the_audience_votes_on_nims_own_ballot(browser: Browser, nim_server: str) -> None:
    """A plugged-in game's audience: Nim's `GameInfo` declares its ballot (who takes the last
    match), its texts ask the question and its module draws the results; a person who came to
    watch votes on their phone and sees at the end how the audience did."""
    ann = Player(browser, nim_server, "Ann")
    code = create_room(ann, "nim", {"heaps": "3-4-5"})
    add_bots(ann, 1)
    start_game(ann, [ann])
    zoe = Player(browser, nim_server, "Zoé")
    join_room(zoe, code)
    zoe.page.wait_for_selector(".audience[data-ballot='last-match']")
    assert zoe.page.inner_text(".audience h2") == "Who takes the last match?"
    zoe.page.click(".audience-choice[data-choice='0']")
    zoe.page.wait_for_selector(".audience-choice.chosen[data-choice='0']")
    assert zoe.page.inner_text(".audience-yours") == "Your vote: Ann"
    screenshot(zoe, "nim-audience-ballot")
    play_to_the_win(ann)
    zoe.page.wait_for_selector(".audience-results")
    assert zoe.page.locator(".audience-results p").all_inner_texts() == [
        "Ann took the last match", "1 of 1 said so"]
    ann.page.wait_for_selector(".audience-results >> text=Ann took the last match")
    for person in (ann, zoe):
        assert person.errors == [], person.errors
        person.close()
