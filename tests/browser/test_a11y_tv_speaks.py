"""The TV speaks what happened (browser speech synthesis, the TV's language), for a player who
cannot read it from the sofa: silent until its toggle is pressed, then each move's line, the
pause and the end, each a text the TV shows (but a move that comes and goes faster than it
draws), never a secret (a role of Time Bomb). Nothing is stubbed: an init script wraps
`speechSynthesis.speak` to record each utterance (its text and language) and calls it, and
records every text the page drew."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from .players import Player, wait_for
from .screenreader import Words
from .table import DRAWN_VERSION, Seat, play_until, shows_version, sit, start

SPEECH_RECORDER = """
window.__spoken = [];
window.__drawn = [];
if (window.speechSynthesis) {
  const speak = speechSynthesis.speak.bind(speechSynthesis);
  speechSynthesis.speak = (utterance) => {
    window.__spoken.push({ text: utterance.text, lang: utterance.lang });
    return speak(utterance);
  };
}
const watch = () => new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) window.__drawn.push(node.textContent);
  }
}).observe(document.body, { childList: true, subtree: true });
if (document.body) watch(); else addEventListener('DOMContentLoaded', watch);
"""


def spoken(tv: Player) -> list[dict[str, Any]]:
    said: list[dict[str, Any]] = tv.page.evaluate("() => window.__spoken")
    return said


def bomb_move(seat: Seat, view: dict[str, Any]) -> dict[str, Any] | None:
    cuts = [action for action in view["legal"] if action["type"] == "cut"]
    return cuts[0] if cuts else None


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_tv_speaks_the_moves_once_asked_and_never_a_role(
    browser: Browser, server: str, lang: str
) -> None:
    words = Words(lang)
    seats = sit(server, "time-bomb", ["Ana", "Bea", "Cal", "Dan"], {"first_holder": 0})
    tv = Player(browser, server, "TV", locale="fr-FR" if lang == "fr" else "en-GB")
    tv.context.add_init_script(SPEECH_RECORDER)
    tv.goto(f"/r/{seats[0].code}/tv")
    toggle = tv.page.get_by_role("button", name=words("tv.speak"))
    expect(toggle).to_have_attribute("aria-pressed", "false")  # off until asked
    # A whole game while it is off, its end too: nothing said.
    start(seats)
    play_until(seats, bomb_move, lambda: bool(seats[0].view["over"]))
    shows_version(tv, seats[0].version, "the first game's end")
    tv.page.wait_for_timeout(300)
    assert spoken(tv) == []  # silent by default

    # The next game, dealt and drawn (its versions count from 0 again) before the toggle.
    seats[0].lobby("play_again")
    for seat in seats:
        seat.new_game()
    start(seats)
    wait_for(lambda: tv.page.evaluate(DRAWN_VERSION) == 0, tv.page, what="the new deal drawn")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    seats[0].lobby("pause")
    seats[0].lobby("resume")
    moves = play_until(seats, bomb_move, lambda: bool(seats[0].view["over"]))
    end = words("end.title", game=seats[0].room["title"])
    wait_for(lambda: any(line["text"] == end for line in spoken(tv)), tv.page, timeout=120,
             what="the end said")
    said = spoken(tv)
    texts = [line["text"] for line in said]
    # Every cut since the toggle, the pause, the end: in the TV's language.
    cuts = [text for text in texts if words.pattern("bomb.log_cut").search(text.rsplit(" ", 1)[0])]
    assert len(cuts) == moves, texts
    assert words("tv.state.paused_by", name="Ana") in texts, texts
    assert {line["lang"] for line in said} == {lang}
    # The cut that ended the game is said as the end is drawn (the end tells it its own way:
    # the bomb, whose, or the last defusing wire); it comes just before the end's title.
    assert texts[-1] == end, texts
    assert texts[-2] in cuts, texts
    # The rest was drawn as said (the moves are not all: the ticker shows the last two, and
    # moves that come faster than the TV draws may pass under it, each still said).
    drawn: list[str] = tv.page.evaluate("() => window.__drawn")
    unseen = [text for text in texts[:-2] if not any(text in shown for shown in drawn)]
    assert [text for text in unseen if text not in cuts] == []
    # Never a role (the roles are shown at the end, in the summary: not spoken).
    roles = [words(f"bomb.role.{role}") for role in ("sherlock", "moriarty")]
    assert not [text for text in texts if any(role in text for role in roles)], texts
    assert tv.errors == []
    tv.close()
    for seat in seats:
        seat.close()
