"""Timo's Twist played to the end by ear, in both languages: a player creates the room, adds two
bots and plays every turn through the accessibility tree alone (roles, names, labels, the ARIA
snapshot; no CSS selector, no coordinates), and what the page's live region said is checked:
the turn said once each time it comes, every move of the table in the game's words, a refusal
with its reason, the pause and its end, the round's result and the winners. The whole game's
lines are kept in test-output/."""

from __future__ import annotations

import itertools
import re
import time

import pytest
from playwright.sync_api import Browser, expect

from .screenreader import (
    Words,
    create_by_ear,
    hear,
    keep,
    listen,
    listener,
    next_line,
    said,
    visible,
)

ME = "Ida"
WAIT_MS = 20_000
GAME_S = 600


def turn_patterns(words: Words) -> list[re.Pattern[str]]:
    """Every way the game says the turn came: the status line of a player's turn."""
    keys = ["timo.your_turn", "timo.your_turn_penalty", "timo.drew", "timo.forgot"]
    return [words.pattern(key) for key in keys]


MOVES = ["moves.timo.played", "moves.timo.played_timo", "moves.timo.drew", "moves.timo.took",
         "moves.timo.passed"]


def move_patterns(words: Words, **name: str) -> list[re.Pattern[str]]:
    """A move of a player (of `name` when given); a black card's line ends with its colour."""
    return [re.compile(words.pattern(key, **name).pattern.rstrip("$")) for key in MOVES]


def matches(line: str, patterns: list[re.Pattern[str]]) -> bool:
    return any(pattern.search(line) for pattern in patterns)


def turn_said_last(lines: list[str], words: Words) -> bool:
    """Whether "your turn" was said after every move of the other players said so far."""
    turns, moves = turn_patterns(words), move_patterns(words)
    last_turn = max((i for i, line in enumerate(lines) if matches(line, turns)), default=-1)
    last_move = max((i for i, line in enumerate(lines)
                     if matches(line, moves) and not line.startswith(f"{ME} ")), default=-1)
    return last_turn > last_move


def assert_turn_said_once_per_turn(lines: list[str], words: Words) -> int:
    """Between two "your turn" lines the player moved (the turn is said when it comes, and again
    when what it asks changes: a card drawn, a catch); before each move of theirs after another
    player's, "your turn" was said. Returns how many times it was said."""
    turns, mine, moves = turn_patterns(words), move_patterns(words, name=ME), move_patterns(words)
    # A catch may come on any turn; on the player's, the turn's words change after it.
    catches = [words.pattern("moves.timo.caught", by=ME)]
    said_turns = 0
    moved_since_turn = True
    turn_open = False
    for index, line in enumerate(lines):
        if matches(line, turns):
            assert moved_since_turn, f"the turn said twice without a move between: {index} {line}"
            said_turns += 1
            moved_since_turn = False
            turn_open = True
        elif matches(line, mine):
            assert turn_open, f"a move of {ME} with no turn said before it: {index} {line}"
            moved_since_turn = True
        elif matches(line, catches):
            moved_since_turn = True
        elif matches(line, moves):
            turn_open = False  # another player's move: the next of mine needs the turn said
    return said_turns


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_timos_twist_played_to_the_end_by_ear(browser: Browser, server: str, lang: str) -> None:
    words = Words(lang)
    ida = listener(browser, server, ME, lang)
    page = ida.page
    create_by_ear(ida, words, "timos-twist", "Timo", {"target_score": "1"})
    for count in (2, 3):
        page.get_by_role("button", name=words("lobby.add_bot")).click()
        expect(page.get_by_text(words.pattern("lobby.players_range", n=count))).to_be_visible()
    page.get_by_role("button", name=words("lobby.start")).click()

    hand = page.get_by_role("group", name=words("timo.your_hand"))
    end = page.get_by_role("heading", name=words.pattern("end.title"))
    refusals = [words(f"error.{code}") for code in
                ("card_does_not_match", "must_stack_or_draw", "only_drawn_card")]
    refused = paused = False
    turns = 0
    deadline = time.monotonic() + GAME_S  # a game that never ends fails, it does not hang
    while not visible(end):
        assert time.monotonic() < deadline, said(page)[-8:]
        playable = hand.get_by_role("button", disabled=False)
        draw = page.get_by_role("button", name=re.compile(
            f"^({re.escape(words('timo.draw'))}|{words.pattern('timo.take').pattern[1:-1]})$"))
        passing = page.get_by_role("button", name=words("timo.pass"), exact=True)
        catch = page.get_by_role("button", name=words.pattern("timo.catch_who"))
        if visible(catch):
            # "… forgot TIMO: catch them!" was said: the player catches them.
            before = len(said(page))
            catch.first.click()
            hear(page, words.pattern("moves.timo.caught", by=ME), after=before)
            continue
        if not (playable.count() or visible(draw) or visible(passing)):
            page.wait_for_timeout(50)
            continue
        # The player acts once the page has said the turn after the last move of another.
        listen(page, lambda: turn_said_last(said(page), words), WAIT_MS / 1000, "the turn said")
        turns += 1
        # Every card is named as it looks: colour, number or sign, symbol.
        snapshot = hand.aria_snapshot()
        symbols = "|".join(words(f"timo.symbol.{colour}") for colour in
                           ("blue", "green", "orange", "pink"))
        named = re.search(f", ({symbols})", snapshot) or "+4" in snapshot or "★" in snapshot
        assert named, snapshot
        if playable.count():
            expect(playable.first).to_be_focused(timeout=WAIT_MS)  # the focus waits on the play
        before = len(said(page))
        if not refused and playable.count() and hand.get_by_role("button", disabled=True).count():
            # A card that does not fit, tapped anyway: the refusal is said with its reason.
            hand.get_by_role("button", disabled=True).first.press("Enter")
            hear(page, re.compile("^(" + "|".join(map(re.escape, refusals)) + ")$"), after=before)
            refused = True
            before = len(said(page))
        if playable.count():
            timo = page.get_by_role("button", name="TIMO!", pressed=False)
            if visible(timo):
                timo.click()
            playable.first.click()
            colours = page.get_by_role("group", name=words("timo.pick_colour"))
            if visible(colours):
                colours.get_by_role("button").first.click()
        elif visible(draw):
            draw.click()
        else:
            passing.click()
        next_line(page, before)
        if not paused:
            # The host pauses and resumes from the table's controls: both are said.
            page.get_by_text(words("host.tools"), exact=True).click()
            page.get_by_role("button", name=words("host.pause")).click()
            hear(page, words.pattern("pinned.paused_by", name=ME), after=before)
            page.get_by_role("button", name=words("host.resume")).click()
            hear(page, words.pattern("announce.resumed"), after=before)
            paused = True

    hear(page, words.pattern("end.winners"))
    lines = said(page)
    keep(f"timos-twist-{lang}", lines)
    assert refused and paused and turns > 2, (refused, paused, turns)
    assert assert_turn_said_once_per_turn(lines, words) >= 2
    # The round's result, then every other hand, then who won.
    over = words.pattern("moves.timo.round_over", n=1)
    result = next(i for i, line in enumerate(lines) if over.search(line))
    assert any(words.pattern("moves.timo.hand").search(line) for line in lines[result + 1:])
    # The bots' moves are told by name, in the game's words.
    bot_moves = [line for line in lines if matches(line, move_patterns(words))
                 and not line.startswith(ME)]
    assert bot_moves, lines
    # Nothing is said twice in a row.
    assert all(a != b for a, b in itertools.pairwise(lines)), lines
    assert ida.errors == []
    ida.close()
