"""What the search bot reads off the table beyond its view shapes every sample: the cards it
saw played, and heads-up what the opponent's draws gave away."""

from __future__ import annotations

from tictac.bots.search import Budget
from tictac.bots.timos_twist_search import SearchBot, determinize
from tictac.engine import Rng
from tictac.games import timos_twist
from tictac.games.timos_twist.cards import INDEX, IS_BLACK

from .table import deal, give, on_pile

QUICK = Budget(iterations=40, ms=None)


def test_heads_up_search_learns_from_a_draw_what_the_opponent_lacks() -> None:
    """Seat 0 plays blue-5; seat 1, holding no blue, no 5 and no black card, draws a card it
    cannot play and passes. From then on every sample deals seat 1's older cards from the cards
    that do not match blue-5, its one new card from anything."""
    state = deal([[], []], "blue-1")
    give(state, 0, ["blue-5", "green-2", "green-3"])
    give(state, 1, ["green-7", "pink-8", "orange-9", "pink-skip"])
    on_pile(state, ["orange-2"])
    state.turn = 0
    bot = SearchBot(0, Rng(1), QUICK)
    assert bot.act(timos_twist.view(state, 0), timos_twist.legal_actions(state, 0), True) == {
        "type": "play", "card": "blue-5"}
    timos_twist.apply(state, 0, {"type": "play", "card": "blue-5"}, 0)
    timos_twist.apply(state, 1, {"type": "draw"}, 0)
    assert state.turn == 0, "orange-2 could not be played: the turn passed on"
    view = timos_twist.view(state, 0)
    bot.act(view, timos_twist.legal_actions(state, 0), True)
    lacks = {card for card in range(54) if IS_BLACK[card] or card // 13 == 0 or card % 13 == 5}
    rng = Rng(2)
    for _ in range(100):
        sample = determinize(view, 0, rng, bot.reads)
        older = sample.hands[1][:4]
        assert not lacks.intersection(older)


def test_search_bot_keeps_the_cards_it_saw_played_in_the_discard_pile() -> None:
    state = deal([[], []], "blue-1")
    give(state, 0, ["blue-5", "green-2", "green-3"])
    give(state, 1, ["blue-7", "pink-8", "orange-9"])
    state.turn = 0
    bot = SearchBot(0, Rng(1), QUICK)
    bot.act(timos_twist.view(state, 0), timos_twist.legal_actions(state, 0), True)
    timos_twist.apply(state, 0, {"type": "play", "card": "blue-5"}, 0)
    timos_twist.apply(state, 1, {"type": "play", "card": "blue-7"}, 0)
    view = timos_twist.view(state, 0)
    bot.act(view, timos_twist.legal_actions(state, 0), True)
    played = {INDEX["blue-1"], INDEX["blue-5"]}
    assert bot.reads.played == played
    rng = Rng(3)
    for _ in range(50):
        sample = determinize(view, 0, rng, bot.reads)
        assert timos_twist.view(sample, 0) == view
        assert played <= set(sample.discard)
