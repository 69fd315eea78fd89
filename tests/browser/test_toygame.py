"""A fourth game in one place: Count Up (tests/toygame/: its Python module, its rules pages and
one JS module) is added to a real `tictac serve` by `--games` alone, then created, played to the
end and watched on the TV in Chromium, like the built-in games."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Route, WebSocketRoute

from .conftest import ServerProcess
from .players import Player, create_room, join_room, screenshot, start_game, wait_for

TESTS = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def toy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    running = ServerProcess(tmp_path_factory.mktemp("toy"), ("--games", "count-up=toygame"),
                            {"PYTHONPATH": str(TESTS)})
    running.start()
    try:
        yield running.url
    finally:
        running.stop()


def test_the_manifest_names_the_toy_games_own_module_and_serves_only_its_client_files(
    toy_server: str,
) -> None:
    games = {game["name"]: game for game in httpx.get(toy_server + "/api/games").json()}
    assert set(games) == {"timos-twist", "time-bomb", "times-up", "count-up"}
    toy = games["count-up"]
    assert (toy["module"], toy["rules"]) == ("/games/count-up/client.js", "/games/count-up/rules")
    assert toy["bots"] == ["random"] and toy["min_players"] == 2
    assert games["timos-twist"]["module"] == "/static/timos-twist.js"
    client = httpx.get(toy_server + toy["module"])
    assert client.status_code == 200
    assert client.text == (TESTS / "toygame" / "client.js").read_text()
    assert httpx.get(toy_server + "/games/count-up/rules.fr.json").json()["title"]
    for hidden in ("__init__.py", "missing.js", "..", "%2e%2e%2fconftest.py"):
        assert httpx.get(f"{toy_server}/games/count-up/{hidden}").status_code == 404, hidden
    # A built-in game's folder is not served: its screens are the web client's.
    assert httpx.get(toy_server + "/games/times-up/__init__.py").status_code == 404


def test_two_people_play_count_up_to_the_end_with_the_tv_watching(
    browser: Browser, toy_server: str
) -> None:
    ann = Player(browser, toy_server, "Ann")
    bob = Player(browser, toy_server, "Bob")
    code = create_room(ann, "count-up", {"target": 7})
    join_room(bob, code)
    tv = Player(browser, toy_server, "TV")
    tv.goto(f"/r/{code}/tv")
    tv.page.wait_for_selector(".tv .code-big")
    start_game(ann, [ann, bob])
    tv.page.wait_for_selector(".tv .count-up")
    screenshot(ann, "count-up-play")
    people = {0: ann, 1: bob}
    while not ann.view()["over"]:
        view = ann.view()
        mover = people[view["turn"]]
        # the mover's page may not have drawn the move Ann's shows yet
        seen = ann.version()
        wait_for(lambda mover=mover, seen=seen: mover.version() >= seen, mover.page,
                 what="the mover's view")
        version = mover.version()
        # The mover's screen offers exactly the legal additions; take the largest.
        legal = sorted(action["n"] for action in mover.view()["legal"])
        buttons = [mover.page.locator(f"button[data-key=add-{n}]").count() for n in legal]
        assert buttons == [1] * len(legal)
        mover.page.click(f"button[data-key=add-{legal[-1]}]")
        wait_for(lambda mover=mover, version=version: mover.version() > version, mover.page,
                 what="the count moved")
        wait_for(lambda mover=mover: ann.version() == mover.version(), ann.page, what="Ann's view")
    final = ann.view()
    assert final["count"] == 7
    # With additions of 2 from 0 to 7 (2, 4, 6, then 1), the fourth move wins: Bob's.
    assert final["outcome"]["winners"] == [1]
    ann.page.wait_for_selector(".stage-end >> text=Bob")
    tv.page.wait_for_selector(".tv table.scores tr.winner >> text=Bob")
    ann.page.goto(toy_server + "/rules/count-up")
    ann.page.wait_for_selector("h1 >> text=Count Up")
    for person in (ann, bob, tv):
        assert person.errors == [], person.errors
        person.close()


def test_views_that_come_while_the_games_module_loads_reach_its_screen_in_order(
    browser: Browser, toy_server: str
) -> None:
    """A spectator's page is still fetching the game's module (held back here) while four moves
    are made; once it arrives the screen shows the latest count, and every move's events, in
    order (the moves list grows only from events)."""
    ann = Player(browser, toy_server, "Ann")
    watcher = Player(browser, toy_server, "Wes")
    code = create_room(ann, "count-up", {"target": 30})
    ann.page.click("text=Add a bot")
    wait_for(lambda: len(ann.room()["seats"]) == 2, ann.page, what="the bot")
    held: list[Route] = []
    watcher.page.route("**/games/count-up/client.js", lambda route: held.append(route))
    watcher.goto(f"/r/{code}")
    watcher.page.fill("#join-name", watcher.name)
    watcher.page.click("text=Just watch")
    wait_for(lambda: watcher.room() is not None, watcher.page, what="the spectator's room")
    start_game(ann, [ann, watcher])
    wait_for(lambda: held, watcher.page, what="the module requested")
    for _ in range(2):  # Ann adds 2, the bot answers
        version = ann.version()
        ann.page.click("button[data-key=add-2]")
        wait_for(lambda version=version: ann.version() == version + 2, ann.page, what="two moves")
    wait_for(lambda: watcher.version() == 4, watcher.page, what="the spectator's four views")
    assert watcher.page.locator(".moves").count() == 0  # the module is still on its way
    held[0].continue_()
    watcher.page.wait_for_selector(".moves li >> nth=3")
    said = ann.view()["said"]
    bot = ann.room()["seats"][1]["name"]
    names = {0: "Ann", 1: bot}
    expected = []
    previous = 0
    for seat, count in said:
        expected.append(f"{names[seat]} +{count - previous} = {count}")
        previous = count
    assert watcher.page.locator(".moves li").all_inner_texts() == expected
    assert watcher.page.locator(".count-up").inner_text() == f"The count: {said[-1][1]} of 30"
    for person in (ann, watcher):
        assert person.errors == [], person.errors
        person.close()


def test_a_missed_view_makes_the_page_ask_once_for_the_whole_picture(
    browser: Browser, toy_server: str
) -> None:
    """The socket between a spectator's page and the server loses the view of version 2: the
    page sees the gap at version 3, sends one `sync` (besides the one every connect sends) and
    shows the latest count."""
    ann = Player(browser, toy_server, "Ann")
    watcher = Player(browser, toy_server, "Wes")
    code = create_room(ann, "count-up", {"target": 30})
    ann.page.click("text=Add a bot")
    wait_for(lambda: len(ann.room()["seats"]) == 2, ann.page, what="the bot")
    sent: list[dict[str, Any]] = []
    dropped: list[int] = []

    def lose_version_2(page_side: WebSocketRoute) -> None:
        server_side = page_side.connect_to_server()

        def to_server(message: str | bytes) -> None:
            sent.append(json.loads(message))
            server_side.send(message)

        def to_page(message: str | bytes) -> None:
            parsed = json.loads(message)
            if parsed["type"] == "view" and parsed["version"] == 2 and not dropped:
                dropped.append(2)
                return
            page_side.send(message)

        page_side.on_message(to_server)
        server_side.on_message(to_page)

    watcher.page.route_web_socket("**/ws/**", lose_version_2)
    watcher.goto(f"/r/{code}")
    watcher.page.fill("#join-name", watcher.name)
    watcher.page.click("text=Just watch")
    start_game(ann, [ann])
    watcher.page.wait_for_selector(".count-up")
    for _ in range(2):  # Ann adds 1, the bot answers: versions 1 to 4
        version = ann.version()
        ann.page.click("button[data-key=add-1]")
        wait_for(lambda version=version: ann.version() == version + 2, ann.page, what="two moves")
    count = ann.view()["count"]
    wait_for(lambda: watcher.page.locator(".count-up").inner_text() == f"The count: {count} of 30",
             watcher.page, what="the latest count")
    assert dropped == [2]
    assert [message for message in sent if message["type"] == "sync"] == [{"type": "sync"}] * 2
    for person in (ann, watcher):
        assert person.errors == [], person.errors
        person.close()
