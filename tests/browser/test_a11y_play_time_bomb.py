"""Time Bomb played to the end by ear, in both languages: a player creates the room, adds three
bots and plays through the accessibility tree alone (roles, names, labels, the ARIA snapshot):
their role heard while the role card is held down, a claim made through the form's labels,
every cut of theirs on a wire named like "Wire 2 of Bot 1, face down". The live region says
each cut and claim of the table, "you hold the pliers" once each time they come, a refusal
with its reason, and who won."""

from __future__ import annotations

import itertools
import re
import time

import pytest
from playwright.sync_api import Browser, expect

from .screenreader import Words, create_by_ear, hear, keep, listen, listener, said, visible

ME = "Ida"
WAIT_MS = 20_000
GAME_S = 600


def cut_by(words: Words, **who: str) -> re.Pattern[str]:
    """A cut's line: "{cutter} cut a wire of {target}: <kind>"."""
    return re.compile(words.pattern("bomb.log_cut", **who).pattern.rstrip("$"))


def test_cut_patterns_fit_the_page_words() -> None:
    words = Words("en")
    assert cut_by(words, cutter=ME).search("Ida cut a wire of Bot 1: safe")
    assert not cut_by(words, cutter=ME).search("Bot 1 cut a wire of Ida: safe")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_time_bomb_played_to_the_end_by_ear(browser: Browser, server: str, lang: str) -> None:
    words = Words(lang)
    ida = listener(browser, server, ME, lang)
    page = ida.page
    create_by_ear(ida, words, "time-bomb", "Time Bomb",
                  {"first_holder": words("opt.time-bomb.first_holder.0")})
    # Each bot that comes to the lobby is said by name; one removed is said to leave.
    came = re.compile(words.pattern("announce.joined").pattern.replace(".+", "(.+)"))
    for count in (2, 3, 4, 5):
        before = len(said(page))
        page.get_by_role("button", name=words("lobby.add_bot")).click()
        expect(page.get_by_text(words.pattern("lobby.players_range", n=count))).to_be_visible()
        bot = came.search(said(page)[hear(page, came, after=before)])
    assert bot, said(page)
    before = len(said(page))
    page.get_by_role("button", name=words("lobby.remove_who", name=bot[1])).click()
    hear(page, words.pattern("announce.left", name=bot[1]), after=before)
    expect(page.get_by_text(words.pattern("lobby.players_range", n=4))).to_be_visible()
    page.get_by_role("button", name=words("lobby.start")).click()

    # The role, heard while the card is held down (Space), gone when let go.
    role_card = page.get_by_role("button", name=words("bomb.hold_role"))
    role_card.focus()
    page.keyboard.down(" ")
    roles = "|".join(re.escape(words(f"bomb.role.{role}")) for role in ("sherlock", "moriarty"))
    held = page.get_by_role("button", name=re.compile(roles))
    expect(held).to_be_visible()
    page.keyboard.up(" ")
    expect(role_card).to_be_visible()

    turn = words.pattern("bomb.your_cut")
    end = page.get_by_role("heading", name=words.pattern("end.title"))
    wires = page.get_by_role("list", name=words("bomb.table"))
    claimed = refused = False
    cuts = 0
    deadline = time.monotonic() + GAME_S  # a game that never ends fails, it does not hang
    while not visible(end):
        assert time.monotonic() < deadline, said(page)[-8:]
        if not claimed and visible(page.get_by_label(words("bomb.claim_defusing"))):
            # A claim through the form's labels: said back in the game's words.
            before = len(said(page))
            page.get_by_label(words("bomb.claim_defusing")).select_option("1")
            page.get_by_role("button", name=words("bomb.claim_go")).click()
            hear(page, words.pattern("bomb.log_claim", name=ME), after=before)
            claimed = True
            continue
        cuttable = wires.get_by_role("button", name=words.pattern("bomb.wire"), disabled=False)
        if not cuttable.count():
            page.wait_for_timeout(50)
            continue
        listen(page, lambda: turn_said_last(said(page), words, turn), WAIT_MS / 1000, "the turn")
        if cuts:  # (the first turn's focus went to the role card, which the player pressed)
            expect(cuttable.first).to_be_focused(timeout=WAIT_MS)
        before = len(said(page))
        if not refused:
            # Each wire named as a sighted player sees it: whose, which, face down.
            snapshot = wires.aria_snapshot()
            assert words("bomb.wire", n=1, name=ME) in snapshot, snapshot
            # One of the player's own wires, tapped anyway: refused, and why.
            own = wires.get_by_role("button", name=words("bomb.wire", n=1, name=ME))
            own.press("Enter")
            hear(page, re.compile(f"^{re.escape(words('error.cut_yourself'))}$"), after=before)
            refused = True
            before = len(said(page))
        cuttable.first.click()
        hear(page, cut_by(words, cutter=ME), after=before)
        cuts += 1

    # The end: who won, then the winning team and why, as the end screen shows them.
    at = hear(page, words.pattern("end.winners"))
    lines = said(page)
    teams = [words(f"bomb.won.{team}") for team in ("sherlock", "moriarty")]
    assert lines[at + 1] in teams, lines[at:]
    expect(page.get_by_role("heading", name=lines[at + 1], exact=True)).to_be_visible()
    why = [words.pattern(f"bomb.reason.{reason}")
           for reason in ("defused", "exploded", "exploded_by", "time_up")]
    assert any(reason.search(lines[at + 2]) for reason in why), lines[at:]
    expect(page.get_by_text(lines[at + 2], exact=True).first).to_be_visible()
    keep(f"time-bomb-{lang}", lines)
    assert claimed and refused and cuts >= 1, (claimed, refused, cuts)
    # "You hold the pliers" once each time they come: never twice without a cut between.
    turns = [i for i, line in enumerate(lines) if turn.search(line)]
    assert turns
    for first, second in itertools.pairwise(turns):
        assert any(cut_by(words, cutter=ME).search(line) for line in lines[first:second]), lines
    # The other players' cuts are said, by name.
    assert any(cut_by(words).search(line) and not line.startswith(ME) for line in lines), lines
    assert ida.errors == []
    ida.close()


def turn_said_last(lines: list[str], words: Words, turn: re.Pattern[str]) -> bool:
    """Whether "you hold the pliers" was said after the last cut said."""
    last_turn = max((i for i, line in enumerate(lines) if turn.search(line)), default=-1)
    last_cut = max((i for i, line in enumerate(lines) if cut_by(words).search(line)), default=-1)
    return last_turn > last_cut
