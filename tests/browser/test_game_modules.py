"""The browser's game-module contract (issue 22, item 5): static/gamemodule.js writes down what
a game's JS module exports, with one signature each, and `loadGame` refuses a module that does
not follow it. Every game's module, the built-in ones and the plugged-in ones (Count Up by
`--games`, Nim by its entry point), is loaded in Chromium and checked export by export; a module
that drops `summary` or changes its arity is refused; the lobby of a game whose module does not
load says so in the reader's language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Route

from plugins import install_nim

from .conftest import ServerProcess
from .players import Player, create_room, screenshot, wait_for

STATIC = Path(__file__).resolve().parents[2] / "src" / "tictac" / "web" / "static"
CONTRACT = STATIC / "gamemodule.js"
EVERY_GAME = {"timos-twist", "time-bomb", "times-up", "count-up", "nim"}

CHECK_EVERY_MODULE = """async () => {
  const { contractProblems } = await import('/static/gamemodule.js');
  const problems = {};
  for (const game of await (await fetch('/api/games')).json()) {
    problems[game.name] = contractProblems(await import(game.module));
  }
  return problems;
}"""

LOAD = """async (name) => {
  const { loadGame } = await import('/static/games.js');
  try { await loadGame(name); return 'loaded'; } catch (error) { return error.message; }
}"""


@pytest.fixture(scope="module")
def every_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("modules")
    running = ServerProcess(folder, ("--games", "count-up=toygame"), install_nim(folder / "site"))
    running.start()
    try:
        yield running.url
    finally:
        running.stop()


def top_level_parameters(signature: str) -> int:
    """How many parameters the arrow type `(a: A, b: B<C, D>) => R` names."""
    depth, count, seen = 0, 1, False
    for char in signature[signature.index("(") + 1:]:
        if char in "(<[{":
            depth += 1
        elif char in ")>]}":
            if depth == 0:
                break
            depth -= 1
        elif char == "," and depth == 0:
            count += 1
        elif not char.isspace():
            seen = True
    return count if seen else 0


def test_the_checked_exports_are_the_typedefs_with_its_parameter_counts() -> None:
    """No browser: the table `contractProblems` checks against says what the typedef says."""
    source = CONTRACT.read_text(encoding="utf-8")
    typedef = source[source.index("@typedef {object} GameModule"):]
    typedef = typedef[:typedef.index("*/")]
    written: dict[str, dict[str, Any]] = {}
    for line in typedef.splitlines():
        found = re.search(r"@property \{(.*)\} (\[?)(\w+)\]?", line)
        if found:
            kind, optional, name = found.groups()
            shape: dict[str, Any] = ({"params": top_level_parameters(kind)} if "=>" in kind
                                     else {"table": True})
            written[name] = {**shape, "required": not optional}
    table = source[source.index("export const EXPORTS"):]
    table = table[:table.index("};")]
    checked = {}
    for name, body in re.findall(r"^\s+(\w+): \{ (.*) \},$", table, re.M):
        params = re.search(r"params: (\d+)", body)
        shape = {"params": int(params.group(1))} if params else {"table": True}
        checked[name] = {**shape, "required": "required: true" in body}
    assert {"mount", "tv", "summary", "describe", "optionApplies", "lobbyPanel", "cue",
            "sounds"} <= written.keys()
    assert checked == written
    assert written["summary"] == {"params": 3, "required": True}


def test_every_games_module_follows_the_contract(browser: Browser, every_game: str) -> None:
    page = Player(browser, every_game, "Checker")
    page.goto("/")
    problems = page.page.evaluate(CHECK_EVERY_MODULE)
    assert problems == {name: [] for name in EVERY_GAME}
    assert page.errors == []
    page.close()


# The sounds the TV played for these events when tv.js knew the games' events (before issue 22):
# each game's module now says them.
CUES = [
    ("timos-twist", {"type": "played", "timo": True}, "timo"),
    ("timos-twist", {"type": "played", "timo": False}, "play"),
    ("timos-twist", {"type": "timo"}, "timo"),
    ("timos-twist", {"type": "drew"}, "draw"),
    ("timos-twist", {"type": "caught"}, "draw"),
    ("timos-twist", {"type": "passed"}, None),
    ("time-bomb", {"type": "cut", "kind": "bomb"}, "bomb"),
    ("time-bomb", {"type": "cut", "kind": "safe"}, "cut"),
    ("time-bomb", {"type": "claimed"}, None),
    ("times-up", {"type": "card_found"}, "found"),
    ("times-up", {"type": "turn_ended", "reason": "time_up"}, "timeup"),
    ("times-up", {"type": "turn_ended", "reason": "skipped"}, None),
]


def test_each_games_module_names_the_sounds_of_its_events(
    browser: Browser, every_game: str
) -> None:
    page = Player(browser, every_game, "Ears")
    page.goto("/")
    said = page.page.evaluate("""async (cases) => {
      const { loadGame } = await import('/static/games.js');
      const out = [];
      for (const [name, event] of cases) {
        const game = await loadGame(name);
        const cue = game.cue(event);
        // a name the game gives is one of its own sounds, or a shared one of sound.js
        const shared = ['turn', 'five', 'timeup'];
        const known = cue === null || cue in game.sounds || shared.includes(cue);
        out.push([name, event, known ? cue : `unknown ${cue}`]);
      }
      return out;
    }""", [[name, event] for name, event, _ in CUES])
    assert [tuple(entry) for entry in said] == CUES
    page.close()


def serve_changed(page: Any, path: str, change: tuple[str, str]) -> None:
    """The page gets the module at `path` with one piece of its text replaced."""
    def answer(route: Route) -> None:
        text = route.fetch().text()
        assert change[0] in text, change[0]
        route.fulfill(body=text.replace(*change), content_type="text/javascript")
    page.route(f"**{path}", answer)


@pytest.mark.parametrize("game, path, change, refusal", [
    ("time-bomb", "/static/time-bomb.js",
     ("export function summary(view, room, moves)", "function summary(view, room, moves)"),
     "no summary"),
    ("times-up", "/static/times-up.js",
     ("export function summary(view, room, moves)", "export function summary(view, room)"),
     "summary takes 2 parameters, not 3"),
    ("count-up", "/games/count-up/client.js",
     ("export function tv(view, room, feed)",
      "export const tv = 'the count'; function drawn(view, room, feed)"),
     "tv is not a function"),
])
def test_a_module_that_breaks_the_contract_is_refused(
    browser: Browser, every_game: str, game: str, path: str, change: tuple[str, str],
    refusal: str,
) -> None:
    page = Player(browser, every_game, "Checker")
    serve_changed(page.page, path, change)
    page.goto("/")
    assert page.page.evaluate(LOAD, game) == f"{path}: {refusal}"
    page.close()


@pytest.mark.parametrize("locale, said", [
    ("en-GB", "This game's screens could not be loaded. Reload the page to try again."),
    ("fr-FR", "Les écrans de ce jeu n'ont pas pu être chargés. Rechargez la page pour réessayer."),
])
@pytest.mark.page_errors_expected
def test_a_lobby_whose_game_module_fails_says_so(
    browser: Browser, every_game: str, locale: str, said: str
) -> None:
    host = Player(browser, every_game, "Ann", locale=locale)
    code = create_room(host, "time-bomb")
    guest = Player(browser, every_game, "Bea", locale=locale)
    guest.page.route("**/static/time-bomb.js", lambda route: route.fulfill(status=503, body="down"))
    guest.goto(f"/r/{code}")
    guest.page.fill("#join-name", guest.name)
    guest.page.click("form.join-room button[type=submit]")
    alert = guest.page.locator(".host-tools [role=alert]")
    alert.wait_for()
    assert alert.inner_text() == said
    screenshot(guest, f"lobby-game-failed-{locale[:2]}")
    # the reason is the page's error, for whoever opens the console
    wait_for(lambda: any("time-bomb.js" in error for error in guest.errors), guest.page,
             what="the page's error")
    assert host.errors == []
    host.close()
    guest.close()
