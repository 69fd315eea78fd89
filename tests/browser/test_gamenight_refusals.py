"""A refused tap says why, in words, beside the control tapped (Chromium): a card played out of
turn in Timo's Twist, your own wire in Time Bomb. Nothing changes."""

from __future__ import annotations

from playwright.sync_api import Browser

from .gamenight import bomb_table
from .players import Player, create_room, join_room, screenshot, start_game, wait_for
from .table import phone_of, play_until, settle, sit, start
from .test_tv import timo_move

# The controls that can be tapped now (as errors.js counts them) that the refusal covers.
COVERED = """(note) => {
  const shown = note.getBoundingClientRect();
  return [...document.querySelectorAll('button:not([disabled]):not([aria-disabled="true"]), '
                                       + 'a[href], input, select, textarea')]
    .filter((el) => { const r = el.getBoundingClientRect();
                      return r.width && r.left < shown.right && shown.left < r.right
                        && r.top < shown.bottom && shown.top < r.bottom; })
    .map((el) => el.outerHTML.slice(0, 80)); }"""


def refusal_beside(player: Player, selector: str, nth: int = 0) -> str:
    """Taps the `nth` of `selector`; the refusal's words, checked to sit just below the control,
    just above it, over its panel's heading or just below the panel, covering no control that
    can be tapped now (issue 24, item 3)."""
    before = player.version()
    control = player.page.locator(selector).nth(nth)
    control.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    note = player.page.locator(".refusal")
    wait_for(lambda: note.count() == 1, player.page, what="the refusal beside the tap")
    tapped, shown = control.bounding_box(), note.bounding_box()
    assert tapped is not None and shown is not None
    below = shown["y"] - (tapped["y"] + tapped["height"])
    above = tapped["y"] - (shown["y"] + shown["height"])
    panel = control.evaluate("(el) => { const r = el.closest('.panel').getBoundingClientRect();"
                             " return [r.top, r.bottom]; }")
    over_heading = abs(shown["y"] - (panel[0] + 4)) <= 2
    under_panel = abs(shown["y"] - (panel[1] + 6)) <= 2
    assert 0 <= below <= 12 or 0 <= above <= 12 or over_heading or under_panel, (tapped, shown)
    assert note.evaluate(COVERED) == []
    assert player.version() == before
    return note.inner_text()


def test_a_card_that_cannot_be_played_now_is_refused_without_hiding_those_that_can(
    browser: Browser, server: str
) -> None:
    """On your turn, a card that does not match is refused beside it, and the refusal does not
    cover the cards of the next row that can be played."""
    seats = sit(server, "timos-twist", ["Ana", "Bea"], {"target_score": 500,
                                                       "timo_grace_ms": 0})
    start(seats)
    settle(seats)
    ana = seats[0]

    def mixed_hand() -> bool:
        view = ana.view
        plays = {action["card"] for action in view["legal"] if action["type"] == "play"}
        return view["turn"] == 0 and bool(plays) and len(plays) < len(set(view["hand"]))

    play_until(seats, timo_move, mixed_hand)
    phone = phone_of(browser, server, ana, "en-GB")
    phone.page.wait_for_selector(".hand button.card.playable")
    cards = phone.page.locator(".hand button.card")
    boxes = [cards.nth(index).bounding_box() for index in range(cards.count())]
    playable = [cards.nth(index).get_attribute("aria-disabled") is None
                for index in range(cards.count())]
    # An unplayable card with a playable one right below it, if the deal gives one: the
    # refusal's old place.
    def below_is_playable(index: int) -> bool:
        box = boxes[index]
        return any(playable[other] and boxes[other]["y"] > box["y"] + box["height"] - 1
                   and abs(boxes[other]["x"] - box["x"]) < box["width"]
                   for other in range(len(boxes)))

    unplayable = [index for index, can in enumerate(playable) if not can]
    tapped = next((index for index in unplayable if below_is_playable(index)), unplayable[0])
    text = refusal_beside(phone, ".hand button.card", tapped)
    assert text
    screenshot(phone, "gamenight-refusal-timo-mixed-hand")
    assert phone.errors == []
    phone.close()
    for seat in seats:
        seat.close()


def test_a_card_played_out_of_turn_is_refused_beside_it(browser: Browser, server: str) -> None:
    ana = Player(browser, server, "Ana")
    bea = Player(browser, server, "Bea")
    code = create_room(ana, "timos-twist", {"target_score": 500})
    join_room(bea, code)
    start_game(ana, [ana, bea])
    waiting = bea if ana.view()["turn"] == 0 else ana
    assert refusal_beside(waiting, ".hand button.card") == "It is not your turn."
    screenshot(waiting, "gamenight-refusal-timo")
    for person in (ana, bea):
        assert person.errors == [], person.errors
        person.close()


def test_your_own_wire_is_refused_beside_it(browser: Browser, server: str) -> None:
    cal, bea, tv, _ = bomb_table(browser, server, first_holder=0)
    own = cal.page.locator(".wire-row", has_text="Cal").locator("button.wire")
    assert own.first.get_attribute("aria-disabled") == "true"
    text = refusal_beside(cal, ".wire-row:has(.tag.you) button.wire")
    assert text == "Cut a wire in front of someone else."
    for person in (cal, bea, tv):
        assert person.errors == [], person.errors
        person.close()
